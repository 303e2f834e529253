import type { Page } from '@playwright/test';
import { blocking, describeViolations, scanAccessibility } from '../fixtures/axe.js';
import { oobCodesFor, STRONG_PASSWORD, uniqueEmail, uniqueId } from '../fixtures/auth-emulator.js';
import { expect, test } from '../fixtures/test.js';
import { acknowledge, fillLoginForm, logout, profilePhoto, toast } from '../fixtures/ui.js';

/*
 * 'Forgot password?' end to end against the Auth Emulator: the reset email's code is real (the
 * emulator lists what it would have mailed), the app's /reset-password page uses it, and only
 * the new password signs in afterwards.
 */

const NEW_PASSWORD = 'Fresh#Start2027';
/** No serious or critical axe violation on what the page shows now. */
async function expectAccessible(page: Page, screen: string) {
  const serious = blocking(await scanAccessibility(page, screen));
  expect(serious, describeViolations(serious)).toEqual([]);
}

const sentMessage = (email: string) =>
  `If an account exists for ${email}, we have sent it a link to set a new password. Check your inbox (and the spam folder).`;

test('a user who forgot the password gets a reset link, sets a new password on the app’s page, and only the new one signs in', async ({
  page,
  cleanupEmails,
  allowHttp,
}) => {
  const email = uniqueEmail('reset');
  // Deleted by email afterwards: the fixture's cleanup by password would use the old one.
  cleanupEmails.push(email);
  const user = { displayName: `Reset Traders ${uniqueId().slice(-4)}`, photoURL: '/images/avatars/default.svg' };

  // Register (the photo is a path on this site, which product images accept too).
  await page.goto('/register');
  await page.getByLabel('Name').fill(user.displayName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Photo URL').fill(user.photoURL);
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(toast(page, 'Your profile updated successfully')).toBeVisible();
  await expect(profilePhoto(page, user)).toBeVisible();
  await logout(page, user);

  // Forgot password? on the login page, with the email already typed into the form.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await expectAccessible(page, 'login-reset-dialog');

  // A malformed address is a validation error; nothing is asked of Firebase.
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByText('Enter a valid email address, like name@company.com.')).toBeVisible();

  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByRole('status')).toHaveText(sentMessage(email));
  await dialog.getByRole('button', { name: 'Back to login' }).click();
  await expect(dialog).toBeHidden();

  // An address without an account gets the very same words (the emulator answers 400 EMAIL_NOT_FOUND).
  allowHttp({ url: /accounts:sendOobCode/, status: 400, method: 'POST' });
  const nobody = uniqueEmail('nobody');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await dialog.getByLabel('Email').fill(nobody);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByRole('status')).toHaveText(sentMessage(nobody));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await oobCodesFor(nobody)).toEqual([]);

  // The emulator's "email": one reset code for this address, whose link comes back to the app.
  const codes = await oobCodesFor(email);
  expect(codes).toHaveLength(1);
  const [{ oobCode, oobLink }] = codes as [(typeof codes)[number]];
  expect(new URL(oobLink).searchParams.get('mode')).toBe('resetPassword');
  expect(new URL(oobLink).searchParams.get('continueUrl')).toMatch(/\/login$/);

  // The app's reset page, as the link opens it.
  await page.goto(`/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(oobCode)}&lang=en`);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expect(page.getByText(email.toLowerCase())).toBeVisible();
  await expectAccessible(page, 'reset-password');
  // Register's rules apply here too.
  await page.getByLabel('New password', { exact: true }).fill('freshstart2027');
  await page.getByLabel('Confirm new password').fill('freshstart2027');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Password must contain at least one uppercase letter.');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password has been changed. Log in with your new password.');
  await page.getByRole('link', { name: 'Login', exact: true }).last().click();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works…
  allowHttp({ url: /accounts:signInWithPassword/, status: 400, method: 'POST' });
  await fillLoginForm(page, email, STRONG_PASSWORD);
  await acknowledge(page, 'Login failed', /email or password is incorrect/i);
  await expect(page).toHaveURL(/\/login$/);

  // …the new one does.
  await fillLoginForm(page, email, NEW_PASSWORD);
  await acknowledge(page, 'Signed in successful.');
  await expect(profilePhoto(page, user)).toBeVisible();

  // A used link cannot set a password again.
  allowHttp({ url: /accounts:resetPassword/, status: 400, method: 'POST' });
  await page.goto(`/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(oobCode)}`);
  await expect(page.getByRole('alert')).toContainText('This reset link is not valid');
});
