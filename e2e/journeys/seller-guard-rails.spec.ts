import { uniqueId } from '../fixtures/auth-emulator.js';
import { expect, test } from '../fixtures/test.js';
import { acknowledge, alertDialog } from '../fixtures/ui.js';

const WARNING = /The minimum order \(1,000 units\) is more than the stock \(40 units\): buyers cannot order this/;

test('a minimum order above the stock is pointed out; the seller fixes it or saves anyway', async ({
  signedInPage: page,
  user,
  api,
  tokenFor,
}) => {
  const name = `Guard Rail Crate ${uniqueId()}`;
  await page.goto('/add-products');
  await page.getByLabel('Product name').fill(name);
  await page.getByLabel(/^Quantity/).fill('40');
  await page.getByLabel('Min sell quantity').fill('1000');
  await page.getByLabel('Category').selectOption({ label: 'Others' });
  await page.getByLabel(/^Price/).fill('2.5');
  await expect(page.getByText(WARNING)).toBeVisible();

  // Fix it: nothing is saved and the cursor waits in Quantity.
  await page.getByRole('button', { name: 'Submit' }).click();
  const ask = alertDialog(page, 'Save with a minimum above the stock?');
  await expect(ask).toContainText(WARNING);
  await ask.getByRole('button', { name: 'Fix it' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByLabel(/^Quantity/)).toBeFocused();
  expect(await api.myProducts(await tokenFor(user), user.email)).toEqual([]);

  // Save anyway: saved as typed.
  await page.getByRole('button', { name: 'Submit' }).click();
  await ask.getByRole('button', { name: 'Save anyway' }).click();
  await acknowledge(page, 'Your data been saved successfully');
  const [saved] = await api.myProducts(await tokenFor(user), user.email);
  expect(saved).toMatchObject({ name, quantity: 40, minSellQty: 1000 });

  // Update warns the same way, counting an emptied field as its stored value.
  await page.goto(`/update-product/${saved?._id}`);
  await expect(page.getByLabel('Product name')).toHaveValue(name);
  await expect(page.getByText(WARNING)).toBeVisible();
  await page.getByLabel(/^Quantity/).fill('5000');
  await expect(page.getByText(WARNING)).toHaveCount(0);
});

test('a seller sees no Buy on their own product; a buyer sees Buy and the minimum beside the stepper', async ({
  signedInPage: page,
  user,
  makeUser,
  api,
  tokenFor,
  pageFor,
}) => {
  const mine = await api.createProduct(await tokenFor(user), { quantity: 5000, minSellQty: 1200 });
  await page.goto(`/product-details/${mine._id}`);
  await expect(page.getByRole('heading', { name: mine.name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Update' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy', exact: true })).toHaveCount(0);
  await expect(page.getByText('This is your product: buyers see a Buy button here.')).toBeVisible();

  const buyerPage = await pageFor(await makeUser());
  await buyerPage.goto(`/product-details/${mine._id}`);
  await buyerPage.getByRole('button', { name: 'Buy', exact: true }).click();
  const dialog = buyerPage.getByRole('dialog', { name: 'Confirm Purchase' });
  const quantity = dialog.getByRole('spinbutton', { name: 'Quantity' });
  await expect(quantity).toHaveValue('1');
  const minimum = dialog.getByText('Minimum order: 1,200 units.');
  await expect(minimum).toBeVisible();
  // Beside the stepper: on the same line, to its right.
  const [field, hint] = [await quantity.boundingBox(), await minimum.boundingBox()];
  expect(hint && field && hint.x > field.x + field.width).toBe(true);
  expect(hint && field && Math.abs(hint.y + hint.height / 2 - (field.y + field.height / 2)) < field.height).toBe(true);

  await dialog.getByRole('button', { name: 'Buy the minimum' }).click();
  await expect(quantity).toHaveValue('1200');
  await dialog.getByRole('button', { name: 'Buy Now' }).click();
  await acknowledge(buyerPage, 'Purchase successful!');
  expect(await api.quantityOf(mine._id)).toBe(3800);
});
