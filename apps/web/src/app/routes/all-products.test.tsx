import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { fakeAuth } from '@/test/fake-auth';
import { createProduct } from '@/test/factories';
import { renderRoute } from '@/test/render';
import { pageResponse, receivedRequests, server, type PageHeaders } from '@/test/server';
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

/** The `q` of every list request that carried a search, in order. */
const searchesSent = () =>
  receivedRequests()
    .filter((request) => request.route === 'GET /api/products' && request.query.q !== undefined)
    .map((request) => request.query.q);

/** A full page of 24 products named after their position in the list, as the API would page them. */
function serveLargeList(total: number, headers: (offset: number) => PageHeaders = () => ({})) {
  serveProducts((query) => {
    const offset = Number(query.get('offset') ?? 0);
    const items = Array.from({ length: 24 }, (_, i) => createProduct({ name: `Cable ${offset + i + 1}` }));
    return pageResponse(items, total, headers(offset));
  });
}

const pager = () => screen.getByRole('navigation', { name: 'Pagination' });

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

test('typing searches once typing pauses: one request, results in place, focus and caret kept', async () => {
  let release: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (release = resolve));
  serveProducts((query) => (query.get('q') === 'paper' ? pageResponse([plenty]) : pageResponse([plenty, scarce])));
  server.use(
    http.get('/api/products', async ({ request }) => {
      if (new URL(request.url).searchParams.get('q') !== 'paper') return undefined;
      await answered;
      return pageResponse([plenty]);
    }),
  );
  const { router } = renderRoute(<AllProductsRoute />, { path: '/all-products' });
  await screen.findByText('Fountain Pen');
  // Keys 60 ms apart: a pause shorter than the debounce, as a person typing.
  const user = userEvent.setup({ delay: 60 });
  const search = screen.getByRole('searchbox', { name: 'Search by name or brand' });

  await user.type(search, 'paer');
  await user.keyboard('{ArrowLeft}{ArrowLeft}p');
  expect(search).toHaveValue('paper');

  // While the answer is on its way, the previous rows stay on screen rather than a blank list.
  await waitFor(() => expect(searchesSent()).toEqual(['paper']));
  expect(screen.getByText('Fountain Pen')).toBeInTheDocument();
  expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  expect(router.state.location.search).toBe('?q=paper');
  expect(router.state.historyAction).toBe('REPLACE');

  release();
  await waitFor(() => expect(screen.queryByText('Fountain Pen')).not.toBeInTheDocument());
  expect(screen.getByText('Copy Paper')).toBeInTheDocument();
  expect(searchesSent()).toEqual(['paper']);
  expect(lastQuery()).toMatchObject({ q: 'paper', offset: '0' });
  expect(search).toHaveFocus();
  expect(search).toHaveProperty('selectionStart', 3);
});

test('a new search goes back to the first page', async () => {
  serveLargeList(100);
  const { user, router } = renderRoute(<AllProductsRoute />, { path: '/all-products', url: '/all-products?page=3' });
  // 24 rows are drawn in the background, and the filter counts' answer restarts that drawing once:
  // a loaded machine needs more than the default second.
  await screen.findByText('Cable 49', {}, { timeout: 5000 });

  await user.type(screen.getByRole('searchbox', { name: 'Search by name or brand' }), 'usb');
  await waitFor(() => expect(router.state.location.search).toBe('?q=usb'));
  await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'usb', offset: '0' }));
  expect(await screen.findByText('Cable 1', {}, { timeout: 5000 })).toBeInTheDocument();
});

