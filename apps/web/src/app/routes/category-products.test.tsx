import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { fakeAuth } from '@/test/fake-auth';
import { createProduct } from '@/test/factories';
import { renderRoute } from '@/test/render';
import { pageResponse, receivedRequests, receivedRoutes, server } from '@/test/server';
import CategoriesRoute from './categories';
import CategoryProductsRoute from './category-products';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));

const kettle = createProduct({ name: 'Kettle', category: 'kitchen', brand: 'Boil', price: 30, rating: 4.8 });

/** Answers the category lists (all, or one category) according to the request's query string. */
function serveCategories(answer: (query: URLSearchParams) => Response) {
  const resolver = ({ request }: { request: Request }) => answer(new URL(request.url).searchParams);
  server.use(http.get('/api/categories', resolver), http.get('/api/categories/:id', resolver));
}

/** The requests for the list itself (the filter counts, GET /api/products/facets, and the buyer's own prices aside). */
const listRoutes = () =>
  receivedRoutes().filter((route) => route !== 'GET /api/products/facets' && route !== 'POST /api/prices');

const lastRequest = () => receivedRequests().findLast((request) => request.path.startsWith('/api/categories'));

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn();
});

test('a category page lists its products as cards with Details', async () => {
  serveCategories(() => pageResponse([kettle]));
  renderRoute(<CategoryProductsRoute />, { path: '/categories/:id', url: '/categories/kitchen' });

  expect(screen.getByRole('heading', { level: 1, name: 'Products in Category: kitchen' })).toBeInTheDocument();
  const card = await screen.findByRole('article', { name: 'Kettle' });
  expect(within(card).getByText('Boil')).toBeInTheDocument();
  expect(within(card).getByText('$30.00')).toBeInTheDocument();
  expect(within(card).getByText('4.8 / 5')).toBeInTheDocument();
  expect(within(card).getByText('Kitchen')).toBeInTheDocument();
  expect(within(card).getByRole('link', { name: /Details/ })).toHaveAttribute('href', `/product-details/${kettle._id}`);
  expect(card.closest('ul')).toHaveClass('grid-cols-1', 'sm:grid-cols-2', 'lg:grid-cols-3');
  expect(listRoutes().at(-1)).toBe('GET /api/categories/kitchen');
});

test('a buyer with a contract price sees “Your price” on the card, with the list price struck beside it', async () => {
  serveCategories(() => pageResponse([kettle]));
  server.use(
    http.post('/api/prices', () =>
      HttpResponse.json({
        lines: [{ productId: kettle._id, quantity: 1, unitPrice: 26.5, lineTotal: 26.5, source: 'contract' }],
      }),
    ),
  );
  renderRoute(<CategoryProductsRoute />, { path: '/categories/:id', url: '/categories/kitchen' });
  const card = await screen.findByRole('article', { name: 'Kettle' });
  expect(await within(card).findByText('Your price', { selector: 'dt' })).toBeInTheDocument();
  expect(within(card).getByText('$26.50')).toBeInTheDocument();
  expect(within(card).getByText('$30.00').closest('s')).not.toBeNull();
  expect(receivedRoutes()).toContain('POST /api/prices');
});

test('an empty category says so', async () => {
  serveCategories(() => pageResponse([]));
  renderRoute(<CategoryProductsRoute />, { path: '/categories/:id', url: '/categories/office&stationary' });
  expect(await screen.findByText('No products found in this category.')).toBeInTheDocument();
  expect(listRoutes().at(-1)).toBe('GET /api/categories/office%26stationary');
});

test('an unknown category says it is unknown, with a way back to Categories, without asking the API', () => {
  renderRoute(<CategoryProductsRoute />, { path: '/categories/:id', url: '/categories/toys' });
  expect(screen.getByRole('heading', { name: 'Products in Category: toys' })).toBeInTheDocument();
  const notice = screen.getByRole('alert');
  expect(notice).toHaveTextContent('Unknown category');
  expect(notice).toHaveTextContent('“toys” is not one of our categories.');
  expect(within(notice).getByRole('link', { name: 'Back to Categories' })).toHaveAttribute('href', '/categories');
  // Not dressed up as an empty category.
  expect(screen.queryByText('No products found in this category.')).not.toBeInTheDocument();
  expect(receivedRoutes()).toEqual([]);
});

