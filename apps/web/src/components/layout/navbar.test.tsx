import { act, screen, within } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import { fakeAuth } from '@/test/fake-auth';
import { renderRoute } from '@/test/render';
import { Navbar } from './navbar';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));

beforeEach(() => fakeAuth.reset());

const renderNavbar = (url = '/') => renderRoute(<Navbar />, { path: '*', url });

/** The page links (the closed mobile menu is hidden, so these are the desktop ones). */
const desktopLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .filter((link) => link.closest('li'));

test('signed out: the brand, the public links and a Login button', () => {
  renderNavbar();

  expect(screen.getByRole('link', { name: 'B2B Wholesale Platform' })).toHaveAttribute('href', '/');
  expect(desktopLinks().map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Home', '/'],
    ['Categories', '/categories'],
    ['All Products', '/all-products'],
    ['Add Product', '/add-products'],
  ]);
  expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  expect(screen.queryByRole('button', { name: /Account/ })).not.toBeInTheDocument();
});

test('signed in: My Products and My Cart use the email; the photo menu shows the name and Logout', () => {
  fakeAuth.signIn({ email: 'ann@example.com', displayName: 'Ann Buyer', photoURL: 'https://example.com/ann.png' });
  renderNavbar();

  const hrefs = desktopLinks().map((link) => link.getAttribute('href'));
  expect(hrefs).toContain('/my-products/ann@example.com');
  expect(hrefs).toContain('/carts/ann@example.com');
  expect(
    desktopLinks()
      .slice(-2)
      .map((link) => [link.textContent, link.getAttribute('href')]),
  ).toEqual([
    ['My Orders', '/orders'],
    ['Sales', '/sales'],
  ]);
  expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Account: Ann Buyer' })).toBeInTheDocument();
  expect(screen.getByText('Ann Buyer')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
});

test('the profile menu leads to the Profile page', async () => {
  fakeAuth.signIn({ email: 'ann@example.com', displayName: 'Ann Buyer' });
  const { user, router } = renderNavbar();

  const profile = screen.getByRole('link', { name: 'Profile' });
  expect(profile).toHaveAttribute('href', '/profile');
  await user.click(profile);
  expect(router.state.location.pathname).toBe('/profile');
});

test('the current page is highlighted', () => {
  renderNavbar('/all-products');

  const active = desktopLinks().filter((link) => link.getAttribute('aria-current') === 'page');
  expect(active.map((link) => link.textContent)).toEqual(['All Products']);
  expect(active[0]).toHaveClass('menu-active');
});

test('the menu button opens and closes the small-screen menu', async () => {
  const { user } = renderNavbar();
  const button = screen.getByRole('button', { name: 'Menu' });
  const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');

  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(menu).not.toBeVisible();
  await user.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  expect(menu).toBeVisible();
  await user.keyboard('{Escape}');
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(button).toHaveFocus();
});

test('Logout signs out, says so and goes home', async () => {
  fakeAuth.signIn({ displayName: 'Ann Buyer' });
  const { user, router } = renderNavbar('/all-products');

  await user.click(screen.getByRole('button', { name: 'Logout' }));

  expect(fakeAuth.actions.logout).toHaveBeenCalled();
  expect(within(await screen.findByRole('dialog')).getByText('Sign-out successful.')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/');
  expect(screen.queryByRole('button', { name: 'Logout', hidden: true })).not.toBeInTheDocument();
});

test('a failed logout is reported as a sentence', async () => {
  fakeAuth.signIn();
  fakeAuth.actions.logout.mockRejectedValue(Object.assign(new Error('x'), { code: 'auth/network-request-failed' }));
  const { user } = renderNavbar();

  await user.click(screen.getByRole('button', { name: 'Logout' }));

  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Logout failed')).toBeInTheDocument();
  expect(
    within(dialog).getByText('Could not reach the sign-in service. Check your connection and try again.'),
  ).toBeInTheDocument();
});

test('Logout is disabled while signing out, so a double click signs out once', async () => {
  fakeAuth.signIn({ displayName: 'Ann Buyer' });
  let finish: () => void = () => {};
  fakeAuth.actions.logout.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
  const { user } = renderNavbar();

  const logout = screen.getByRole('button', { name: 'Logout' });
  await user.dblClick(logout);
  expect(logout).toBeDisabled();
  expect(fakeAuth.actions.logout).toHaveBeenCalledTimes(1);
  await act(async () => finish());
});

test('while the auth state loads, a labelled status stands in for the account menu', () => {
  fakeAuth.setLoading(true);
  renderNavbar();
  expect(screen.getByRole('status', { name: 'Checking sign-in' })).toBeInTheDocument();
});