test('a search superseded while in flight is cancelled', async () => {
  const aborted: string[] = [];
  serveProducts(() => pageResponse([plenty, scarce]));
  server.use(
    http.get('/api/products', async ({ request }) => {
      const q = new URL(request.url).searchParams.get('q');
      if (q !== 'pa') return undefined;
      // Never answers: only a cancellation ends this request.
      await new Promise<void>((resolve) => request.signal.addEventListener('abort', () => resolve()));
      aborted.push(q);
      return HttpResponse.error();
    }),
  );
  const { user } = renderRoute(<AllProductsRoute />, { path: '/all-products' });
  await screen.findByText('Fountain Pen');
  const search = screen.getByRole('searchbox', { name: 'Search by name or brand' });

  await user.type(search, 'pa');
  await waitFor(() => expect(searchesSent()).toEqual(['pa']));
  await user.type(search, 'per');
  await waitFor(() => expect(searchesSent()).toEqual(['pa', 'paper']));
  await waitFor(() => expect(aborted).toEqual(['pa']));
});

test('a corrected search says which spelling the results are for', async () => {
  serveProducts((query) =>
    query.get('q') === 'hedphones'
      ? pageResponse([createProduct({ name: 'Studio Headphones' })], 1, { corrected: 'headphones' })
      : pageResponse([plenty]),
  );
  const { user } = renderRoute(<AllProductsRoute />, { path: '/all-products', url: '/all-products?q=hedphones' });

  expect(await screen.findByText('Studio Headphones')).toBeInTheDocument();
  const notice = screen.getByText('Showing results for “headphones”');
  expect(notice).toHaveAttribute('aria-live', 'polite');
  expect(lastQuery()).toMatchObject({ q: 'hedphones' });

  // A search that matched as typed has no notice.
  await user.clear(screen.getByRole('searchbox', { name: 'Search by name or brand' }));
  expect(await screen.findByText('Copy Paper')).toBeInTheDocument();
  expect(screen.queryByText(/Showing results for/)).not.toBeInTheDocument();
});

test('a lower-bound total shows "10,000+" and pages on with Next, naming no last page', async () => {
  serveLargeList(10_000, (offset) => ({ relation: 'gte', nextCursor: `after-${offset + 24}` }));
  const { user, router } = renderRoute(<AllProductsRoute />, { path: '/all-products', url: '/all-products?q=cable' });

  expect(await screen.findByText('Cable 1')).toBeInTheDocument();
  expect(screen.getByText(/10,000\+ found\./)).toBeInTheDocument();
  expect(within(pager()).getByText('Showing 1–24 of 10,000+ results')).toBeInTheDocument();
  const pages = () =>
    within(pager())
      .getAllByRole('button', { name: /^Page / })
      .map((button) => button.textContent);
  expect(pages()).toEqual(['1', '2']);

  await user.click(within(pager()).getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('Cable 25')).toBeInTheDocument();
  expect(router.state.location.search).toBe('?q=cable&page=2');
  expect(within(pager()).getByText('Showing 25–48 of 10,000+ results')).toBeInTheDocument();
  expect(pages()).toEqual(['1', '2', '3']);
  expect(within(pager()).getByRole('button', { name: 'Next' })).toBeEnabled();
});

test('an exact total of a million is written with separators, and pages stop where offsets do', async () => {
  serveLargeList(1_000_000, (offset) => ({ relation: 'eq', nextCursor: `after-${offset + 24}` }));
  renderRoute(<AllProductsRoute />, { path: '/all-products' });

  expect(await screen.findByText('Cable 1')).toBeInTheDocument();
  expect(screen.getByText(/1,000,000 found\./)).toBeInTheDocument();
  expect(within(pager()).getByText('Showing 1–24 of 1,000,000 results')).toBeInTheDocument();
  // 417 × 24 rows end at offset 9,984, the last page an offset of at most 10,000 reaches.
  expect(within(pager()).getByRole('button', { name: 'Page 417' })).toBeInTheDocument();
  expect(within(pager()).queryByRole('button', { name: 'Page 418' })).not.toBeInTheDocument();
});