test('the sort control sorts on the server and stays in the URL; page 1 again', async () => {
  serveCategories(() => pageResponse([kettle], 60));
  const { user, router } = renderRoute(<CategoryProductsRoute />, {
    path: '/categories/:id',
    url: '/categories/kitchen?page=2',
  });
  await screen.findByRole('article', { name: 'Kettle' });
  const sort = screen.getByRole('combobox', { name: 'Sort by' });
  expect(sort).toHaveValue('oldest');
  expect(within(sort).queryByRole('option', { name: 'Best match' })).not.toBeInTheDocument();

  await user.selectOptions(sort, 'Price: high to low');
  await waitFor(() => expect(lastRequest()?.query).toMatchObject({ sort: 'price_desc', offset: '0' }));
  expect(lastRequest()?.path).toBe('/api/categories/kitchen');
  expect(router.state.location.search).toBe('?sort=price_desc');
});

test('All categories sort too, and while searching Best match is the default', async () => {
  serveCategories(() => pageResponse([kettle]));
  const { user, router } = renderRoute(<CategoriesRoute />, { path: '/categories', url: '/categories?q=kettle' });
  await screen.findByRole('article', { name: 'Kettle' });
  const sort = screen.getByRole('combobox', { name: 'Sort by' });
  expect(sort).toHaveValue('relevance');
  expect(lastRequest()?.query).toMatchObject({ q: 'kettle', sort: 'relevance' });

  await user.selectOptions(sort, 'Rating: high to low');
  await waitFor(() => expect(lastRequest()?.query).toMatchObject({ q: 'kettle', sort: 'rating_desc' }));
  expect(router.state.location.search).toBe('?q=kettle&sort=rating_desc');

  // Back to the default: the URL drops the sort again.
  await user.selectOptions(sort, 'Best match');
  await waitFor(() => expect(router.state.location.search).toBe('?q=kettle'));
});

test('All categories lists every product and links to each category', async () => {
  serveCategories(() => pageResponse([kettle]));
  renderRoute(<CategoriesRoute />, { path: '/categories' });
  expect(screen.getByRole('heading', { level: 1, name: 'Products in Category: All' })).toBeInTheDocument();
  expect(await screen.findByRole('article', { name: 'Kettle' })).toBeInTheDocument();
  expect(listRoutes().at(-1)).toBe('GET /api/categories');
  const nav = screen.getByRole('navigation', { name: 'Categories' });
  expect(within(nav).getByRole('link', { name: 'Office & stationary' })).toHaveAttribute(
    'href',
    '/categories/office&stationary',
  );
  expect(within(nav).getAllByRole('link')).toHaveLength(10);
});

test('a page past the end of a category shows its last page, and the title names the category', async () => {
  serveCategories((query) => pageResponse([createProduct({ name: `Item at ${String(query.get('offset'))}` })], 3));
  const { router } = renderRoute(<CategoryProductsRoute />, {
    path: '/categories/:id',
    url: '/categories/kitchen?page=3',
  });

  expect(await screen.findByText('Item at 0')).toBeInTheDocument();
  expect(router.state.location.search).toBe('');
  expect(document.title).toBe('Products in Category: kitchen | B2B Wholesale Platform');
});

test('a search in a category counts at least what the API knows and names a corrected spelling', async () => {
  serveCategories((query) =>
    pageResponse(
      Array.from({ length: 24 }, (_, i) => createProduct({ name: `Kettle ${i + 1}`, category: 'kitchen' })),
      10_000,
      query.get('q') === 'ketle' ? { relation: 'gte', nextCursor: 'next', corrected: 'kettle' } : {},
    ),
  );
  renderRoute(<CategoryProductsRoute />, { path: '/categories/:id', url: '/categories/kitchen?q=ketle' });

  expect(await screen.findByText('10,000+ products matching “kettle”')).toBeInTheDocument();
  expect(screen.getByText('Showing results for “kettle”')).toHaveAttribute('aria-live', 'polite');
  const pager = screen.getByRole('navigation', { name: 'Pagination' });
  expect(within(pager).getByText('Showing 1–24 of 10,000+ results')).toBeInTheDocument();
  expect(within(pager).queryByRole('button', { name: 'Page 417' })).not.toBeInTheDocument();
  expect(within(pager).getByRole('button', { name: 'Next' })).toBeEnabled();
});

test("a category card shows the product's SKU", async () => {
  serveCategories(() => pageResponse([{ ...kettle, sku: 'KT-17' }]));
  renderRoute(<CategoryProductsRoute />, { path: '/categories/:id', url: '/categories/kitchen' });
  const card = await screen.findByRole('article', { name: 'Kettle' });
  expect(within(card).getByText('SKU').nextElementSibling).toHaveTextContent('KT-17');
});
