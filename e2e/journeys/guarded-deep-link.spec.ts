import { expect, test } from '../fixtures/test.js';
import { acknowledge, fillLoginForm } from '../fixtures/ui.js';

test('a signed-out deep link goes through login and lands back on the requested page', async ({
  page,
  user,
  api,
  tokenFor,
}) => {
  const product = await api.createProduct(await tokenFor(user), { name: `Deep Link Lantern ${user.uid.slice(0, 6)}` });

  await page.goto('/');
  const target = `/all-products?q=${encodeURIComponent(product.name)}&view=card`;
  await page.goto(target);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login now!' })).toBeVisible();

  await fillLoginForm(page, user.email, user.password);
  await acknowledge(page, 'Signed in successful.');

  // Back on the same page, with its search and view kept.
  await expect(page).toHaveURL((url) => url.pathname === '/all-products' && url.searchParams.get('q') === product.name);
  expect(new URL(page.url()).searchParams.get('view')).toBe('card');
  await expect(page.getByRole('heading', { name: 'All Products', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
  await expect(page.getByRole('search').getByRole('searchbox')).toHaveValue(product.name);

  // The login page replaced itself in history: Back returns to where the person came from.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Login now!' })).toBeHidden();
});
