import { accountsByEmail, avatarUrl, STRONG_PASSWORD, uniqueEmail, uniqueId } from '../fixtures/auth-emulator.js';
import { expect, test } from '../fixtures/test.js';
import { acknowledge, fillLoginForm, logout, navbar, profilePhoto, toast } from '../fixtures/ui.js';

const BROKEN_PASSWORDS = [
  { password: 'Ab1!xyz', message: 'Password must be at least 8 characters long.' },
  { password: 'wholesale#2024', message: 'Password must contain at least one uppercase letter.' },
  { password: 'Wholesale#Deal', message: 'Password must contain at least one number.' },
  { password: 'Wholesale2024', message: 'Password must contain at least one special character.' },
];

test('register refuses each broken password rule, then registers, logs out and in, and explains a wrong password', async ({
  page,
  cleanupEmails,
  allowHttp,
}) => {
  const email = uniqueEmail('register');
  cleanupEmails.push(email);
  const user = {
    email,
    password: STRONG_PASSWORD,
    displayName: `Rahim Traders ${uniqueId().slice(-4)}`,
    photoURL: avatarUrl('rahim'),
  };

  await page.goto('/register');
  await page.getByLabel('Name').fill(user.displayName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/photo/i).fill(user.photoURL);

  for (const { password, message } of BROKEN_PASSWORDS) {
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: message });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/register$/);
    expect(await accountsByEmail(email), `no account may exist after "${message}"`).toEqual([]);
  }

  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(toast(page, 'Your profile updated successfully')).toBeVisible();
  await expect(profilePhoto(page, user)).toBeVisible();
  const [account] = await accountsByEmail(email);
  expect(account?.displayName).toBe(user.displayName);
  expect(account?.photoUrl).toBe(user.photoURL);

  await logout(page, user);

  await navbar(page).getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await fillLoginForm(page, email, user.password);
  await acknowledge(page, 'Signed in successful.');
  await expect(profilePhoto(page, user)).toBeVisible();

  await logout(page, user);

  // The provider answers 400 for a wrong password; the page must turn it into a sentence.
  allowHttp({ url: /accounts:signInWithPassword/, status: 400, method: 'POST' });
  await page.goto('/login');
  await fillLoginForm(page, email, 'Wrong#Password1');
  const error = page.getByRole('dialog');
  await expect(error).toBeVisible();
  await expect(error).toContainText(/email or password is incorrect/i);
  await expect(error).not.toContainText('auth/');
  await expect(error).not.toContainText(/firebase/i);
  await error.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(navbar(page).getByRole('link', { name: 'Login' })).toBeVisible();
});
