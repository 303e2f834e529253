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
