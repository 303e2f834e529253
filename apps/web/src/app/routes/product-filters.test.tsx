import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { Facet, Facets } from '@b2b/shared';
import { fakeAuth } from '@/test/fake-auth';
import { createProduct } from '@/test/factories';
import { renderRoute } from '@/test/render';
import { emptyFacets, errorResponse, pageResponse, server, type PageHeaders } from '@/test/server';
import AllProductsRoute from './all-products';
import CategoryProductsRoute from './category-products';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));

const facet = (value: string, count: number, estimate = false): Facet => ({ value, count, estimate });

const facets: Facets = {
  ...emptyFacets,
  brands: [facet('Acme', 1_204), facet('Bolt & Co', 310), facet('Corda', 12)],
  brandsMore: 41,
  priceBands: [
    facet('0-10', 400),
    facet('10-25', 800),
    facet('25-50', 0),
    facet('50-100', 3),
    facet('100-250', 0),
    facet('250-500', 0),
    facet('500-1000', 0),
    facet('1000-', 0),
  ],
  ratings: [facet('4', 90), facet('3', 700), facet('2', 1_000), facet('1', 1_203)],
  available: [facet('true', 12_000, true), facet('false', 300)],
};

/** Every query string the list and the facets were asked with, brand repeated as sent. */
const listUrls: URLSearchParams[] = [];
const facetUrls: URLSearchParams[] = [];
const lastList = () => listUrls.at(-1) ?? new URLSearchParams();
const lastFacets = () => facetUrls.at(-1) ?? new URLSearchParams();

function serve({ headers = {}, facetsAnswer }: { headers?: PageHeaders; facetsAnswer?: () => Response } = {}) {
  const list = ({ request }: { request: Request }) => {
    const query = new URL(request.url).searchParams;
    listUrls.push(query);
    const offset = Number(query.get('offset') ?? 0);
    // A short page is enough here (and quick to draw); the total still makes 100 rows, 5 pages.
    const items = Array.from({ length: 3 }, (_, i) => createProduct({ name: `Bolt ${offset + i + 1}` }));
    return pageResponse(items, 100, headers);
  };
  server.use(
    http.get('/api/products/facets', ({ request }) => {
      facetUrls.push(new URL(request.url).searchParams);
      return facetsAnswer ? facetsAnswer() : HttpResponse.json(facets);
    }),
    http.get('/api/products', list),
    http.get('/api/categories/:id', list),
  );
}

