import type { Browser } from '@playwright/test';
import { expect, test, watchContext, type Watch } from '../fixtures/test.js';

/*
 * The page guard is what makes every journey fail on a stray error, so it is checked too:
 * each test watches its own context and reads what the guard recorded.
 */

const MISSING_PRODUCT = '/api/products/00000000-0000-4000-8000-000000000000';

async function watchedPage(browser: Browser, baseURL: string | undefined, watch: Watch) {
  const context = await browser.newContext({ baseURL });
  await watchContext(context, watch);
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  return page;
}

test('the page guard records console errors, uncaught exceptions and unexpected HTTP errors', async ({
  browser,
  baseURL,
}) => {
  const watch: Watch = { problems: [], rules: [] };
  const page = await watchedPage(browser, baseURL, watch);
  expect(watch.problems).toEqual([]);

  await page.evaluate(() => console.error('deliberate console error'));
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('deliberate uncaught error');
    });
  });
  const status = await page.evaluate((url) => fetch(url).then((r) => r.status), MISSING_PRODUCT);
  expect(status).toBe(404);

  await expect
    .poll(() => watch.problems)
    .toEqual([
      'console error: deliberate console error ()',
      expect.stringMatching(/^uncaught exception: Error: deliberate uncaught error/),
      `unexpected HTTP 404: GET ${baseURL}${MISSING_PRODUCT}`,
    ]);
  await page.context().close();
});

test('the page guard lets through exactly the HTTP errors a test declared', async ({ browser, baseURL }) => {
  const watch: Watch = { problems: [], rules: [{ url: /\/api\/products\/00000000-/, status: 404, method: 'GET' }] };
  const page = await watchedPage(browser, baseURL, watch);

  expect(await page.evaluate((url) => fetch(url).then((r) => r.status), MISSING_PRODUCT)).toBe(404);
  // Same URL, other method: not declared, so still a problem.
  expect(await page.evaluate((url) => fetch(url, { method: 'DELETE' }).then((r) => r.status), MISSING_PRODUCT)).toBe(
    401,
  );

  await expect.poll(() => watch.problems).toEqual([`unexpected HTTP 401: DELETE ${baseURL}${MISSING_PRODUCT}`]);
  await page.context().close();
});
