import { expect, test } from '../fixtures/test.js';
import { acknowledge, alertDialog, productRow } from '../fixtures/ui.js';

test('update with and without changes, then delete with cancel and with confirm', async ({
  signedInPage: page,
  user,
  api,
  tokenFor,
}) => {
  const product = await api.createProduct(await tokenFor(user), {
    quantity: 120,
    minSellQty: 4,
    price: 9.5,
    brand: 'Old Brand',
  });
  const newName = `${product.name} (revised)`;

  // With changes.
  await page.goto(`/my-products/${user.email}`);
  await productRow(page, product.name).getByRole('link', { name: 'Update' }).click();
  await expect(page).toHaveURL(`/update-product/${product._id}`);
  const name = page.getByLabel('Product name');
  await expect(name).toHaveValue(product.name);
  await expect(page.getByLabel(/^Quantity/)).toHaveValue('120');
  await expect(page.getByLabel('Category')).toHaveValue('electronics');
  await name.fill(newName);
  await page.getByLabel(/^Price/).fill('11.25');
  await page.getByLabel(/^Brand/).fill('New Brand');
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await acknowledge(page, 'Product updated successfully');
  await expect(page).toHaveURL(/\/all-products/);
  const updated = (await api.getProduct(product._id)).body;
  expect(updated).toMatchObject({ name: newName, price: 11.25, brand: 'New Brand', quantity: 120, minSellQty: 4 });

  // Without changes: nothing is modified and the page says so.
  await page.goto(`/update-product/${product._id}`);
  await expect(page.getByLabel('Product name')).toHaveValue(newName);
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await acknowledge(page, 'No changes made', "You didn't modify any fields.");
  expect((await api.getProduct(product._id)).body.updatedAt).toBe(updated.updatedAt);

  // Delete, then cancel: still there.
  await page.goto(`/my-products/${user.email}`);
  const row = productRow(page, newName);
  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = alertDialog(page, 'Are you sure you want to delete this product?');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();
  expect((await api.getProduct(product._id)).status).toBe(200);

  // Delete, then confirm: gone from the list and from the API.
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await acknowledge(page, 'Product deleted successfully!');
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No products found.')).toBeVisible();
  expect((await api.getProduct(product._id)).status).toBe(404);
  expect(await api.myProducts(await tokenFor(user), user.email)).toEqual([]);
});
