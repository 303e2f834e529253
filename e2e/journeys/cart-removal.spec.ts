import { expect, test } from '../fixtures/test.js';
import { detail, toast } from '../fixtures/ui.js';

test('removing a cart item shows the toast, drops the item and restores the stock exactly', async ({
  signedInPage: page,
  user,
  makeSeller,
  fillCart,
  api,
}) => {
  const {
    products: [removed, kept],
  } = await makeSeller({ quantity: 50, minSellQty: 2 }, { quantity: 80, minSellQty: 1 });
  const buyerToken = await fillCart([
    [removed, 8],
    [kept, 3],
  ]);
  expect(await api.quantityOf(removed._id)).toBe(42);

  await page.goto(`/carts/${user.email}`);
  const item = page.getByRole('article').filter({ hasText: removed.name });
  const other = page.getByRole('article').filter({ hasText: kept.name });
  await expect(item).toBeVisible();
  await expect(detail(item, 'Quantity')).toHaveText('8');
  await expect(other).toBeVisible();
  await expect(page.getByText(/Total items/)).toContainText('2');

  await item.getByRole('button', { name: /Remove/ }).click();
  await expect(toast(page, 'Removed from cart')).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect(other).toBeVisible();
  await expect(page.getByText(/Total items/)).toContainText('1');

  expect(await api.quantityOf(removed._id)).toBe(50);
  expect(await api.quantityOf(kept._id)).toBe(77);
  const cart = await api.cart(buyerToken, user.email);
  expect(cart.map((c) => c.productId)).toEqual([kept._id]);

  // A reload shows the server's state, not a cached list.
  await page.reload();
  await expect(other).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: removed.name })).toHaveCount(0);
});
