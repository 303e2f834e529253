import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.js';
import { listSettled } from '../fixtures/ui.js';

/*
 * A buyer narrows a search with the filter panel: two brands and a price band, then drops one
 * brand with its chip, pages on and goes back. At 375 px the panel is a drawer behind a "Filters"
 * button; at 1280 px it sits beside the list. Everything is in the URL, so Back retraces it.
 */

const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
] as const;

/** The list's own sentence under the heading, e.g. "… 30 found." */
const found = (page: Page, count: number) => page.getByText(new RegExp(`\\b${count} found\\.`));

for (const viewport of WIDTHS) {
  test(`at ${viewport.width} px: search, filter by two brands and a price band, remove a chip, page, go back`, async ({
    signedInPage: page,
    makeUser,
    api,
    tokenFor,
  }) => {
    test.slow();
    const token = await tokenFor(await makeUser());
    const tag = `Flange${Date.now().toString(36)}w${viewport.width}`;
    const alpha = `${tag}Alpha`;
    const beta = `${tag}Beta`;
    const gamma = `${tag}Gamma`;
    // 26 Alpha and 4 Beta at $10–$25 (30, two pages), 2 Beta dearer, 3 Gamma: each brand on its own
    // has a count to check, and Alpha alone still needs a second page.
    const products = [
      ...Array.from({ length: 26 }, (_, i) => ({ brand: alpha, price: 12 + i * 0.25, n: i })),
      ...Array.from({ length: 4 }, (_, i) => ({ brand: beta, price: 15, n: i })),
      ...Array.from({ length: 2 }, (_, i) => ({ brand: beta, price: 60, n: 10 + i })),
      ...Array.from({ length: 3 }, (_, i) => ({ brand: gamma, price: 14, n: i })),
    ];
    for (let i = 0; i < products.length; i += 6) {
      await Promise.all(
        products
          .slice(i, i + 6)
          .map(({ brand, price, n }) =>
            api.createProduct(token, { name: `${tag} ${brand.slice(tag.length)} ${n}`, brand, price, rating: 4 }),
          ),
      );
    }

    await page.setViewportSize(viewport);
    await page.goto('/all-products');
    await listSettled(page);
    const search = page.getByRole('searchbox', { name: 'Search by name or brand' });
    await search.fill(tag);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    await listSettled(page);
    await expect(found(page, 35)).toBeVisible();

    const narrow = viewport.width < 1024;
    if (!narrow) {
      // Beside Table View the panel is a drawer too (the ten columns need the width); the cards
      // leave room for it beside them.
      await expect(page.getByRole('complementary', { name: 'Filters' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Card View' }).click();
    }
    const panel = narrow
      ? page.getByRole('dialog', { name: 'Filters' })
      : page.getByRole('complementary', { name: 'Filters' });
    if (narrow) {
      await expect(page.getByRole('complementary', { name: 'Filters' })).toHaveCount(0);
      await page.getByRole('button', { name: /^Filters/ }).click();
    }
    await expect(panel).toBeVisible();
    // The counts are for this search: each brand's products.
    await expect(panel.getByText(alpha, { exact: true }).locator('..')).toContainText('26');
    await expect(panel.getByText(beta, { exact: true }).locator('..')).toContainText('6');
    await expect(panel.getByText(gamma, { exact: true }).locator('..')).toContainText('3');
    // These brand names are long single words: they wrap, and each row (its count at the end)
    // stays inside the panel rather than running under the list beside it.
    const panelBox = await panel.boundingBox();
    const rowBox = await panel.getByText(alpha, { exact: true }).locator('..').boundingBox();
    expect(panelBox && rowBox && rowBox.x + rowBox.width <= panelBox.x + panelBox.width).toBe(true);

    await panel.getByRole('checkbox', { name: alpha }).check();
    await expect(page).toHaveURL(/brand=/);
    await panel.getByRole('checkbox', { name: beta }).check();
    await panel.getByRole('button', { name: /^\$10 – \$25/ }).click();
    await expect(page).toHaveURL(/priceMin=10&priceMax=25/);
    if (narrow) {
      await panel.getByRole('button', { name: 'Show 30 results' }).click();
      await expect(panel).toBeHidden();
    }
    await listSettled(page);
    await expect(found(page, 30)).toBeVisible();
    const chips = page.getByRole('list', { name: 'Active filters' });
    await expect(chips.getByRole('button')).toHaveText([`Brand: ${alpha}`, `Brand: ${beta}`, 'Price: $10 – $25']);

    // One click on a chip drops that brand; the rest stays.
    await chips.getByRole('button', { name: `Remove filter Brand: ${beta}` }).click();
    await expect(chips.getByRole('button')).toHaveText([`Brand: ${alpha}`, 'Price: $10 – $25']);
    await listSettled(page);
    await expect(found(page, 26)).toBeVisible();
    const filteredUrl = page.url();

    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await listSettled(page);
    await expect(pager.getByText('Showing 25–26 of 26 results')).toBeVisible();
    // The page's products are Alpha's, priced $10–$25.
    const listed = page.getByRole('article');
    await expect(listed).toHaveCount(2);
    for (const text of await listed.allTextContents()) expect(text).toContain(alpha);

    await page.goBack();
    await expect(page).toHaveURL(filteredUrl);
    await listSettled(page);
    await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(chips.getByRole('button')).toHaveText([`Brand: ${alpha}`, 'Price: $10 – $25']);

    // Back once more brings the second brand back, from the URL alone.
    await page.goBack();
    await listSettled(page);
    await expect(chips.getByRole('button')).toHaveText([`Brand: ${alpha}`, `Brand: ${beta}`, 'Price: $10 – $25']);
    await expect(found(page, 30)).toBeVisible();

    // A reload keeps it all.
    await page.reload();
    await listSettled(page);
    await expect(found(page, 30)).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search by name or brand' })).toHaveValue(tag);
  });
}