test('the last page the offset reaches offers a hint to narrow the list instead of Next', async () => {
  serveLargeList(1_000_000, (offset) => ({ nextCursor: `after-${offset + 24}` }));
  const { router } = renderRoute(<AllProductsRoute />, {
    path: '/all-products',
    url: '/all-products?available=true&page=9999',
  });

  // A page past the bound is read as the deepest one, so the API is never asked for more.
  expect(await screen.findByText('Cable 9985')).toBeInTheDocument();
  expect(lastQuery()).toMatchObject({ offset: '9984', available: 'true' });
  const listRequests = receivedRequests().filter((request) => request.route === 'GET /api/products');
  expect(listRequests.every((request) => Number(request.query.offset) <= 10_000)).toBe(true);
  await waitFor(() => expect(router.state.location.search).toBe('?available=true&page=417'));
  expect(within(pager()).getByRole('button', { name: 'Page 417' })).toHaveAttribute('aria-current', 'page');
  expect(within(pager()).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  expect(
    within(pager()).getByText('That is as far as the pages go. Narrow your search or filters to see more.'),
  ).toBeInTheDocument();
  expect(within(pager()).getByRole('button', { name: 'Previous' })).toBeEnabled();
});

test('with a lower-bound total the hint also shows on the deepest page when more rows exist', async () => {
  serveLargeList(10_000, (offset) => ({ relation: 'gte', nextCursor: `after-${offset + 24}` }));
  renderRoute(<AllProductsRoute />, { path: '/all-products', url: '/all-products?q=cable&page=417' });

  expect(await screen.findByText('Cable 10008')).toBeInTheDocument();
  expect(within(pager()).getByText('Showing 9,985–10,008 of 10,008+ results')).toBeInTheDocument();
  expect(within(pager()).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  expect(within(pager()).getByText(/Narrow your search or filters/)).toBeInTheDocument();
});

test('a page past the end of the list shows the last page instead', async () => {
  serveProducts((query) => pageResponse([createProduct({ name: `Item at ${String(query.get('offset'))}` })], 30));
  const { router } = renderRoute(<AllProductsRoute />, { path: '/all-products', url: '/all-products?q=a&page=5' });

  expect(await screen.findByText('Item at 24')).toBeInTheDocument();
  expect(router.state.location.search).toBe('?q=a&page=2');
  expect(router.state.historyAction).toBe('REPLACE');
});

test('a lower-bound total smaller than the page offset does not send the user back', async () => {
  // An estimate may fall short of the rows the API still serves; only an empty page is past the end.
  serveLargeList(100, (offset) => ({ relation: 'gte', nextCursor: `after-${offset + 24}` }));
  const { router } = renderRoute(<AllProductsRoute />, { path: '/all-products', url: '/all-products?q=cable&page=10' });

  expect(await screen.findByText('Cable 217')).toBeInTheDocument();
  expect(screen.getByText(/240\+ found\./)).toBeInTheDocument();
  expect(router.state.location.search).toBe('?q=cable&page=10');
});

test('the page sets the document title', () => {
  renderRoute(<AllProductsRoute />, { path: '/all-products' });
  expect(document.title).toBe('All Products | B2B Wholesale Platform');
});

test('while searching, the heading says what is shown', async () => {
  renderRoute(<AllProductsRoute />, { path: '/all-products', url: '/all-products?q=paper' });
  expect(await screen.findByText(/Showing products whose name or brand matches “paper”\./)).toBeInTheDocument();
  expect(screen.queryByText(/Showing every product in the catalogue/)).not.toBeInTheDocument();
});

test('the sort control sorts on the server, keeps the sort in the URL and goes back to page 1', async () => {
  serveProducts(() => pageResponse([plenty], 60));
  const { user, router } = renderRoute(<AllProductsRoute />, { path: '/all-products', url: '/all-products?page=2' });
  await screen.findByText('Copy Paper');
  const sort = screen.getByRole('combobox', { name: 'Sort by' });
  expect(sort).toHaveValue('oldest');
  expect(
    within(sort)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual([
    'Oldest first',
    'Newest first',
    'Price: low to high',
    'Price: high to low',
    'Name: A to Z',
    'Rating: high to low',
  ]);

  await user.selectOptions(sort, 'Price: low to high');
  await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'price_asc', offset: '0' }));
  expect(router.state.location.search).toBe('?sort=price_asc');

  // The filter keeps the sort.
  await user.click(screen.getByRole('button', { name: 'Show Available Products' }));
  await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'price_asc', available: 'true' }));
});

