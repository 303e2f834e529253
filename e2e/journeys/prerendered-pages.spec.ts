import type { ConsoleMessage, Page } from '@playwright/test';
import { HOME_CATEGORY_TILES } from '@b2b/shared';
import { expect, test } from '../fixtures/test.js';

/*
 * The public pages arrive as real HTML (apps/web/build/prerender.ts) and the app hydrates it
 * (apps/web/src/main.tsx). With scripts off the home page still shows its hero and tiles; with
 * scripts on, React takes over the very nodes the server sent (no re-render, no warning) and
 * nothing on the first screen moves.
 */

const HERO_HEADING = 'Everything your business needs, at wholesale prices';

test('with JavaScript off, / shows the hero, its heading and the category tiles', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Featured offers' });
    await expect(hero).toBeVisible();
    await expect(hero.getByRole('heading', { name: HERO_HEADING })).toBeVisible();
    await expect(hero.locator('img').first()).toHaveAttribute('src', '/images/banners/banner-1.svg');
    await expect(hero.locator('img').first()).toBeVisible();
    const tiles = page.getByRole('region', { name: 'Product Categories' }).getByRole('link');
    await expect(tiles).toHaveText(HOME_CATEGORY_TILES.map((name) => new RegExp(name, 'i')));
    await expect(page.getByRole('heading', { name: 'Trusted by businesses across Bangladesh' })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('heading', { name: 'Contact Us' })).toBeVisible();

    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Login now!', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    // The form cannot be sent before the app runs (no password in a URL).
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();
  } finally {
    await context.close();
  }
});

/**
 * The page's console warnings and errors and its uncaught errors: React reports a hydration
 * mismatch through `reportError` (an uncaught error) and, in development, the console.
 */
function collectWarnings(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(`uncaught: ${error.message}`));
  return messages;
}

/** Remembers an element of the server's HTML before any script runs, to compare after hydration. */
async function rememberServerNode(page: Page, selector: string): Promise<void> {
  await page.addInitScript((css) => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        (window as unknown as { serverNode: Element | null }).serverNode = document.querySelector(css);
      }
    });
  }, selector);
}

const keptServerNode = (page: Page, selector: string) =>
  page.evaluate((css) => {
    const kept = (window as unknown as { serverNode: Element | null }).serverNode;
    return kept !== null && kept !== undefined && kept === document.querySelector(css) && kept.isConnected;
  }, selector);

for (const { path, selector, ready } of [
  { path: '/', selector: '#main h2', ready: 'Get offer' },
  { path: '/login', selector: 'form[aria-label="Login"]', ready: 'Login' },
  { path: '/register', selector: 'form[aria-label="Register"]', ready: 'Register' },
]) {
  test(`${path} is hydrated: the server's nodes are kept and the console stays quiet`, async ({ page }) => {
    const warnings = collectWarnings(page);
    await rememberServerNode(page, selector);
    await page.goto(path);
    // Hydrated: the session is known (a visitor gets the Login button) and the page reacts.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    if (path === '/') await expect(page.getByRole('button', { name: ready }).first()).toBeVisible();
    else await expect(page.getByRole('button', { name: ready, exact: true })).toBeEnabled();
    expect(await keptServerNode(page, selector)).toBe(true);
    expect(warnings).toEqual([]);
  });

  test(`${path} paints from its HTML before the app's scripts are requested`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    const timings = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name) && !/-shell-/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(timings.firstPaint).not.toBeNull();
    expect(timings.scripts.length).toBeGreaterThan(0);
    // apps/web/src/shells/start-after-paint.ts: on a slow network the stylesheet and the hero
    // have the bandwidth to themselves, and on a fast machine the first frame waits for no script.
    expect(Math.min(...timings.scripts)).toBeGreaterThan(timings.firstPaint ?? Infinity);
  });
}

test('a returning user: / and a guarded page hydrate, then show the user', async ({ signedInPage: page }) => {
  const warnings = collectWarnings(page);
  await rememberServerNode(page, '#main h2');
  await page.goto('/');
  await expect(page.getByRole('button', { name: /^Account: / })).toBeVisible();
  expect(await keptServerNode(page, '#main h2')).toBe(true);

  await page.goto('/all-products');
  await expect(page.getByRole('heading', { name: 'All Products', level: 1 })).toBeVisible();
  expect(warnings).toEqual([]);
});

for (const viewport of [
  { width: 412, height: 823 },
  { width: 1280, height: 800 },
]) {
  test(`/ shifts nothing while it hydrates and loads (CLS 0 at ${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    // The top products arrive after hydration, below the first screen.
    await expect(page.getByRole('region', { name: 'Top Products' }).getByText('Loading...')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
  });
}
