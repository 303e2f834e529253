import { buildShipTo } from '@b2b/shared/testing';
import { uniqueId } from '../fixtures/auth-emulator.js';
import { expect, test } from '../fixtures/test.js';
import { acknowledge, detail } from '../fixtures/ui.js';

/*
 * Wholesale trade rules end to end (issue 19): a seller lists a product sold in packs, with a
 * maximum per order and volume prices, through the form; a buyer crosses a tier in two purchases
 * (24, then 36, with the tier at 48): both cart lines move to the tier price, and the order is
 * charged at it.
 */
test('a seller lists a pack product with volume prices; a buyer crosses a tier in two purchases and checks out at the tier price', async ({
  signedInPage: page,
  user: seller,
  makeUser,
  pageFor,
  api,
  tokenFor,
}) => {
  const name = `Copy Paper A4, ream ${uniqueId()}`;
  const sku = `CP-${uniqueId()}`;

  // The seller fills the form; the ladder's mistake is marked on its row before anything is sent.
  await page.goto('/add-products');
  await page.getByLabel('Product name').fill(name);
  await page.getByLabel(/^SKU/).fill(sku);
  await page.getByLabel('Category').selectOption({ label: 'Office & stationary' });
  await page.getByLabel(/^Quantity/).fill('600');
  await page.getByLabel('Min sell quantity').fill('12');
  await page.getByLabel(/^Pack size/).fill('6');
  await page.getByLabel(/^Max per order/).fill('120');
  await page.getByLabel(/^Price \(USD, net\)/).fill('10');
  await page.getByRole('button', { name: 'Add a tier' }).click();
  await page.getByLabel('Tier 1: From quantity').fill('48');
  await page.getByLabel('Tier 1: Unit price (USD)').fill('9.20');
  await page.getByRole('button', { name: 'Add a tier' }).click();
  await page.getByLabel('Tier 2: From quantity').fill('96');
  await page.getByLabel('Tier 2: Unit price (USD)').fill('9.50');
  // Straight on to Add: leaving the box marks the mistake (moving Add down), and the press still adds a row.
  await page.getByRole('button', { name: 'Add a tier' }).click();
  const mistake = "Tier 2: the price must be less than tier 1's (9.20).";
  await expect(page.getByText(mistake)).toBeVisible();
  await expect(page.getByLabel('Tier 2: Unit price (USD)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Tier 3: From quantity')).toBeFocused();
  await page.getByRole('button', { name: 'Remove tier 3' }).click();
  await expect(page.getByRole('button', { name: /^Remove tier/ })).toHaveCount(2);
  await page.getByLabel('Tier 2: Unit price (USD)').fill('8.50');
  await expect(page.getByText(mistake)).toBeHidden();
  await expect(
    page.getByText('Buyers pay $10.00 each, $9.20 each from 48 units, $8.50 each from 96 units.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, 'Your data been saved successfully');

  const saved = (await api.myProducts(await tokenFor(seller), seller.email)).find((p) => p.name === name);
  expect(saved).toMatchObject({
    sku,
    packSize: 6,
    minSellQty: 12,
    maxOrderQty: 120,
    price: 10,
    priceTiers: [
      { minQty: 48, price: 9.2 },
      { minQty: 96, price: 8.5 },
    ],
  });
  const productId = saved?._id ?? '';

  // The buyer sees the rules on the product page.
  const buyer = await makeUser();
  const buyerToken = await tokenFor(buyer);
  const shop = await pageFor(buyer);
  await shop.goto(`/product-details/${productId}`);
  await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(shop.getByText(`SKU: ${sku}`)).toBeVisible();
  const rules = shop.getByRole('list', { name: 'Ordering rules' });
  await expect(rules).toContainText('Sold in packs of 6');
  await expect(rules).toContainText('Max 120 per order');
  const ladder = shop.getByRole('table', { name: `Volume prices of ${name}` });
  await expect(ladder.getByRole('row')).toHaveCount(4);
  await expect(ladder.getByText('Your cart')).toHaveCount(0);

  // First purchase: the stepper starts at the minimum and moves in packs; 25 is explained, not sent.
  await shop.getByRole('button', { name: 'Buy', exact: true }).click();
  let dialog = shop.getByRole('dialog', { name: 'Confirm Purchase' });
  const quantity = dialog.getByRole('spinbutton', { name: 'Quantity' });
  await expect(quantity).toHaveValue('12');
  await expect(dialog).toContainText('Sold in packs of 6.');
  await dialog.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(quantity).toHaveValue('18');
  await quantity.fill('25');
  await expect(dialog.getByText('Sold in packs of 6: choose 24 or 30.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Buy Now' }).click();
  await acknowledge(shop, 'Not a whole number of packs', 'Sold in packs of 6: choose 24 or 30.');
  expect(await api.cart(buyerToken, buyer.email)).toEqual([]);
  await dialog.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(quantity).toHaveValue('24');
  await expect(dialog).toContainText('24 × $10.00');
  await dialog.getByRole('button', { name: 'Buy Now' }).click();
  await expect(shop).toHaveURL(`/carts/${buyer.email}`);
  await acknowledge(shop, 'Purchase successful!');
  const first = shop.getByRole('article').filter({ hasText: name });
  await expect(detail(first, 'Unit price')).toHaveText('$10.00');
  await expect(first).toContainText('Next price: 24 more for $9.20 each.');

  // Second purchase: the page marks the tier the cart reaches; 36 more reach the next one for every unit.
  await shop.goto(`/product-details/${productId}`);
  await expect(ladder.getByRole('row').filter({ hasText: 'Your cart' })).toContainText('12–47');
  await expect(shop.getByText(/^Your cart holds 24 units of this product, at \$10\.00 each\./)).toBeVisible();
  await shop.getByRole('button', { name: 'Buy', exact: true }).click();
  dialog = shop.getByRole('dialog', { name: 'Confirm Purchase' });
  await expect(dialog).toContainText('Your cart already holds 24 units.');
  await dialog.getByRole('spinbutton', { name: 'Quantity' }).fill('36');
  await expect(dialog).toContainText('36 × $9.20');
  await expect(dialog).toContainText(
    'Volume price: $9.20 each instead of $10.00, for the 24 units already in your cart too.',
  );
  await expect(dialog).toContainText('Next price: 36 more for $8.50 each.');
  await dialog.getByRole('button', { name: 'Buy Now' }).click();
  await expect(shop).toHaveURL(`/carts/${buyer.email}`);
  await acknowledge(shop, 'Purchase successful!');

  // Both lines are at the tier price: the total of the product decides, not each line.
  const lines = shop.getByRole('article').filter({ hasText: name });
  await expect(lines).toHaveCount(2);
  for (const line of await lines.all()) {
    await expect(detail(line, 'Unit price')).toHaveText('$9.20 (list $10.00)');
    await expect(line).toContainText('Your cart holds 60 units of this product in all.');
  }
  const summary = shop.getByRole('complementary', { name: 'Summary' });
  await expect(summary).toContainText('Volume savings$48.00');
  await expect(summary).toContainText('Grand total$552.00');
  const cart = await api.cart(buyerToken, buyer.email);
  expect(cart.map((item) => [item.buyQuantity, item.price, item.listPrice]).sort()).toEqual([
    [24, 9.2, 10],
    [36, 9.2, 10],
  ]);

  // Checkout at the tier price; the order page shows the SKU and the unit price charged.
  await shop.getByRole('link', { name: 'Checkout' }).click();
  const review = shop.getByRole('list', { name: 'Orders to place' });
  await expect(review).toContainText('24 × $9.20 (list $10.00)');
  await expect(review).toContainText('36 × $9.20 (list $10.00)');
  const address = buildShipTo();
  await shop.getByLabel(/Name or company/).fill(address.name);
  await shop.getByLabel(/Address line 1/).fill(address.line1);
  await shop.getByLabel(/^City/).fill(address.city);
  await shop.getByLabel(/^Country/).fill(address.country);
  await shop.getByRole('button', { name: 'Place order' }).click();
  await expect(shop.getByRole('heading', { name: 'Thank you, your order is placed' })).toBeVisible();
  await shop.getByRole('link', { name: /^B2B-\d{6,}$/ }).click();
  const orderLines = shop.getByRole('table', { name: /^Lines of order/ });
  await expect(orderLines.getByRole('row').filter({ hasText: name })).toHaveCount(2);
  for (const row of await orderLines.getByRole('row').filter({ hasText: name }).all()) {
    await expect(row).toContainText(`SKU: ${sku}`);
    await expect(row).toContainText('$9.20');
    await expect(row).toContainText('list $10.00');
  }
  await expect(orderLines.getByRole('row', { name: /Total/ })).toContainText('$552.00');

  const [order] = await api.orders(buyerToken);
  expect(order?.total).toBe(552);
  const placed = await api.order(buyerToken, order?._id ?? '');
  expect(placed.lines.map((line) => [line.quantity, line.price, line.listPrice, line.sku]).sort()).toEqual([
    [24, 9.2, 10, sku],
    [36, 9.2, 10, sku],
  ]);
});
