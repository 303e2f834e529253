import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { fakeAuth } from '@/test/fake-auth';
import { receivedRoutes, server } from '@/test/server';
import { renderRoute } from '@/test/render';
import { createCompany } from '@/test/company';
import type { CompanyRole } from '@b2b/shared';
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

  // The spec's six links keep their places; the other pages are in the Buying and Selling menus.
  const bar = within(screen.getByRole('navigation', { name: 'Main' }));
  const visible = desktopLinks().filter((link) => !link.closest('[hidden]'));
  expect(visible.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Home', '/'],
    ['Categories', '/categories'],
    ['All Products', '/all-products'],
    ['Add Product', '/add-products'],
    ['My Products', '/my-products/ann@example.com'],
    ['My Cart', '/carts/ann@example.com'],
  ]);
  expect(bar.getByRole('button', { name: 'Buying' })).toBeInTheDocument();
  expect(bar.getByRole('button', { name: 'Selling' })).toBeInTheDocument();
  expect(bar.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/inbox');
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

test('the profile menu also leads to Import products (the menus listing it are closed)', async () => {
  fakeAuth.signIn({ email: 'ann@example.com', displayName: 'Ann Buyer' });
  const { user, router } = renderNavbar();

  const importLink = screen.getByRole('link', { name: 'Import products' });
  expect(importLink).toHaveAttribute('href', '/import');
  await user.click(importLink);
  expect(router.state.location.pathname).toBe('/import');
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

test('the Selling menu opens Dashboard, Sales, Sales invoices, Receivables, Quotes, Import products and Price lists, and closes on Escape', async () => {
  fakeAuth.signIn({ email: 'ann@example.com', displayName: 'Ann Buyer' });
  const { user, router } = renderNavbar();
  const bar = within(screen.getByRole('navigation', { name: 'Main' }));
  const selling = bar.getByRole('button', { name: 'Selling' });
  const menu = document.getElementById(selling.getAttribute('aria-controls') ?? '');

  expect(menu).not.toBeVisible();
  await user.click(selling);
  expect(selling).toHaveAttribute('aria-expanded', 'true');
  expect(
    within(menu as HTMLElement)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]),
  ).toEqual([
    ['Dashboard', '/dashboard'],
    ['Sales', '/sales'],
    ['Sales invoices', '/sales/invoices'],
    ['Receivables', '/receivables'],
    ['Quotes', '/sales/quotes'],
    ['Import products', '/import'],
    ['Price lists', '/price-lists'],
  ]);
  await user.keyboard('{Escape}');
  expect(menu).not.toBeVisible();
  expect(selling).toHaveFocus();

  await user.click(selling);
  await user.click(within(menu as HTMLElement).getByRole('link', { name: 'Dashboard' }));
  expect(router.state.location.pathname).toBe('/dashboard');
  expect(menu).not.toBeVisible();
  expect(selling).toHaveClass('menu-active');
});

test('the bell shows the unread count and leads to the inbox', async () => {
  server.use(http.get('/api/notifications/unread-count', () => HttpResponse.json({ unread: 3 })));
  fakeAuth.signIn({ email: 'ann@example.com', displayName: 'Ann Buyer' });
  renderNavbar();
  const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' }, { timeout: 5000 });
  expect(bell).toHaveAttribute('href', '/inbox');
  expect(bell).toHaveTextContent('3');
});

test('the small-screen menu lists the groups with their pages, two taps from anywhere', async () => {
  fakeAuth.signIn({ email: 'ann@example.com', displayName: 'Ann Buyer' });
  const { user } = renderNavbar();
  const button = screen.getByRole('button', { name: 'Menu' });
  const menu = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
  await user.click(button);
  expect(within(menu).getByRole('heading', { name: 'Buying' })).toBeVisible();
  expect(within(menu).getByRole('heading', { name: 'Selling' })).toBeVisible();
  expect(within(menu).getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
  expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
});

test('the Company menu: Company for everyone, Approvals and Company orders for approvers and admins', async () => {
  fakeAuth.signIn({ email: 'ann@example.com', displayName: 'Ann Buyer' });
  const { user, unmount } = renderNavbar();
  const bar = () => within(screen.getByRole('navigation', { name: 'Main' }));
  const companyMenu = async () => {
    const button = bar().getByRole('button', { name: 'Company' });
    return document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
  };
  // No company (the API answers 404): the Company page only, to create one or answer an invitation.
  await user.click(bar().getByRole('button', { name: 'Company' }));
  await waitFor(() => expect(receivedRoutes()).toContain('GET /api/companies/mine'));
  let menu = await companyMenu();
  expect(
    within(menu)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href')),
  ).toEqual(['/company']);
  unmount();

  server.use(
    http.get('/api/companies/mine', () =>
      HttpResponse.json({
        company: {
          _id: '00000000-0000-4000-8000-000000000001',
          name: 'Rahman Restaurants',
          createdAt: '2026-11-01T00:00:00.000Z',
          updatedAt: '2026-11-01T00:00:00.000Z',
          role: 'approver',
          spendingLimit: null,
          members: [],
          invitations: [],
        },
      }),
    ),
  );
  renderNavbar();
  await user.click(bar().getByRole('button', { name: 'Company' }));
  menu = await companyMenu();
  expect(await within(menu).findByRole('link', { name: 'Approvals' })).toHaveAttribute('href', '/approvals');
  expect(within(menu).getByRole('link', { name: 'Company orders' })).toHaveAttribute('href', '/company/orders');
});

test('pending invitations show as a count on the Company menu and its page link', async () => {
  fakeAuth.signIn({ email: 'ann@example.com', displayName: 'Ann Buyer' });
  server.use(
    http.get('/api/invitations', () =>
      HttpResponse.json([
        {
          _id: '00000000-0000-4000-8000-000000000002',
          email: 'ann@example.com',
          role: 'buyer',
          spendingLimit: 500,
          companyId: '00000000-0000-4000-8000-000000000001',
          companyName: 'Rahman Restaurants',
          invitedByEmail: 'owner@example.com',
          createdAt: '2026-11-20T09:00:00.000Z',
          expiresAt: '2026-11-27T09:00:00.000Z',
        },
      ]),
    ),
  );
  renderNavbar();
  const bar = within(screen.getByRole('navigation', { name: 'Main' }));
  expect(await bar.findByRole('button', { name: 'Company, 1 invitation' })).toBeInTheDocument();
  const menuButton = screen.getByRole('button', { name: 'Menu' });
  await userEvent.click(menuButton);
  const menu = document.getElementById(menuButton.getAttribute('aria-controls') ?? '') as HTMLElement;
  expect(within(menu).getByRole('link', { name: 'Company, 1 invitation' })).toHaveAttribute('href', '/company');
});

test('each company role is offered only the pages it may open: a desk clerk sees Sales and Dashboard, not Add Product', async () => {
  fakeAuth.signIn({ email: 'desk@example.com', displayName: 'Dee Desk' });
  /** Whether the small-screen menu (every link of the bar and its groups) offers each page, once the company loaded. */
  const offered = async (role: CompanyRole, pages: string[], expected: boolean[]) => {
    server.use(http.get('/api/companies/mine', () => HttpResponse.json({ company: createCompany({ role }) })));
    const { user, unmount } = renderNavbar();
    const button = screen.getByRole('button', { name: 'Menu' });
    await user.click(button);
    const menu = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    const labels = () =>
      new Set(
        within(menu)
          .queryAllByRole('link')
          .map((a) => a.textContent?.trim() ?? ''),
      );
    await waitFor(() => expect(pages.map((page) => labels().has(page))).toEqual(expected));
    unmount();
  };
  const pages = [
    'Add Product',
    'Dashboard',
    'Sales',
    'Sales invoices',
    'Import products',
    'Price lists',
    'Activity',
    'Approvals',
    'Invoices',
    'Receivables',
    'Statements',
  ];
  // Everyone buys, so everyone has the invoices they received; the desk has the ones it issued
  // and the receivables; the company's accounts with its sellers are its admins' and approvers'.
  await offered('sales', pages, [false, true, true, true, false, true, false, false, true, true, false]);
  await offered('catalogue', pages, [true, true, false, false, true, true, false, false, true, false, false]);
  await offered('buyer', pages, [false, false, false, false, false, false, false, false, true, false, false]);
  await offered('approver', pages, [false, false, false, false, false, false, false, true, true, false, true]);
  await offered('admin', pages, [true, true, true, true, true, true, true, true, true, true, true]);
});

test('Quotes: Buying offers them to whoever may ask for one, Selling to whoever answers them', async () => {
  fakeAuth.signIn({ email: 'desk@example.com', displayName: 'Dee Desk' });
  /** The Quotes links of the small-screen menu lead to `expected`, once the company loaded. */
  const quoteLinks = async (role: CompanyRole | null, expected: string[]) => {
    server.use(
      http.get('/api/companies/mine', () => HttpResponse.json({ company: role ? createCompany({ role }) : null })),
    );
    const { user, unmount } = renderNavbar();
    const button = screen.getByRole('button', { name: 'Menu' });
    await user.click(button);
    const menu = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    // The role arrives after the first render: the menu's company links say it has (Company orders for an approver).
    await waitFor(() => expect(receivedRoutes()).toContain('GET /api/companies/mine'));
    await waitFor(() =>
      expect(
        within(menu)
          .queryAllByRole('link', { name: 'Quotes' })
          .map((link) => link.getAttribute('href')),
      ).toEqual(expected),
    );
    unmount();
  };
  // Without a company one sells on one's own too; the order desk answers but does not buy on quote.
  await quoteLinks(null, ['/quotes', '/sales/quotes']);
  await quoteLinks('admin', ['/quotes', '/sales/quotes']);
  await quoteLinks('sales', ['/sales/quotes']);
  await quoteLinks('buyer', ['/quotes']);
  await quoteLinks('approver', ['/quotes']);
  await quoteLinks('catalogue', []);
});