/** From 1024 px the panel sits beside the list; below it, a drawer. */
function wideScreen() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (media) =>
      ({
        matches: media.includes('min-width'),
        media,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn();
  listUrls.length = 0;
  facetUrls.length = 0;
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A product of the list, once drawn (a page is drawn in the background, which takes a while in jsdom). */
const listed = (name: string) => screen.findByText(name, {}, { timeout: 5000 });
const drawer = () => screen.getByRole('dialog', { name: 'Filters' });
const chips = () => screen.queryByRole('list', { name: 'Active filters' });
const chipNames = () =>
  within(chips() ?? document.createElement('ul'))
    .queryAllByRole('button')
    .map((button) => button.getAttribute('aria-label'));

test('the drawer lists brands with their counts for the current search, and two ticked brands filter the list', async () => {
  serve();
  const { user, router } = renderRoute(<AllProductsRoute />, { path: '/all-products', url: '/all-products?q=bolt' });
  expect(await listed('Bolt 1')).toBeInTheDocument();
  await waitFor(() => expect(facetUrls).not.toHaveLength(0));
  expect(lastFacets().get('q')).toBe('bolt');
  expect(lastFacets().has('offset')).toBe(false);

  await user.click(screen.getByRole('button', { name: 'Filters' }));
  const panel = drawer();
  const acme = await within(panel).findByRole('checkbox', { name: /Acme/ });
  expect(acme.closest('label')).toHaveTextContent('Acme1,204');
  expect(within(panel).getByText('41 more brands: search for a name to narrow the list.')).toBeInTheDocument();

  await user.click(acme);
  await user.click(within(drawer()).getByRole('checkbox', { name: /Bolt & Co/ }));
  await waitFor(() => expect(lastList().getAll('brand')).toEqual(['Acme', 'Bolt & Co']));
  expect(lastList().get('q')).toBe('bolt');
  expect(lastFacets().getAll('brand')).toEqual(['Acme', 'Bolt & Co']);
  expect(new URLSearchParams(router.state.location.search).getAll('brand')).toEqual(['Acme', 'Bolt & Co']);
  // Each filter is its own history entry: Back undoes the second brand.
  expect(router.state.historyAction).toBe('PUSH');

  await user.click(within(drawer()).getByRole('button', { name: /^Show .* results$/ }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(chipNames()).toEqual(['Remove filter Brand: Acme', 'Remove filter Brand: Bolt & Co']);
  expect(screen.getByRole('button', { name: /Filters/ })).toHaveTextContent('Filters2');

  await user.click(screen.getByRole('button', { name: 'Remove filter Brand: Acme' }));
  await waitFor(() => expect(lastList().getAll('brand')).toEqual(['Bolt & Co']));
  expect(chipNames()).toEqual(['Remove filter Brand: Bolt & Co']);

  await router.navigate(-1);
  await waitFor(() => expect(chipNames()).toEqual(['Remove filter Brand: Acme', 'Remove filter Brand: Bolt & Co']));
  await waitFor(() => expect(lastList().getAll('brand')).toEqual(['Acme', 'Bolt & Co']));
  // Many steps, each a round of requests and a redraw: a loaded machine needs more than 5 s.
}, 20_000);

test('a price band and a rating floor filter the list, a band without products is disabled, and Clear all keeps the search', async () => {
  serve();
  const { user, router } = renderRoute(<AllProductsRoute />, {
    path: '/all-products',
    url: '/all-products?q=bolt&sort=price_asc&page=2',
  });
  expect(await listed('Bolt 25')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Filters' }));
  const panel = drawer();
  expect(await within(panel).findByRole('button', { name: /\$25 – \$50/ })).toBeDisabled();

  await user.click(within(panel).getByRole('button', { name: /\$10 – \$25/ }));
  await waitFor(() => expect(lastList().get('priceMax')).toBe('25'));
  expect(lastList().get('priceMin')).toBe('10');
  // A filter goes back to the first page.
  expect(lastList().get('offset')).toBe('0');
  expect(within(drawer()).getByRole('button', { name: /\$10 – \$25/ })).toHaveAttribute('aria-pressed', 'true');
  // The typed range follows the band.
  expect(within(drawer()).getByLabelText('From ($)')).toHaveValue('10');
  expect(within(drawer()).getByLabelText('Under ($)')).toHaveValue('25');

  await user.click(within(drawer()).getByRole('button', { name: /4 ★ & up/ }));
  await waitFor(() => expect(lastList().get('ratingMin')).toBe('4'));
  await user.click(within(drawer()).getByRole('checkbox', { name: /More than \d+ in stock/ }));
  await waitFor(() => expect(lastList().get('available')).toBe('true'));
  await user.click(within(drawer()).getByRole('button', { name: 'Close filters' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  expect(chipNames()).toEqual([
    expect.stringMatching(/^Remove filter More than \d+ in stock$/),
    'Remove filter Price: $10 – $25',
    'Remove filter Rating: 4 ★ & up',
  ]);
  await user.click(screen.getByRole('button', { name: 'Clear all' }));
  await waitFor(() => expect(chips()).not.toBeInTheDocument());
  expect(router.state.location.search).toBe('?q=bolt&sort=price_asc');
  await waitFor(() => expect(lastList().has('priceMin')).toBe(false));
  expect(lastList().get('q')).toBe('bolt');
  // Many steps, each a round of requests and a redraw: a loaded machine needs more than 5 s.
}, 20_000);

test('a typed price range is checked before it reaches the URL', async () => {
  serve();
  const { user, router } = renderRoute(<AllProductsRoute />, { path: '/all-products' });
  expect(await listed('Bolt 1')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Filters' }));
  const from = within(drawer()).getByLabelText('From ($)');
  const under = within(drawer()).getByLabelText('Under ($)');

  await user.type(from, '50');
  await user.type(under, '20');
  await user.click(within(drawer()).getByRole('button', { name: 'Apply' }));
  expect(within(drawer()).getByText('“Under” must be more than “From”.')).toBeInTheDocument();
  expect(under).toHaveAttribute('aria-invalid', 'true');
  expect(router.state.location.search).toBe('');

  await user.clear(under);
  await user.type(under, 'ten');
  await user.click(within(drawer()).getByRole('button', { name: 'Apply' }));
  expect(within(drawer()).getByText('Enter prices as numbers, e.g. 10 or 24.99.')).toBeInTheDocument();
  expect(router.state.location.search).toBe('');

  await user.clear(under);
  await user.type(under, '120.5');
  await user.click(within(drawer()).getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(router.state.location.search).toBe('?priceMin=50&priceMax=120.5'));
  expect(lastList().get('priceMin')).toBe('50');
  await waitFor(() => expect(lastList().get('priceMax')).toBe('120.5'));
  expect(within(drawer()).queryByText(/must be more/)).not.toBeInTheDocument();
});

test('filters in the URL are used at once (a reload or a shared link), and out-of-range values are ignored', async () => {
  wideScreen();
  serve();
  renderRoute(<AllProductsRoute />, {
    path: '/all-products',
    url: '/all-products?brand=Corda&brand=Acme&priceMin=100&ratingMin=3&page=2&view=card',
  });
  expect(await listed('Bolt 25')).toBeInTheDocument();
  const first = listUrls[0] ?? new URLSearchParams();
  expect(first.getAll('brand')).toEqual(['Corda', 'Acme']);
  expect(first.get('priceMin')).toBe('100');
  expect(first.has('priceMax')).toBe(false);
  expect(first.get('ratingMin')).toBe('3');
  expect(first.get('offset')).toBe('24');
  expect(chipNames()).toEqual([
    'Remove filter Brand: Corda',
    'Remove filter Brand: Acme',
    'Remove filter Price: $100 & up',
    'Remove filter Rating: 3 ★ & up',
  ]);
  // From 1024 px the panel is beside the list, with no button to open it.
  const panel = screen.getByRole('complementary', { name: 'Filters' });
  expect(screen.queryByRole('button', { name: 'Filters' })).not.toBeInTheDocument();
  expect(await within(panel).findByRole('checkbox', { name: /Corda/ })).toBeChecked();
  expect(within(panel).getByRole('button', { name: /3 ★ & up/ })).toHaveAttribute('aria-pressed', 'true');

  listUrls.length = 0;
  renderRoute(<AllProductsRoute />, {
    path: '/all-products',
    url: '/all-products?priceMin=50&priceMax=20&ratingMin=9&brand=',
  });
  await waitFor(() => expect(listUrls).not.toHaveLength(0));
  const edited = listUrls[0] ?? new URLSearchParams();
  for (const key of ['priceMin', 'priceMax', 'ratingMin', 'brand']) expect(edited.has(key)).toBe(false);
});

test('beside Table View, whose columns need the width, the panel stays in the drawer even on a wide screen', async () => {
  wideScreen();
  serve();
  const { user } = renderRoute(<AllProductsRoute />, { path: '/all-products', url: '/all-products?brand=Acme' });
  expect(await listed('Bolt 1')).toBeInTheDocument();
  expect(screen.getByRole('table')).toBeInTheDocument();
  expect(screen.queryByRole('complementary', { name: 'Filters' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: /^Filters/ }));
  expect(await within(drawer()).findByRole('checkbox', { name: /Acme/ })).toBeChecked();
  await user.click(screen.getByRole('button', { name: 'Card View' }));
  expect(await screen.findByRole('complementary', { name: 'Filters' })).toBeInTheDocument();
});

test('a brand chosen from a link stays listed, ticked, when the counts do not name it', async () => {
  wideScreen();
  serve();
  const { user } = renderRoute(<AllProductsRoute />, {
    path: '/all-products',
    url: '/all-products?view=card&brand=Zeta',
  });
  const panel = await screen.findByRole('complementary', { name: 'Filters' });
  const zeta = await within(panel).findByRole('checkbox', { name: 'Zeta' });
  expect(zeta).toBeChecked();
  await user.click(zeta);
  await waitFor(() => expect(lastList().has('brand')).toBe(false));
  expect(chips()).not.toBeInTheDocument();
});

test('an estimated total reads "About 12,400 results." and "of about 12,400 results"; an estimated count "about 12,000"', async () => {
  wideScreen();
  serve({ headers: { relation: 'estimate' } });
  server.use(
    http.get('/api/products', () =>
      pageResponse(
        Array.from({ length: 3 }, (_, i) => createProduct({ name: `Steel ${i + 1}` })),
        12_400,
        { relation: 'estimate', nextCursor: 'next' },
      ),
    ),
  );
  renderRoute(<AllProductsRoute />, { path: '/all-products', url: '/all-products?q=steel&view=card' });
  expect(await listed('Steel 1')).toBeInTheDocument();
  expect(screen.getByText(/About 12,400 results\./)).toBeInTheDocument();
  expect(screen.getByText('Showing 1–3 of about 12,400 results')).toBeInTheDocument();
  const panel = screen.getByRole('complementary', { name: 'Filters' });
  expect(await within(panel).findByText('about 12,000')).toBeInTheDocument();
});

test('when the counts cannot be loaded the list and the options still work, and Retry asks again', async () => {
  wideScreen();
  let failing = true;
  serve({
    facetsAnswer: () => (failing ? errorResponse(500, 'INTERNAL', 'Something went wrong.') : HttpResponse.json(facets)),
  });
  const { user } = renderRoute(<AllProductsRoute />, { path: '/all-products', url: '/all-products?view=card' });
  expect(await listed('Bolt 1')).toBeInTheDocument();
  const panel = screen.getByRole('complementary', { name: 'Filters' });
  expect(await within(panel).findByText('The counts could not be loaded.')).toBeInTheDocument();
  await user.click(within(panel).getByRole('button', { name: /4 ★ & up/ }));
  await waitFor(() => expect(lastList().get('ratingMin')).toBe('4'));

  failing = false;
  await user.click(within(panel).getByRole('button', { name: 'Retry' }));
  expect(await within(panel).findByRole('checkbox', { name: /Acme/ })).toBeInTheDocument();
  expect(within(panel).queryByText('The counts could not be loaded.')).not.toBeInTheDocument();
});

test('a category page counts within its category and filters its products', async () => {
  serve();
  const { user, router } = renderRoute(<CategoryProductsRoute />, {
    path: '/categories/:id',
    url: '/categories/kitchen',
  });
  expect(await listed('Bolt 1')).toBeInTheDocument();
  await waitFor(() => expect(lastFacets().get('category')).toBe('kitchen'));
  await user.click(screen.getByRole('button', { name: 'Filters' }));
  await user.click(await within(drawer()).findByRole('checkbox', { name: /Corda/ }));
  await waitFor(() => expect(lastList().getAll('brand')).toEqual(['Corda']));
  expect(router.state.location.pathname).toBe('/categories/kitchen');
  expect(router.state.location.search).toBe('?brand=Corda');
});