test('a sort in the URL is used at once; searching offers Best match, and clearing the search drops it', async () => {
  const { user, router } = renderRoute(<AllProductsRoute />, {
    path: '/all-products',
    url: '/all-products?sort=newest',
  });
  await screen.findByText('Copy Paper');
  expect(lastQuery()).toMatchObject({ sort: 'newest' });
  expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');

  await user.type(screen.getByRole('searchbox', { name: 'Search by name or brand' }), 'paper{Enter}');
  await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'paper', sort: 'newest' }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Best match');
  await waitFor(() => expect(router.state.location.search).toBe('?q=paper'));
  expect(lastQuery()).toMatchObject({ q: 'paper', sort: 'relevance' });

  // relevance needs a search: an old link with it and no search falls back to the default order.
  await act(() => router.navigate('/all-products?sort=relevance'));
  await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'oldest' }));
  expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('oldest');
});

test('quantities have thousands separators in the table and the cards', async () => {
  const bulk = createProduct({ name: 'Rice Sacks', quantity: 1_250_000, minSellQty: 2_500 });
  serveProducts(() => pageResponse([bulk]));
  const { user } = renderRoute(<AllProductsRoute />, { path: '/all-products' });
  const row = await screen.findByRole('row', { name: /Rice Sacks/ });
  expect(within(row).getByText('1,250,000')).toBeInTheDocument();
  expect(within(row).getByText('2,500')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Card View' }));
  expect(within(screen.getByRole('article', { name: 'Rice Sacks' })).getByText('2,500')).toBeInTheDocument();
});

test('on a phone-narrow screen the list opens in Card View, and Table View is still a tap away', async () => {
  const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
    (media) =>
      ({
        matches: media.includes('max-width'),
        media,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
  try {
    const { user, router } = renderRoute(<AllProductsRoute />, { path: '/all-products' });
    expect(await screen.findByRole('article', { name: 'Copy Paper' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Card View' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Table View' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=table');
  } finally {
    matchMedia.mockRestore();
  }
});

test('the filter uses the primary colour like every other primary action, not a second one', async () => {
  renderRoute(<AllProductsRoute />, { path: '/all-products' });
  await screen.findByText('Copy Paper');
  const filter = screen.getByRole('button', { name: 'Show Available Products' });
  expect(filter).toHaveClass('btn-primary');
  expect(filter).not.toHaveClass('btn-secondary');
});

test("a product's SKU shows under its name in the table and in its card", async () => {
  const stapler = createProduct({ name: 'Stapler', sku: 'ST-100/B', brand: 'Clip' });
  serveProducts(() => pageResponse([stapler, plenty]));
  const { user } = renderRoute(<AllProductsRoute />, { path: '/all-products' });
  const table = await screen.findByRole('table');
  // The first cell after SL, which is the row's header.
  const [name] = within(within(table).getByRole('row', { name: /Stapler/ })).getAllByRole('cell');
  expect(name).toHaveTextContent(/^StaplerSKU: ST-100\/B$/);
  // A product without one shows nothing in its place.
  expect(within(within(table).getByRole('row', { name: /Copy Paper/ })).getAllByRole('cell')[0]).toHaveTextContent(
    /^Copy Paper$/,
  );

  await user.click(screen.getByRole('button', { name: 'Card View' }));
  const card = screen.getByRole('article', { name: 'Stapler' });
  expect(within(card).getByText('SKU').nextElementSibling).toHaveTextContent('ST-100/B');
  expect(within(screen.getByRole('article', { name: 'Copy Paper' })).queryByText('SKU')).not.toBeInTheDocument();
});
