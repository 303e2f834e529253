import { expect, test } from '../fixtures/test.js';
import { acknowledge, alertDialog, detail } from '../fixtures/ui.js';

test('buying below the minimum is refused; a valid quantity goes into the cart and lowers the stock', async ({
  signedInPage: page,
  user,
  makeSeller,
  api,
  tokenFor,
}) => {
  const {
    products: [product],
  } = await makeSeller({ quantity: 300, minSellQty: 5, price: 7.25 });
  const buyerToken = await tokenFor(user);

  await page.goto(`/product-details/${product._id}`);
  await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
  await page.getByRole('button', { name: 'Buy', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Confirm Purchase' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveValue(user.displayName);
  await expect(dialog.getByLabel('Name')).not.toBeEditable();
  await expect(dialog.getByLabel('Email')).toHaveValue(user.email);
  await expect(dialog.getByLabel('Email')).not.toBeEditable();
  const quantity = dialog.getByRole('spinbutton', { name: 'Quantity' });
  await expect(quantity).toHaveValue('1');
  // Minus cannot take the quantity below 1.
  await expect(dialog.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();

  // Below the minimum: a warning, and nothing is sent.
  await dialog.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(quantity).toHaveValue('2');
  await dialog.getByRole('button', { name: 'Buy Now' }).click();
  await acknowledge(page, 'Minimum Order Not Met', 'You must buy at least 5 units.');
  expect(await api.quantityOf(product._id)).toBe(300);
  expect(await api.cart(buyerToken, user.email)).toEqual([]);
  await expect(dialog).toBeVisible();

  // Typing, then the stepper: 6 + 1 = 7 units.
  await quantity.fill('6');
  await dialog.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(quantity).toHaveValue('7');
  await expect(dialog).toContainText('$50.75');
  await dialog.getByRole('button', { name: 'Buy Now' }).click();
  await expect(alertDialog(page, 'Purchase successful!')).toBeVisible();
  await expect(page).toHaveURL(`/carts/${user.email}`);
  await acknowledge(page, 'Purchase successful!');

  await expect(page.getByText('Cart Page')).toBeVisible();
  const item = page.getByRole('article').filter({ hasText: product.name });
  await expect(item).toHaveCount(1);
  await expect(detail(item, 'Quantity')).toHaveText('7');
  await expect(item).toContainText('Line total: $50.75');
  await expect(page.getByText(/Total items/)).toContainText('1');

  expect(await api.quantityOf(product._id)).toBe(293);
  const cart = await api.cart(buyerToken, user.email);
  expect(cart).toHaveLength(1);
  expect(cart[0]).toMatchObject({
    productId: product._id,
    buyQuantity: 7,
    userEmail: user.email,
    displayName: user.displayName,
  });
});
