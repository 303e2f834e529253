import { accountsByEmail, uniqueEmail, uniqueId } from '../fixtures/auth-emulator.js';
import { baseURL } from '../fixtures/env.js';
import { expect, test } from '../fixtures/test.js';
import { acknowledge, profilePhoto, revealProfileMenu } from '../fixtures/ui.js';

test('Login with Google through the emulator account chooser creates a google.com account and signs in', async ({
  page,
  cleanupEmails,
}) => {
  const identity = {
    displayName: `Sadia Google ${uniqueId().slice(-4)}`,
    email: uniqueEmail('google'),
    // The chooser gives a new identity the app's default avatar, served from its own origin.
    photoURL: `${baseURL()}/images/avatars/default.svg`,
  };
  cleanupEmails.push(identity.email);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Login with Google' }).click();
  const chooser = page.getByRole('dialog', { name: 'Choose an account' });
  await expect(chooser).toBeVisible();
  await chooser.getByRole('button', { name: 'Use another account' }).click();
  const form = page.getByRole('dialog', { name: 'Use another account' });
  await form.getByLabel('Name').fill(identity.displayName);
  await form.getByLabel('Email').fill(identity.email);
  await form.getByRole('button', { name: 'Continue' }).click();

  await acknowledge(page, 'Google sign-in successful.');
  await expect(page).not.toHaveURL(/\/login/);
  const photo = profilePhoto(page, identity);
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await revealProfileMenu(page, identity);

  const [account, ...others] = await accountsByEmail(identity.email);
  expect(others).toEqual([]);
  expect(account?.displayName).toBe(identity.displayName);
  expect(account?.photoUrl).toBe(identity.photoURL);
  expect(account?.providerUserInfo?.map((p) => p.providerId)).toContain('google.com');

  // Signed in for real: a guarded page opens.
  await page.goto('/add-products');
  await expect(page).toHaveURL(/\/add-products$/);
});

for (const path of ['/login', '/register']) {
  test(`${path} asks for its sign-in settings once, early, and fetches no account pictures before the chooser opens`, async ({
    page,
  }) => {
    const settings: string[] = [];
    const pictures: string[] = [];
    const preloadWarnings: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/config') settings.push(request.method());
      if (url.pathname.startsWith('/images/avatars/')) pictures.push(url.pathname);
    });
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) preloadWarnings.push(message.text());
    });

    await page.goto(path);
    const google = page.getByRole('button', { name: /with Google/ });
    await expect(google).toBeEnabled();
    // The shell preloads the settings (a <link> beside the scripts) and the app takes that response.
    await expect(page.locator('link[rel="preload"][href="/api/config"]')).toHaveCount(1);
    // Chromium warns about a preload nobody used a few seconds after the load event.
    await page.waitForLoadState('load');
    await page.waitForTimeout(3_500);
    expect(settings).toEqual(['GET']);
    expect(preloadWarnings).toEqual([]);
    expect(pictures).toEqual([]);

    await google.click();
    const chooser = page.getByRole('dialog', { name: 'Choose an account' });
    await expect(chooser.locator('img').first()).toBeVisible();
    await expect.poll(() => pictures.length).toBeGreaterThan(0);
    await chooser.getByRole('button', { name: 'Cancel' }).click();
    await expect(chooser).toBeHidden();
  });
}
