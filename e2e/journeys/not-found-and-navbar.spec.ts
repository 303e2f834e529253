import { expect, test } from '../fixtures/test.js';
import { acknowledge, navbar, profilePhoto, revealProfileMenu } from '../fixtures/ui.js';

// Exactly as the spec writes it: a straight apostrophe in "you're", a curly one in "doesn’t".
const NOT_FOUND_TEXT = "Oops! The page you're looking for doesn’t exist or has been moved.";

test('an unknown route shows the 404 page with its two links', async ({ page }) => {
  await page.goto('/no-such-page/really');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText(NOT_FOUND_TEXT, { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'contact support' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goBack();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: 'Top Products' })).toBeVisible();
});

test('at 375 px the navigation collapses into a menu button that opens the links', async ({ page, user }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await acknowledge(page, 'Signed in successful.');

  const bar = navbar(page);
  const categoriesLink = bar.getByRole('link', { name: 'Categories' });
  await expect(categoriesLink).toBeHidden();
  await bar.getByRole('button', { name: /menu/i }).click();
  await expect(categoriesLink).toBeVisible();
  for (const name of ['Home', 'All Products', /Add Product/, /My Products/, /Cart/]) {
    await expect(bar.getByRole('link', { name }).filter({ visible: true }).first()).toBeVisible();
  }
  await categoriesLink.click();
  await expect(page).toHaveURL(/\/categories$/);
  await expect(page.getByRole('heading', { name: 'Products in Category: All' })).toBeVisible();
});

test('at 1280 px hovering the profile photo shows the name and Logout, and Logout signs out', async ({
  signedInPage: page,
  user,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const bar = navbar(page);
  await expect(bar.getByRole('link', { name: 'Categories' })).toBeVisible();
  await expect(bar.getByRole('button', { name: /menu/i })).toBeHidden();
  await expect(profilePhoto(page, user)).toBeVisible();
  await expect(bar.getByText(user.displayName, { exact: true })).toBeHidden();

  await revealProfileMenu(page, user);
  await bar.getByRole('button', { name: 'Logout' }).click();
  await acknowledge(page, 'Sign-out successful.');
  await expect(bar.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(profilePhoto(page, user)).toHaveCount(0);

  // Signed out for real: a guarded page sends the visitor to /login.
  await page.goto('/add-products');
  await expect(page).toHaveURL(/\/login$/);
});
