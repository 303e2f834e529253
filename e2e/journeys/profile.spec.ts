import type { Page } from '@playwright/test';
import type { Profile } from '@b2b/shared';
import { blocking, describeViolations, scanAccessibility } from '../fixtures/axe.js';
import { signInNow } from '../fixtures/auth-emulator.js';
import { expect, test } from '../fixtures/test.js';
import { navbar, profilePhoto, revealProfileMenu, toast } from '../fixtures/ui.js';

/*
 * The profile page end to end: a seller names their company there (the API keeps it), changes
 * their display name and photo (Firebase keeps those, and the navbar shows them at once), and
 * their buyers then see the company name instead of an email; the password changes only after
 * the current one is confirmed.
 */

const NEW_PASSWORD = 'Changed#Pass2027';
/** No serious or critical axe violation on what the page shows now. */
async function expectAccessible(page: Page, screen: string) {
  const serious = blocking(await scanAccessibility(page, screen));
  expect(serious, describeViolations(serious)).toEqual([]);
}

test('a seller names the company on the profile page; buyers see it on their orders; the password changes after the current one', async ({
  signedInPage: page,
  user,
  makeUser,
  fillCart,
  pageFor,
  api,
  tokenFor,
  allowHttp,
  cleanupEmails,
}) => {
  // The password changes below: delete the account by email afterwards.
  cleanupEmails.push(user.email);
  const sellerToken = await tokenFor(user);
  const buyer = await makeUser();
  const product = await api.createProduct(sellerToken, { quantity: 100, minSellQty: 1, price: 5 });
  const buyerToken = await fillCart([[product, 3]], buyer);
  const [order] = (await api.placeOrder(buyerToken)).orders;

  // From the profile menu to the guarded Profile page.
  await revealProfileMenu(page, user);
  await navbar(page).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByLabel('Display name')).toHaveValue(user.displayName);
  await expectAccessible(page, 'profile');

  // An http photo is refused, like an http product image; nothing is saved.
  const details = page.getByRole('form', { name: 'Profile' });
  await details.getByLabel('Photo URL').fill('http://example.com/photo.png');
  await details.getByRole('button', { name: 'Save profile' }).click();
  await expect(
    details.getByText('Photo URL must be an https URL or a path on this site starting with /.'),
  ).toBeVisible();
  expect((await api.raw<Profile>('GET', '/profile', sellerToken)).body.updatedAt).toBeNull();

  const renamed = { displayName: 'Nadia Rahman', photoURL: '/e2e-assets/avatar-nadia-rahman.svg' };
  await details.getByLabel('Display name').fill(renamed.displayName);
  await details.getByLabel('Photo URL').fill(renamed.photoURL);
  await details.getByLabel('Company name').fill('Nadia Bulk Supplies Ltd');
  await details.getByRole('button', { name: 'Save profile' }).click();
  await expect(toast(page, 'Your profile has been saved.')).toBeVisible();
  // The navbar shows the new name and photo without a reload.
  await expect(profilePhoto(page, renamed)).toBeVisible();
  const saved = (await api.raw<Profile>('GET', '/profile', sellerToken)).body;
  expect(saved).toMatchObject({ companyName: 'Nadia Bulk Supplies Ltd', displayName: 'Nadia Rahman' });

  // The buyer sees the seller's company, on the list (one lookup for the page) and on the order.
  const buyerPage = await pageFor(buyer);
  const lookups: string[] = [];
  buyerPage.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/sellers') lookups.push(request.url());
  });
  await buyerPage.goto('/orders');
  const card = buyerPage.getByRole('article', { name: order?.orderNumber ?? '' });
  await expect(card.getByText('Nadia Bulk Supplies Ltd', { exact: true })).toBeVisible();
  expect(lookups).toHaveLength(1);
  await expectAccessible(buyerPage, 'my-orders-seller-names');
  await card.getByRole('link', { name: `View ${order?.orderNumber}` }).click();
  await expect(buyerPage.getByRole('region', { name: 'Details' })).toContainText(
    `Nadia Bulk Supplies Ltd (${user.email.toLowerCase()})`,
  );

  // Change password: a wrong current password changes nothing.
  allowHttp({ url: /accounts:signInWithPassword/, status: 400, method: 'POST' });
  const passwordForm = page.getByRole('form', { name: 'Change password' });
  await passwordForm.getByLabel('Current password').fill('Not#MyPassword1');
  await passwordForm.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await passwordForm.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordForm.getByRole('alert')).toHaveText('The current password is not correct.');

  // The Auth Emulator checks revocation on every verification, and a password change revokes the
  // tokens issued before it, the one from the re-authentication included: a background request
  // (the bell's poll, a refetch on focus) that carried that token while the change went through is
  // answered 401. Production verification does not check revocation. The page must still work
  // after the change (checked below with a reload).
  allowHttp({ url: /\/api\//, status: 401, method: 'GET' });
  await passwordForm.getByLabel('Current password').fill(user.password);
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'Your password has been changed.')).toBeVisible();
  await expect(passwordForm.getByLabel('Current password')).toHaveValue('');
  // Only the new password signs in now.
  await expect(signInNow({ email: user.email, password: NEW_PASSWORD })).resolves.toEqual(expect.any(String));
  await expect(signInNow(user)).rejects.toThrow(/INVALID_PASSWORD|INVALID_LOGIN_CREDENTIALS/);
  // The session survives the change: after a reload Firebase looks the account up with the token
  // it kept (answered before the test deletes the account), and the guarded page loads the profile.
  const lookup = page.waitForResponse((response) => response.url().includes('/accounts:lookup'));
  await page.reload();
  expect((await lookup).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByLabel('Company name')).toHaveValue('Nadia Bulk Supplies Ltd');
});
