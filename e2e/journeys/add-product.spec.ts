import { uniqueId } from '../fixtures/auth-emulator.js';
import { expect, test } from '../fixtures/test.js';
import { acknowledge, pageUntilVisible, productCard, productRow, searchProducts } from '../fixtures/ui.js';

test('a product added through the form shows up in every list', async ({ signedInPage: page, user, api, tokenFor }) => {
  const name = `Harbour Brass Desk Lamp ${uniqueId()}`;

  await page
    .getByRole('banner')
    .getByRole('link', { name: /add product/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/add-products$/);
  await page.getByLabel('Product name').fill(name);
  await page.getByLabel(/^Image URL/).fill('/images/products/wireless-anc-headphones.svg');
  await page.getByLabel(/^Quantity/).fill('240');
  await page.getByLabel('Min sell quantity').fill('12');
  await page.getByLabel(/^Brand/).fill('Harbour Lighting');
  await page.getByLabel('Category').selectOption({ label: 'Office & stationary' });
  await page.getByLabel(/^Price/).fill('18.75');
  await page.getByLabel(/^Rating/).fill('4.5');
  await page.getByLabel('Description').fill('Solid brass desk lamp with a linen shade.');
  await page.getByLabel(/^Product content/).fill('One lamp, one E27 bulb, a quick-start card.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await acknowledge(page, 'Your data been saved successfully');
  // The form empties itself for the next product.
  await expect(page.getByLabel('Product name')).toHaveValue('');

  // What the server stored, owned by the signed-in user.
  const mine = await api.myProducts(await tokenFor(user), user.email);
  const saved = mine.find((p) => p.name === name);
  expect(saved).toMatchObject({
    email: user.email,
    quantity: 240,
    minSellQty: 12,
    brand: 'Harbour Lighting',
    category: 'office&stationary',
    price: 18.75,
    rating: 4.5,
  });

  // All Products, table view, through the search box.
  await page.goto('/all-products');
  await searchProducts(page, name);
  const row = productRow(page, name);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Harbour Lighting');
  await expect(row).toContainText('Office & stationary');
  await expect(row).toContainText('240');
  await expect(row).toContainText('$18.75');
  await expect(row.getByRole('link', { name: 'Details' })).toHaveAttribute('href', `/product-details/${saved?._id}`);
  await expect(row.getByRole('link', { name: 'Update' })).toHaveAttribute('href', `/update-product/${saved?._id}`);

  // Card view keeps the search.
  await page.getByRole('button', { name: 'Card View' }).click();
  const card = productCard(page, name);
  await expect(card).toBeVisible();
  await expect(card).toContainText('Harbour Lighting');
  await expect(card).toContainText('$18.75');
  await expect(card).toContainText('12');

  // Its category page, browsing the pages (the newest product comes last).
  await page.goto('/categories/office&stationary');
  await expect(page.getByRole('heading', { name: 'Products in Category: office&stationary' })).toBeVisible();
  await pageUntilVisible(page, productCard(page, name));

  // All categories, browsing the pages as well.
  await page.goto('/categories');
  await expect(page.getByRole('heading', { name: 'Products in Category: All' })).toBeVisible();
  await pageUntilVisible(page, productCard(page, name));
  await productCard(page, name)
    .getByRole('link', { name: /Details/ })
    .click();
  await expect(page).toHaveURL(`/product-details/${saved?._id}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // My products.
  await page.goto(`/my-products/${user.email}`);
  const myRow = productRow(page, name);
  await expect(myRow).toBeVisible();
  await expect(myRow.getByRole('button', { name: 'Delete' })).toBeVisible();
});
