import { screen } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import AllProductsRoute from '@/app/routes/all-products';
import { preloadPictures, takePrefetched } from '@/lib/prefetch';
import { SESSION_HINT_KEY } from '@/lib/session-hint';
import { fakeAuth } from '@/test/fake-auth';
import { createProduct } from '@/test/factories';
import { renderRoute } from '@/test/render';
import { pageResponse, receivedRequests, server } from '@/test/server';
import { ALL_PRODUCTS_FIRST_PAGE } from './all-products';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));

const product = createProduct({ name: 'Prefetched Paper' });
const listRequests = () => receivedRequests().filter((r) => r.route === 'GET /api/products');
/** The signed-in user's token, as the fake auth gives it (test/fake-auth.tsx). */
let token = '';

beforeEach(() => {
  fakeAuth.reset();
  token = `test-token-${fakeAuth.signIn().uid}`;
  server.use(http.get('/api/products', () => pageResponse([product])));
});
afterEach(() => {
  globalThis.__b2bPrefetch = undefined;
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

test('All Products asks first for exactly the page its shell prefetches', async () => {
  renderRoute(<AllProductsRoute />, { path: '/all-products' });
  expect(await screen.findAllByText('Prefetched Paper')).not.toHaveLength(0);
  const [first] = listRequests();
  expect(first && `${first.path}?${new URLSearchParams(first.query).toString()}`).toBe(ALL_PRODUCTS_FIRST_PAGE);
});

test('the page takes the prefetched response instead of asking again', async () => {
  globalThis.__b2bPrefetch = {
    url: ALL_PRODUCTS_FIRST_PAGE,
    token,
    startedAt: Date.now(),
    response: Promise.resolve(pageResponse([product])),
  };
  renderRoute(<AllProductsRoute />, { path: '/all-products' });
  expect(await screen.findAllByText('Prefetched Paper')).not.toHaveLength(0);
  expect(listRequests()).toHaveLength(0);
  expect(globalThis.__b2bPrefetch).toBeUndefined();
});

test("the app's other requests, sent first, leave the prefetch to the page", async () => {
  globalThis.__b2bPrefetch = {
    url: ALL_PRODUCTS_FIRST_PAGE,
    token,
    startedAt: Date.now(),
    response: Promise.resolve(pageResponse([product])),
  };
  // What the navbar asks beside the page, before the page's own request.
  expect(takePrefetched('/api/companies/mine', token)).toBeUndefined();
  expect(takePrefetched('/api/notifications/unread-count', token)).toBeUndefined();
  renderRoute(<AllProductsRoute />, { path: '/all-products' });
  expect(await screen.findAllByText('Prefetched Paper')).not.toHaveLength(0);
  expect(listRequests()).toHaveLength(0);
});

test("a prefetch made with another user's token is not used", async () => {
  globalThis.__b2bPrefetch = {
    url: ALL_PRODUCTS_FIRST_PAGE,
    token: 'someone-else',
    startedAt: Date.now(),
    response: Promise.resolve(pageResponse([createProduct({ name: 'Not Yours' })])),
  };
  renderRoute(<AllProductsRoute />, { path: '/all-products' });
  expect(await screen.findAllByText('Prefetched Paper')).not.toHaveLength(0);
  expect(screen.queryByText('Not Yours')).not.toBeInTheDocument();
  expect(listRequests()).toHaveLength(1);
});

test('the shell script requests the first page with the kept token, only on a bare /all-products', async () => {
  localStorage.setItem(
    SESSION_HINT_KEY,
    JSON.stringify({
      uid: 'u1',
      email: 'ann@example.com',
      displayName: 'Ann',
      photoURL: null,
      token: { value: 'kept-token', expiresAt: Date.now() + 30 * 60_000 },
    }),
  );
  window.history.replaceState(null, '', '/all-products?sort=name_asc');
  vi.resetModules();
  await import('./all-products');
  expect(globalThis.__b2bPrefetch).toBeUndefined();

  window.history.replaceState(null, '', '/all-products');
  vi.resetModules();
  await import('./all-products');
  const response = await globalThis.__b2bPrefetch?.response;
  expect(response?.ok).toBe(true);
  const [sent] = listRequests();
  expect(sent?.headers.get('authorization')).toBe('Bearer kept-token');
});

test("once the prefetched page is in, the first row's pictures start downloading, and the app still reads the page", async () => {
  const page = [
    createProduct({ name: 'One', image: '/images/products/one.svg' }),
    createProduct({ name: 'Two', image: '' }),
    createProduct({ name: 'Three', image: ' https://cdn.example.com/three.png ' }),
    createProduct({ name: 'Four', image: '/images/products/four.svg' }),
    createProduct({ name: 'Five', image: '/images/products/five.svg' }),
  ];
  const response = Promise.resolve(pageResponse(page));
  await preloadPictures(response, 3);

  const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')];
  // The first three products, without the one that has no picture; the fourth is not in the first row.
  expect(links.map((link) => link.getAttribute('href'))).toEqual([
    '/images/products/one.svg',
    'https://cdn.example.com/three.png',
  ]);
  expect(
    links.every((link) => link.getAttribute('fetchpriority') === 'high' && !link.hasAttribute('crossorigin')),
  ).toBe(true);
  // The app reads the same response afterwards, whole.
  expect(await (await response).json()).toHaveLength(5);
});

test('a prefetch that fails or is not a page preloads nothing', async () => {
  await preloadPictures(Promise.reject(new Error('offline')), 3);
  await preloadPictures(Promise.resolve(new Response('<html>', { headers: { 'content-type': 'text/html' } })), 3);
  await preloadPictures(Promise.resolve(Response.json({ statusCode: 401, message: 'Sign in' })), 3);
  expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(0);
});
