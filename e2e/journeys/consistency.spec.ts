import type { Locator } from '@playwright/test';
import { expect, test } from '../fixtures/test.js';
import { alertDialog, listSettled, noSidewaysScroll, productCard, productRow } from '../fixtures/ui.js';

const PHONE = { width: 375, height: 812 };

const background = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);

test('at 375 px All Products opens as cards without sideways scrolling; the table stays a tap away', async ({
  signedInPage: page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/all-products');
  await expect(page.getByRole('button', { name: 'Card View' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await listSettled(page);
  await noSidewaysScroll(page);

  await page.getByRole('button', { name: 'Table View' }).click();
  await expect(page.getByRole('columnheader', { name: 'Min Sell Qty' })).toBeVisible();
  await expect(page).toHaveURL(/view=table/);

  // At desktop width the table is the default, as before.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/all-products');
  await expect(page.getByRole('button', { name: 'Table View' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('table')).toBeVisible();
});

test('one primary colour for primary actions, and one No Image placeholder in the table and the cards', async ({
  signedInPage: page,
  user,
  api,
  tokenFor,
}) => {
  const product = await api.createProduct(await tokenFor(user), { image: '' });
  await page.goto(`/all-products?q=${encodeURIComponent(product.name)}`);
  const row = productRow(page, product.name);
  await expect(row.getByRole('img', { name: product.name })).toHaveText('No Image');

  const primary = await background(page.getByRole('button', { name: 'Search' }));
  expect(await background(row.getByRole('link', { name: 'Details' }))).toBe(primary);
  const filter = page.getByRole('button', { name: 'Show Available Products' });
  expect(await filter.evaluate((el) => getComputedStyle(el).color)).toBe(primary);

  await page.getByRole('button', { name: 'Card View' }).click();
  const card = productCard(page, product.name);
  await expect(card.getByRole('img', { name: product.name })).toContainText('No Image');

  await page.goto(`/my-products/${user.email}`);
  expect(await background(page.getByRole('link', { name: 'Add a product' }))).toBe(primary);
});

test('the delete confirmation names the product and its Delete is red, not the primary colour', async ({
  signedInPage: page,
  user,
  api,
  tokenFor,
}) => {
  const product = await api.createProduct(await tokenFor(user));
  await page.goto(`/product-details/${product._id}`);
  const primary = await background(page.getByRole('link', { name: 'Update' }));
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = alertDialog(page, 'Are you sure you want to delete this product?');
  await expect(confirm).toContainText(`“${product.name}” will be removed from the catalogue.`);
  const danger = await background(confirm.getByRole('button', { name: 'Delete' }));
  expect(danger).not.toBe(primary);
  expect(danger).toBe(
    await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--color-error)';
      document.body.append(probe);
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    }),
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
});

test('details at 375 px: the stat row lines up; the purchase dialog has read-only fields that look it and no spinner', async ({
  signedInPage: page,
  makeUser,
  api,
  tokenFor,
}) => {
  const product = await api.createProduct(await tokenFor(await makeUser()), { quantity: 1_250_000, minSellQty: 24 });
  await page.setViewportSize(PHONE);
  await page.goto(`/product-details/${product._id}`);
  const values = page.locator('dd[data-stat]');
  await expect(values).toHaveCount(3);
  await expect(values.first()).toHaveText('1,250,000 units');
  const boxes = await values.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
  expect(new Set(boxes.map(Math.round)).size, 'the three values end on one line').toBe(1);
  await noSidewaysScroll(page);

  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Purchase' });
  const quantity = dialog.getByRole('spinbutton', { name: 'Quantity' });
  const editable = await background(quantity);
  expect(await background(dialog.getByLabel('Name'))).not.toBe(editable);
  expect(await background(dialog.getByLabel('Email'))).not.toBe(editable);
  // No spinner: the field's right edge looks the same as when spinners are hidden by force.
  await quantity.focus();
  await quantity.hover();
  const field = await quantity.boundingBox();
  if (!field) throw new Error('the quantity field has no box');
  const clip = { x: field.x + field.width - 26, y: field.y + 3, width: 22, height: field.height - 6 };
  const asShown = await page.screenshot({ clip });
  await page.addStyleTag({
    content:
      'input::-webkit-inner-spin-button, input::-webkit-outer-spin-button { appearance: none !important; margin: 0 !important; }',
  });
  const withoutSpinner = await page.screenshot({ clip });
  expect(asShown.equals(withoutSpinner), 'no browser spinner beside the stepper').toBe(true);

  await page.setViewportSize({ width: 1280, height: 800 });
  const tops = await values.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
  expect(new Set(tops.map(Math.round)).size, 'side by side, the three values share a line').toBe(1);
});

test('an unknown category says so, with a way back to Categories', async ({ signedInPage: page }) => {
  await page.goto('/categories/toys');
  const notice = page.getByRole('alert');
  await expect(notice).toContainText('Unknown category');
  await expect(notice).toContainText('“toys” is not one of our categories.');
  await expect(page.getByText('No products found in this category.')).toHaveCount(0);
  await notice.getByRole('link', { name: 'Back to Categories' }).click();
  await expect(page).toHaveURL(/\/categories$/);
  await expect(page.getByRole('heading', { name: 'Products in Category: All' })).toBeVisible();
});

for (const viewport of [PHONE, { width: 768, height: 1024 }]) {
  test(`My Products at ${viewport.width} px: every value and the row's actions without sideways scrolling, still one table`, async ({
    signedInPage: page,
    user,
    api,
    tokenFor,
  }) => {
    const product = await api.createProduct(await tokenFor(user), { quantity: 1_440, minSellQty: 12, price: 9.75 });
    await page.setViewportSize(viewport);
    await page.goto(`/my-products/${user.email}?q=${encodeURIComponent(product.name)}`);
    const row = productRow(page, product.name);
    await expect(row).toBeVisible();
    // Each value is a cell named by its value alone: the visible column label is hidden from screen readers.
    for (const value of ['1,440', '12', '$9.75']) {
      await expect(row.getByRole('cell', { name: value, exact: true })).toBeVisible();
    }

    // Delete, the last action of the last column, is on the screen, and nothing scrolls sideways.
    const remove = row.getByRole('button', { name: 'Delete' });
    await expect(remove).toBeInViewport({ ratio: 1 });
    const region = page.getByRole('region', { name: 'My products' });
    expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await noSidewaysScroll(page);

    // The markup is still the table: its column headers remain for screen readers.
    await expect(page.getByRole('table', { name: 'My products' })).toHaveCount(1);
    await expect(page.getByRole('columnheader', { name: 'Min Sell Qty' })).toHaveCount(1);
  });
}
