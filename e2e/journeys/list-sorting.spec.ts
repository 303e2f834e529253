import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.js';
import { listSettled, productCard, productRow } from '../fixtures/ui.js';

/** The product names in the order the table shows them. */
async function tableOrder(page: Page): Promise<string[]> {
  await listSettled(page);
  return page.locator('tbody tr td:first-of-type').allTextContents();
}

test('All Products sorts on the server by price, name and rating; the sort survives a reload', async ({
  signedInPage: page,
  makeUser,
  api,
  tokenFor,
}) => {
  const token = await tokenFor(await makeUser());
  const tag = `Sortable${Date.now().toString(36)}`;
  // Created in this order, so "Oldest first" (the default) is B, C, A.
  await api.createProduct(token, { name: `${tag} B`, price: 30, rating: 2, quantity: 12_500 });
  await api.createProduct(token, { name: `${tag} C`, price: 10, rating: 5 });
  await api.createProduct(token, { name: `${tag} A`, price: 20, rating: 4 });

  await page.goto(`/all-products?q=${tag}`);
  await expect(productRow(page, `${tag} B`)).toBeVisible();
  // Quantities carry thousands separators.
  await expect(productRow(page, `${tag} B`).getByRole('cell', { name: '12,500' })).toBeVisible();
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await expect(sort).toHaveValue('relevance');

  await sort.selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect.poll(() => tableOrder(page)).toEqual([`${tag} C`, `${tag} A`, `${tag} B`]);

  await sort.selectOption({ label: 'Price: high to low' });
  await expect.poll(() => tableOrder(page)).toEqual([`${tag} B`, `${tag} A`, `${tag} C`]);

  await sort.selectOption({ label: 'Name: A to Z' });
  await expect.poll(() => tableOrder(page)).toEqual([`${tag} A`, `${tag} B`, `${tag} C`]);

  await sort.selectOption({ label: 'Rating: high to low' });
  await expect.poll(() => tableOrder(page)).toEqual([`${tag} C`, `${tag} A`, `${tag} B`]);

  await sort.selectOption({ label: 'Newest first' });
  await expect.poll(() => tableOrder(page)).toEqual([`${tag} A`, `${tag} C`, `${tag} B`]);

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
  await expect.poll(() => tableOrder(page)).toEqual([`${tag} A`, `${tag} C`, `${tag} B`]);
});

test('a category page sorts too', async ({ signedInPage: page, makeUser, api, tokenFor }) => {
  const token = await tokenFor(await makeUser());
  const tag = `Kettle${Date.now().toString(36)}`;
  await api.createProduct(token, { name: `${tag} cheap`, price: 5, category: 'kitchen' });
  await api.createProduct(token, { name: `${tag} dear`, price: 500, category: 'kitchen' });

  await page.goto(`/categories/kitchen?q=${tag}&sort=price_desc`);
  await expect(productCard(page, `${tag} dear`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_desc');
  const names = page.getByRole('article').getByRole('heading');
  await expect(names).toHaveText([`${tag} dear`, `${tag} cheap`]);

  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
  await expect(names).toHaveText([`${tag} cheap`, `${tag} dear`]);
  await expect(page).toHaveURL(/sort=price_asc/);
});
