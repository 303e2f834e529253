import { configure, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { fakeAuth } from '@/test/fake-auth';
import { renderRoutes } from '@/test/render';
import { pageResponse, server } from '@/test/server';
import { routes } from './router';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));

beforeEach(() => {
  fakeAuth.reset();
  // The lists the pages under test ask for, empty.
  server.use(
    http.get('/api/products', () => pageResponse([])),
    http.get('/api/categories', () => pageResponse([])),
  );
});

// Pages are lazy chunks: the first import of each in this file can be slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const GUARDED = [
  '/add-products',
  '/all-products',
  '/carts/ann@example.com',
  '/product-details/00000000-0000-4000-8000-000000000001',
  '/update-product/00000000-0000-4000-8000-000000000001',
  '/categories/electronics',
  '/categories',
  '/my-products/ann@example.com',
  '/checkout',
  '/checkout/placed/00000000-0000-4000-8000-000000000001',
  '/orders',
  '/orders/00000000-0000-4000-8000-000000000001',
  '/sales',
  '/quotes',
  '/sales/quotes',
  '/quotes/00000000-0000-4000-8000-000000000001',
  '/profile',
];

test.each(GUARDED)('signed out, %s redirects to /login and remembers where it came from', async (url) => {
  const { router } = renderRoutes(routes, { url: `${url}?view=card` });

  expect(await screen.findByRole('heading', { name: 'Login now!' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
  expect(router.state.location.state).toEqual({ from: { pathname: url, search: '?view=card', hash: '' } });
});

test('while the auth state loads the guard shows Loading...', async () => {
  fakeAuth.setLoading(true);
  const { router } = renderRoutes(routes, { url: '/all-products' });

  const main = screen.getByRole('main');
  expect(await within(main).findByText('Loading...')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/all-products');
});

test('after login the user is back on the guarded page, with /login replaced in history', async () => {
  const { router, user } = renderRoutes(routes, { url: '/all-products' });
  await screen.findByRole('heading', { name: 'Login now!' });

  await user.type(screen.getByLabelText('Email'), 'ann@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret123!');
  await user.click(screen.getByRole('button', { name: 'Login' }));

  const alert = await screen.findByRole('dialog');
  expect(within(alert).getByText('Signed in successful.')).toBeInTheDocument();
  expect(fakeAuth.actions.login).toHaveBeenCalledWith('ann@example.com', 'Secret123!');
  expect(router.state.location.pathname).toBe('/all-products');
  expect(router.state.historyAction).toBe('REPLACE');
  await user.click(within(alert).getByRole('button', { name: 'OK' }));
  expect(await screen.findByRole('heading', { name: 'All Products', level: 1 })).toBeInTheDocument();
});

test('signed in, a guarded page renders directly', async () => {
  fakeAuth.signIn({ email: 'ann@example.com' });
  const { router } = renderRoutes(routes, { url: '/all-products' });

  expect(await screen.findByRole('heading', { name: 'All Products', level: 1 })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/all-products');
});

test('an unknown route shows the 404 page with its links', async () => {
  renderRoutes(routes, { url: '/no/such/page' });

  expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
  expect(screen.getByText("Oops! The page you're looking for doesn’t exist or has been moved.")).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  expect(screen.getByRole('link', { name: 'contact support' })).toHaveAttribute('href', '/contact');
  expect(document.title).toBe('Page not found | B2B Wholesale Platform');
});

test('the 404 page is open to signed-out visitors', async () => {
  const { router } = renderRoutes(routes, { url: '/carts' });

  expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/carts');
});

test('the contact page is open and explains the form opens the mail client', async () => {
  renderRoutes(routes, { url: '/contact' });

  expect(await screen.findByRole('heading', { name: 'Contact Us', level: 1 })).toBeInTheDocument();
  expect(screen.getByText(/Sending opens your email app/)).toBeInTheDocument();
  expect(screen.getByLabelText('Message')).toBeRequired();
  expect(document.title).toBe('Contact Us | B2B Wholesale Platform');
});

test('signed in, the categories page sets its document title', async () => {
  fakeAuth.signIn();
  renderRoutes(routes, { url: '/categories' });

  expect(await screen.findByRole('heading', { name: 'Products in Category: All', level: 1 })).toBeInTheDocument();
  expect(document.title).toBe('Categories | B2B Wholesale Platform');
});
