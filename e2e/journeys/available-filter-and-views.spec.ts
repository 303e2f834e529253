import { uniqueId } from '../fixtures/auth-emulator.js';
import { expect, test } from '../fixtures/test.js';
import { listSettled, productCard, productRow, searchProducts } from '../fixtures/ui.js';

const COLUMNS = ['SL', 'Name', 'Image', 'Brand', 'Category', 'Quantity', 'Min Sell Qty', 'Price', 'Rating', 'Action'];

test('the available filter keeps only quantity > 100, and the table/card toggle switches views', async ({
  signedInPage: page,
  user,
  api,
  tokenFor,
}) => {
  const tag = `Boundary ${uniqueId()}`;
  const token = await tokenFor(user);
  const atThreshold = await api.createProduct(token, { name: `${tag} exactly 100`, quantity: 100 });
  const aboveThreshold = await api.createProduct(token, { name: `${tag} just 101`, quantity: 101 });

  await page.goto('/all-products');
  await expect(page.getByRole('heading', { name: 'All Products', level: 1 })).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText(COLUMNS);

  // Unfiltered, every row of the first page is listed whatever its stock; the filter keeps > 100.
  await page.getByRole('button', { name: 'Show Available Products' }).click();
  await expect(page.getByRole('button', { name: 'Show All Products' })).toBeVisible();
  await listSettled(page);
  const quantities = await page.getByRole('row').locator('td:nth-of-type(5)').allInnerTexts();
  expect(quantities.length).toBeGreaterThan(0);
  // Shown with thousands separators (1,200).
  for (const quantity of quantities) expect(Number(quantity.replaceAll(',', ''))).toBeGreaterThan(100);

  // The boundary, through the search box: 100 is not "available", 101 is.
  await searchProducts(page, tag);
  await expect(productRow(page, aboveThreshold.name)).toBeVisible();
  await expect(productRow(page, atThreshold.name)).toHaveCount(0);
  await expect(page.getByRole('row')).toHaveCount(2); // header + 101

  await page.getByRole('button', { name: 'Show All Products' }).click();
  await expect(page.getByRole('button', { name: 'Show Available Products' })).toBeVisible();
  await expect(productRow(page, atThreshold.name)).toBeVisible();
  await expect(productRow(page, aboveThreshold.name)).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(3);

  // Card view: the same two products as cards, no table.
  await page.getByRole('button', { name: 'Card View' }).click();
  await expect(page.getByRole('button', { name: 'Card View' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(productCard(page, atThreshold.name)).toBeVisible();
  await expect(productCard(page, aboveThreshold.name)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);

  // The filter works in card view too.
  await page.getByRole('button', { name: 'Show Available Products' }).click();
  await expect(productCard(page, aboveThreshold.name)).toBeVisible();
  await expect(productCard(page, atThreshold.name)).toHaveCount(0);

  await page.getByRole('button', { name: 'Table View' }).click();
  await expect(page.getByRole('columnheader')).toHaveText(COLUMNS);
  await expect(productRow(page, aboveThreshold.name)).toBeVisible();
  await expect(productRow(page, atThreshold.name)).toHaveCount(0);
});
