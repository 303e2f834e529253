import { buildShipTo } from '@b2b/shared/testing';
import { uniqueId } from '../fixtures/auth-emulator.js';
import { expect, test } from '../fixtures/test.js';
import { toast } from '../fixtures/ui.js';

/*
 * Contract prices (issue 38; docs/architecture.md, "Contract prices"): a seller makes a price
 * list for a buyer company with a price and a tier; the company's buyer sees "Your price" on the
 * product, buys through quick order and checks out, and the order carries the contract price; a
 * buyer outside the company sees and pays the list price. Not tagged @engine: the rule, its one
 * statement and the checkout run on both engines in the API suite (test/routes/price-lists.test.ts);
 * what the browser adds here does not depend on the engine.
 */

test('a seller gives a company a contract price with a tier; its buyer sees and pays it through quick order and checkout; another buyer pays the list price', async ({
  makeUser,
  makeSeller,
  pageFor,
  api,
  tokenFor,
}) => {
  // Three people in three browsers: longer than the default journey.
  test.slow();
  const id = uniqueId();
  const sku = `PAN-${id}`;
  const {
    user: seller,
    products: [pan],
  } = await makeSeller({
    name: `Frying pan 28 cm ${id}`,
    sku,
    price: 10,
    quantity: 1000,
    minSellQty: 1,
    packSize: 1,
  });
  const [buyer, outsider] = [
    await makeUser({ displayName: 'Kim Buyer' }),
    await makeUser({ displayName: 'Out Sider' }),
  ];
  const buyerToken = await tokenFor(buyer);
  const outsiderToken = await tokenFor(outsider);
  await api.createCompany(buyerToken, `Rahman Restaurants ${id}`);
  // The outsider has signed in to the shop too (a seller can only name known accounts).
  await api.orders(outsiderToken);

  // The seller makes the list: the company by its buyer's email, the pan at 8.90, 8.20 from 100.
  const sellerPage = await pageFor(seller);
  await sellerPage.goto('/price-lists');
  await expect(sellerPage.getByRole('heading', { level: 1, name: 'Price lists' })).toBeVisible();
  await sellerPage.getByLabel('Name of a new price list').fill(`Rahman 2027 ${id}`);
  await sellerPage.getByRole('button', { name: 'Create price list' }).click();
  await expect(sellerPage.getByRole('heading', { level: 1, name: `Rahman 2027 ${id}` })).toBeVisible();

  const customers = sellerPage.getByRole('form', { name: 'Add a customer' });
  await customers.getByLabel('Customer’s email').fill(buyer.email);
  await customers.getByRole('button', { name: 'Add customer' }).click();
  await expect(toast(sellerPage, `Rahman Restaurants ${id} (every member) is on this list.`)).toBeVisible();

  const editor = sellerPage.getByRole('form', { name: 'Add a product to the list' });
  await editor.getByLabel('Find a product by SKU or name').fill(sku);
  await editor.getByRole('button', { name: new RegExp(pan.name) }).click();
  await editor.getByLabel('Contract price (USD)').fill('8.90');
  await editor.getByRole('button', { name: 'Add a tier' }).click();
  await editor.getByLabel('Tier 1: From quantity').fill('100');
  await editor.getByLabel('Tier 1: Unit price (USD)').fill('8.20');
  await expect(editor.getByText('Buyers pay $8.90 each, $8.20 each from 100 units.')).toBeVisible();
  await editor.getByRole('button', { name: 'Add to list' }).click();
  await expect(toast(sellerPage, `${pan.name}: $8.90 on this list.`)).toBeVisible();
  const line = sellerPage.getByRole('row').filter({ hasText: pan.name });
  await expect(line).toContainText('$10.00');
  await expect(line).toContainText('$8.90');
  await expect(line).toContainText('from 100: $8.20');

  // The company's buyer sees "Your price" on the product, with the list price beside it.
  const buyerPage = await pageFor(buyer);
  await buyerPage.goto(`/product-details/${pan._id}`);
  await expect(buyerPage.getByText('Your price')).toBeVisible();
  await expect(buyerPage.getByText('$8.90').first()).toBeVisible();
  await expect(buyerPage.getByText(`Agreed in “Rahman 2027 ${id}” · Always valid`)).toBeVisible();

  // Quick order at the contract price, then checkout.
  await buyerPage.goto('/quick-order');
  await buyerPage.getByLabel('Paste lines').fill(`${sku}\t10`);
  await buyerPage.getByRole('button', { name: 'Preview' }).click();
  const preview = buyerPage.getByRole('table', { name: 'Quick order preview' });
  await expect(preview).toContainText('$89.00');
  await buyerPage.getByRole('button', { name: 'Add to cart' }).click();
  await expect(buyerPage.getByRole('status').filter({ hasText: 'added to your cart' })).toContainText(
    '1 of 1 line was added to your cart.',
  );
  await buyerPage.goto('/checkout');
  const address = buildShipTo();
  await buyerPage.getByLabel(/Name or company/).fill(address.name);
  await buyerPage.getByLabel(/Address line 1/).fill(address.line1);
  await buyerPage.getByLabel(/^City/).fill(address.city);
  await buyerPage.getByLabel(/^Country/).fill(address.country);
  await buyerPage.getByRole('button', { name: 'Place order' }).click();
  await expect(buyerPage.getByRole('heading', { name: 'Thank you, your order is placed' })).toBeVisible();
  const [placed] = await api.orders(buyerToken);
  const order = await api.order(buyerToken, placed?._id ?? '');
  expect(order.lines.map((l) => [l.productId, l.quantity, l.price, l.listPrice])).toEqual([[pan._id, 10, 8.9, 10]]);
  expect(order.total).toBe(89);

  // A buyer outside the company sees and pays the list price.
  const outsiderPage = await pageFor(outsider);
  await outsiderPage.goto(`/product-details/${pan._id}`);
  await expect(outsiderPage.getByRole('heading', { level: 1, name: pan.name })).toBeVisible();
  await expect(outsiderPage.getByText('$10.00').first()).toBeVisible();
  await expect(outsiderPage.getByText('Your price')).toHaveCount(0);
  await api.buy(outsiderToken, pan._id, 10);
  const [item] = await api.cart(outsiderToken, outsider.email);
  expect(item?.price).toBe(10);
});
