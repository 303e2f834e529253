import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { fakeAuth } from '@/test/fake-auth';
import { createProduct } from '@/test/factories';
import { renderRoute } from '@/test/render';
import { pageResponse, receivedRequests, server } from '@/test/server';
import AllProductsRoute from './all-products';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));

const plenty = createProduct({ name: 'Copy Paper', quantity: 500, minSellQty: 20, price: 4.5, brand: 'Paperly' });
const scarce = createProduct({ name: 'Fountain Pen', quantity: 40, category: 'office&stationary' });

/** Answers GET /api/products according to the request's query string. */
function serveProducts(answer: (query: URLSearchParams) => Response) {
  server.use(http.get('/api/products', ({ request }) => answer(new URL(request.url).searchParams)));
}

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn();
  serveProducts((query) => pageResponse(query.get('available') === 'true' ? [plenty] : [plenty, scarce]));
});

/** The query string of the last list request, e.g. { limit: '24', offset: '0' }. */
const lastQuery = () => receivedRequests().findLast((request) => request.route === 'GET /api/products')?.query;

test('the table shows the spec columns, and Details and Update per row', async () => {
  renderRoute(<AllProductsRoute />, { path: '/all-products' });
  expect(screen.getByRole('heading', { level: 1, name: 'All Products' })).toBeInTheDocument();
  const table = await screen.findByRole('table');
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
  expect(headers).toEqual([
    'SL',
    'Name',
    'Image',
    'Brand',
    'Category',
    'Quantity',
    'Min Sell Qty',
    'Price',
    'Rating',
    'Action',
  ]);

  const row = within(table).getByRole('row', { name: /Copy Paper/ });
  expect(within(row).getByText('Paperly')).toBeInTheDocument();
  expect(within(row).getByText('$4.50')).toBeInTheDocument();
  expect(within(row).getByRole('link', { name: 'Details' })).toHaveAttribute('href', `/product-details/${plenty._id}`);
  expect(within(row).getByRole('link', { name: 'Update' })).toHaveAttribute('href', `/update-product/${plenty._id}`);
  expect(within(table).getByText('Office & stationary')).toBeInTheDocument();
  expect(lastQuery()).toMatchObject({ limit: '24', offset: '0' });
  expect(lastQuery()).not.toHaveProperty('available');
});

test('the filter toggles between all and available products, on the server and in the URL', async () => {
  const { user, router } = renderRoute(<AllProductsRoute />, { path: '/all-products' });
  expect(await screen.findByText('Fountain Pen')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Show Available Products' }));
  await waitFor(() => expect(screen.queryByText('Fountain Pen')).not.toBeInTheDocument());
  expect(lastQuery()).toMatchObject({ available: 'true' });
  expect(router.state.location.search).toBe('?available=true');
  expect(screen.getByText('Copy Paper')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Show All Products' }));
  expect(await screen.findByText('Fountain Pen')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Show Available Products' })).toBeInTheDocument();
  expect(lastQuery()).not.toHaveProperty('available');
});

test('the filter read from the URL survives a reload', async () => {
  renderRoute(<AllProductsRoute />, { path: '/all-products', url: '/all-products?available=true&view=card' });
  expect(await screen.findByRole('heading', { name: 'Copy Paper' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Show All Products' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Card View' })).toHaveAttribute('aria-pressed', 'true');
  expect(lastQuery()).toMatchObject({ available: 'true' });
});

test('Card View shows cards with name, brand, category, price, min qty and rating', async () => {
  const { user } = renderRoute(<AllProductsRoute />, { path: '/all-products' });
  await screen.findByRole('table');
  await user.click(screen.getByRole('button', { name: 'Card View' }));

  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  const card = screen.getByRole('article', { name: 'Copy Paper' });
  expect(within(card).getByRole('img', { name: 'Copy Paper' })).toBeInTheDocument();
  expect(within(card).getByText('Paperly')).toBeInTheDocument();
  expect(within(card).getByText('Electronics')).toBeInTheDocument();
  expect(within(card).getByText('$4.50')).toBeInTheDocument();
  expect(within(card).getByText('Min qty')).toBeInTheDocument();
  expect(within(card).getByText('20')).toBeInTheDocument();
  expect(within(card).getByText('4.2 / 5')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Table View' }));
  expect(screen.getByRole('table')).toBeInTheDocument();
});

test('an empty list says No products found. in both views', async () => {
  serveProducts(() => pageResponse([]));
  const { user } = renderRoute(<AllProductsRoute />, { path: '/all-products' });
  expect(await screen.findByText('No products found.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Card View' }));
  expect(screen.getByText('No products found.')).toBeInTheDocument();
});

test('search sends q and pages move the offset', async () => {
  serveProducts(() => pageResponse([plenty], 60));
  const { user, router } = renderRoute(<AllProductsRoute />, { path: '/all-products' });
  await screen.findByText('Copy Paper');

  await user.type(screen.getByRole('searchbox', { name: 'Search by name or brand' }), 'paper{Enter}');
  await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'paper', offset: '0' }));

  await user.click(screen.getByRole('button', { name: 'Page 2' }));
  await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'paper', offset: '24' }));
  expect(router.state.location.search).toBe('?q=paper&page=2');
});

test('a failed load offers Retry instead of loading forever', async () => {
  // A 500 without the API's error body, as a proxy in front of the API might send.
  serveProducts(() => new HttpResponse(null, { status: 500 }));
  const { user } = renderRoute(<AllProductsRoute />, { path: '/all-products' });
  expect(await screen.findByRole('alert')).toHaveTextContent('HTTP 500');
  serveProducts(() => pageResponse([plenty]));
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Copy Paper')).toBeInTheDocument();
});

test('the search field keeps focus on Enter and while it is cleared, and follows the URL', async () => {
  const { user, router } = renderRoute(<AllProductsRoute />, { path: '/all-products' });
  await screen.findByText('Copy Paper');
  const search = screen.getByRole('searchbox', { name: 'Search by name or brand' });

  await user.type(search, 'pen{Enter}');
  await waitFor(() => expect(router.state.location.search).toBe('?q=pen'));
  expect(search).toHaveFocus();

  // Emptying the field shows everything again; typing goes on in the same field.
  await user.type(search, '{Backspace}{Backspace}{Backspace}');
  await waitFor(() => expect(router.state.location.search).toBe(''));
  expect(search).toHaveFocus();
  await user.type(search, 'ink');
  expect(search).toHaveValue('ink');

  await act(() => router.navigate('/all-products?q=paper'));
  expect(screen.getByRole('searchbox', { name: 'Search by name or brand' })).toHaveValue('paper');
});

test('a page past the end of the list shows the last page instead', async () => {
  serveProducts((query) => pageResponse([createProduct({ name: `Item at ${String(query.get('offset'))}` })], 30));
  const { router } = renderRoute(<AllProductsRoute />, { path: '/all-products', url: '/all-products?q=a&page=5' });

  expect(await screen.findByText('Item at 24')).toBeInTheDocument();
  expect(router.state.location.search).toBe('?q=a&page=2');
  expect(router.state.historyAction).toBe('REPLACE');
});

test('the page sets the document title', () => {
  renderRoute(<AllProductsRoute />, { path: '/all-products' });
  expect(document.title).toBe('All Products | B2B Wholesale Platform');
});
