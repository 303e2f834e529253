import { CART_REMOVE_TOAST_MS } from '@b2b/shared';
import { expect, test } from '../fixtures/test.js';
import { detail, toast } from '../fixtures/ui.js';

test('Undo in the Removed from cart toast buys the item again: back in the cart, the stock taken again', async ({
  signedInPage: page,
  user,
  makeSeller,
  fillCart,
  api,
}) => {
  const {
    products: [product],
  } = await makeSeller({ quantity: 60, minSellQty: 4 });
  const buyerToken = await fillCart([[product, 9]]);

  await page.goto(`/carts/${user.email}`);
  const item = page.getByRole('article').filter({ hasText: product.name });
  await expect(detail(item, 'Quantity')).toHaveText('9');
  await item.getByRole('button', { name: /Remove/ }).click();

  const removed = toast(page, 'Removed from cart');
  await expect(removed).toBeVisible();
  await expect(item).toHaveCount(0);
  await removed.getByRole('button', { name: 'Undo' }).click();

  await expect(toast(page, `“${product.name}” is back in your cart`)).toBeVisible();
  await expect(detail(item, 'Quantity')).toHaveText('9');
  expect(await api.quantityOf(product._id)).toBe(51);
  const cart = await api.cart(buyerToken, user.email);
  expect(cart.map((c) => [c.productId, c.buyQuantity])).toEqual([[product._id, 9]]);
});

test('the toast, and its Undo, goes after 1500 ms', async ({ signedInPage: page, user, makeSeller, fillCart }) => {
  const {
    products: [product],
  } = await makeSeller({ quantity: 10, minSellQty: 1 });
  await fillCart([[product, 2]]);
  await page.goto(`/carts/${user.email}`);
  await page
    .getByRole('article')
    .filter({ hasText: product.name })
    .getByRole('button', { name: /Remove/ })
    .click();
  const removed = toast(page, 'Removed from cart');
  await expect(removed.getByRole('button', { name: 'Undo' })).toBeVisible();
  const shownAt = Date.now();
  await expect(removed).toBeHidden({ timeout: 5_000 });
  // 1500 ms on screen, then react-hot-toast's exit animation.
  expect(Date.now() - shownAt).toBeGreaterThan(1_200);
  expect(Date.now() - shownAt).toBeLessThan(3_500);
});

test("an Undo the stock no longer allows is refused with the API's reason", async ({
  signedInPage: page,
  user,
  makeUser,
  makeSeller,
  fillCart,
  api,
  tokenFor,
  allowHttp,
}) => {
  const {
    products: [product],
  } = await makeSeller({ quantity: 10, minSellQty: 1 });
  await fillCart([[product, 6]]);
  const otherBuyer = await tokenFor(await makeUser());

  await page.goto(`/carts/${user.email}`);
  await page
    .getByRole('article')
    .filter({ hasText: product.name })
    .getByRole('button', { name: /Remove/ })
    .click();
  const removed = toast(page, 'Removed from cart');
  await expect(removed).toBeVisible();
  const undo = removed.getByRole('button', { name: 'Undo' });
  // Focus on Undo holds the toast: the other buyer's purchase below can take longer than the
  // toast's 1500 ms on a busy machine (CI: the toast had gone, and the click with it).
  await undo.focus();
  // While the toast shows, another buyer takes 8 of the 10 units now in stock.
  await api.buy(otherBuyer, product._id, 8);
  allowHttp({ url: /\/api\/carts$/, status: 409, method: 'POST' });
  await undo.click();

  await expect(page.getByRole('status').filter({ hasText: 'Not enough stock: only 2 units available.' })).toBeVisible();
  await expect(page.getByText('No data found in your cart.')).toBeVisible();
  expect(await api.quantityOf(product._id)).toBe(2);
});

test('from the keyboard: Remove moves focus to Undo, the toast waits for it, and Enter brings the item back', async ({
  signedInPage: page,
  user,
  makeSeller,
  fillCart,
}) => {
  const {
    products: [product],
  } = await makeSeller({ quantity: 10, minSellQty: 1 });
  await fillCart([[product, 2]]);
  // The page's clock, so the test can move time on instead of waiting it out.
  await page.clock.install();
  await page.goto(`/carts/${user.email}`);
  const item = page.getByRole('article').filter({ hasText: product.name });
  await item.getByRole('button', { name: /Remove/ }).focus();
  await page.keyboard.press('Enter');

  const removed = toast(page, 'Removed from cart');
  const undo = removed.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeFocused();
  await expect(item).toHaveCount(0);
  // Longer than a toast shows for a mouse user, and its way out: this one holds focus, so it waits.
  await page.clock.runFor(CART_REMOVE_TOAST_MS + 2_000);
  await expect(undo).toBeVisible();
  await page.keyboard.press('Enter');

  await expect(toast(page, `“${product.name}” is back in your cart`)).toBeVisible();
  await expect(detail(item, 'Quantity')).toHaveText('2');
  await expect(page.getByRole('heading', { level: 1, name: 'Cart Page' })).toBeFocused();
});
