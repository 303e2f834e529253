import { HOT_PACK, type Fixture } from './fixture.js';
import type { RunningServer } from './servers.js';

/*
 * What the bench requests, as data: each scenario resolves to one request per server. Both
 * servers get the same URL, except the cursor page, whose cursor each server hands out itself.
 */

export interface BenchRequest {
  path: string;
  method: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

export interface ScenarioContext {
  fixture: Fixture;
  server: RunningServer;
  /** Bearer token of the buyer (the API checks it; the raw server ignores it). */
  token: string;
}

export interface Scenario {
  key: string;
  label: string;
  /** Part of the catalogue-latency goal (p99 at the largest size ≤ 2× at the smallest). */
  catalogue: boolean;
  /** A purchase storm: the stock check runs after it. */
  storm?: boolean;
  /** Whether the API's and the raw server's first responses must be equal (same rows, same totals). */
  compare: boolean;
  request(context: ScenarioContext): Promise<BenchRequest>;
}

/** The deepest offset the API accepts is 10,000; this page ends just before it. */
export const NEAR_BOUND_OFFSET = 9_976;

const get = (path: string): Promise<BenchRequest> => Promise.resolve({ path, method: 'GET' });

/**
 * A cursor deep in the list: the X-Next-Cursor of the page near the offset bound (or of the
 * second-to-last page of a smaller catalogue), so the cursor page is rows ~10,000–10,024.
 */
async function deepCursor({ fixture, server }: ScenarioContext): Promise<BenchRequest> {
  const offset = Math.min(NEAR_BOUND_OFFSET, Math.max(0, fixture.size - 48));
  const response = await fetch(`${server.base}/api/products?offset=${offset}`);
  const cursor = response.headers.get('x-next-cursor');
  await response.body?.cancel();
  if (!response.ok || !cursor) {
    throw new Error(`${server.kind}: no X-Next-Cursor on /api/products?offset=${offset} (status ${response.status})`);
  }
  return { path: `/api/products?cursor=${encodeURIComponent(cursor)}`, method: 'GET' };
}

/** The filtered list: two of the generated brands, a price band, in stock. */
export const FILTERED_QUERY = 'brand=Northwind&brand=Sonicline&priceMin=10&priceMax=25&available=true';

export const SCENARIOS: Scenario[] = [
  { key: 'list', label: 'list page 1', catalogue: true, compare: true, request: () => get('/api/products') },
  {
    key: 'available',
    label: 'available',
    catalogue: true,
    compare: true,
    request: () => get('/api/products?available=true'),
  },
  {
    key: 'category',
    label: 'category',
    catalogue: true,
    compare: true,
    request: () => get('/api/categories/kitchen'),
  },
  {
    key: 'search',
    label: 'common search',
    catalogue: true,
    compare: true,
    request: () => get('/api/products?q=steel'),
  },
  {
    key: 'rare',
    label: 'rare search',
    catalogue: true,
    compare: true,
    request: ({ fixture }) => get(`/api/products?q=${fixture.rareWord}`),
  },
  {
    key: 'typo',
    label: 'typo search',
    catalogue: true,
    compare: true,
    request: () => get('/api/products?q=hedphones'),
  },
  {
    key: 'offset',
    label: 'offset 9,976',
    catalogue: true,
    compare: true,
    request: () => get(`/api/products?offset=${NEAR_BOUND_OFFSET}`),
  },
  { key: 'cursor', label: 'cursor page', catalogue: true, compare: true, request: deepCursor },
  // Issue 22: a part number with a common word, an exact SKU, facets, a filtered list.
  {
    key: 'part',
    label: 'word + part no.',
    catalogue: true,
    compare: true,
    request: ({ fixture }) => get(`/api/products?q=${encodeURIComponent(fixture.partSearch)}`),
  },
  {
    key: 'sku',
    label: 'exact SKU',
    catalogue: false,
    compare: true,
    request: ({ fixture }) => get(`/api/products?q=${encodeURIComponent(fixture.partSku)}`),
  },
  {
    key: 'facets',
    label: 'facets',
    catalogue: false,
    compare: true,
    request: () => get('/api/products/facets'),
  },
  {
    key: 'facets-category',
    label: 'facets category',
    catalogue: false,
    compare: true,
    request: () => get('/api/products/facets?category=kitchen'),
  },
  {
    key: 'facets-search',
    label: 'facets search',
    catalogue: false,
    // Past 10,000 matches both servers estimate from a sample, which may differ by plan.
    compare: false,
    request: () => get('/api/products/facets?q=steel'),
  },
  {
    key: 'filtered',
    label: 'brand+price+avail',
    catalogue: true,
    compare: true,
    request: () => get(`/api/products?${FILTERED_QUERY}`),
  },
  {
    key: 'product',
    label: 'one product',
    catalogue: true,
    compare: true,
    request: ({ fixture }) => get(`/api/products/${fixture.middleId}`),
  },
  {
    key: 'purchase',
    label: 'purchase storm',
    catalogue: false,
    storm: true,
    compare: false,
    request: ({ fixture, server, token }) =>
      Promise.resolve({
        path: '/api/carts',
        method: 'POST',
        body: JSON.stringify({ productId: fixture.hot[server.kind], buyQuantity: HOT_PACK }),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      }),
  },
];

/** The request of `scenario`; a GET with `Cache-Control: no-cache` when the run is --uncached. */
export async function requestOf(
  scenario: Scenario,
  context: ScenarioContext,
  uncached: boolean,
): Promise<BenchRequest> {
  const request = await scenario.request(context);
  return uncached && request.method === 'GET'
    ? { ...request, headers: { ...request.headers, 'cache-control': 'no-cache' } }
    : request;
}

export function selectScenarios(keys: string[] | null): Scenario[] {
  if (!keys) return SCENARIOS;
  const unknown = keys.filter((key) => !SCENARIOS.some((s) => s.key === key));
  if (unknown.length > 0) {
    throw new Error(`Unknown scenario ${unknown.join(', ')}; known: ${SCENARIOS.map((s) => s.key).join(', ')}`);
  }
  return SCENARIOS.filter((s) => keys.includes(s.key));
}
