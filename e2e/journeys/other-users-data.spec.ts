import { expect, test } from '../fixtures/test.js';
import { productRow } from '../fixtures/ui.js';

test("another user's cart, product edit and delete are refused with a clear message, and nothing changes", async ({
  signedInPage: page,
  user: intruder,
  makeSeller,
  fillCart,
  api,
  tokenFor,
}) => {
  const {
    user: owner,
    products: [product],
  } = await makeSeller({ quantity: 60, minSellQty: 2 });
  const ownerToken = await fillCart([[product, 4]], owner);
  const cartBefore = await api.cart(ownerToken, owner.email);
  const productBefore = (await api.getProduct(product._id)).body;

  // Someone else's cart: refused with a sentence and a way to the visitor's own cart.
  await page.goto(`/carts/${owner.email}`);
  await expect(page.getByRole('heading', { name: 'Cart Page' })).toBeVisible();
  await expect(page.getByText('You can only view your own cart.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to my cart' })).toHaveAttribute('href', `/carts/${intruder.email}`);
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Remove/ })).toHaveCount(0);

  // Someone else's product: the update page refuses up front and shows no form.
  await page.goto(`/update-product/${product._id}`);
  await expect(page.getByRole('heading', { name: 'Update Product' })).toBeVisible();
  await expect(page.getByText(`Only the seller (${owner.email}) can edit`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update', exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Product name')).toHaveCount(0);

  // Its details page offers buying, but neither Update nor Delete.
  await page.goto(`/product-details/${product._id}`);
  await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
  await expect(page.getByText('Only the seller can edit or delete this product.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Update' })).toHaveCount(0);

  // Someone else's listings (where Delete lives) are not shown either.
  await page.goto(`/my-products/${owner.email}`);
  await expect(page.getByText('You can only see your own listings.')).toBeVisible();
  await expect(productRow(page, product.name)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // Straight at the API with the intruder's own token: refused with a sentence, nothing changes.
  const intruderToken = await tokenFor(intruder);
  const cartRead = await api.raw<{ code: string; message: string }>('GET', `/carts/${owner.email}`, intruderToken);
  expect(cartRead.status).toBe(403);
  expect(cartRead.body.code).toBe('FORBIDDEN');
  const listRead = await api.raw('GET', `/my-products/${owner.email}`, intruderToken);
  expect(listRead.status).toBe(403);
  const put = await api.raw<{ code: string; message: string }>('PUT', `/products/${product._id}`, intruderToken, {
    name: 'Hijacked',
  });
  expect(put.status).toBe(403);
  expect(put.body.message).toMatch(/\w+ \w+/);
  const del = await api.raw<{ code: string; message: string }>('DELETE', `/products/${product._id}`, intruderToken);
  expect(del.status).toBe(403);
  expect(del.body.code).toBe('FORBIDDEN');
  const removeItem = await api.raw('DELETE', `/carts/${cartBefore[0]?._id}`, intruderToken);
  expect(removeItem.status).toBe(403);

  expect((await api.getProduct(product._id)).body).toEqual(productBefore);
  expect(await api.cart(ownerToken, owner.email)).toEqual(cartBefore);
});
