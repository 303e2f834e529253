import { STATUS_CODES } from 'node:http';
import type { ErrorBody, Facets } from '@b2b/shared';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/*
 * The API as the tests see it: the app's real client (apiFetch, apiFetchPage) sends real
 * requests and MSW answers them. A test declares the endpoints it expects with
 *   server.use(http.get('/api/products/:id', () => HttpResponse.json(product)))
 * and a request to any other route fails the test (onUnhandledRequest: 'error', set in
 * ./setup), so a change to a path, a method or a header is caught here rather than in
 * production. The setup file also resets the handlers and the request log between tests.
 */

/** Facets that offer nothing: no brand, every band and floor empty. */
export const emptyFacets: Facets = {
  brands: [],
  brandsMore: 0,
  priceBands: [],
  ratings: [],
  categories: [],
  available: [],
};

/**
 * The navbar asks on every signed-in page for the bell's unread count, the caller's company (its
 * Company menu) and their invitations, and the product lists ask for their filter counts and, for a
 * signed-in buyer, their own prices; all are answered here for every test (0 unread, no company, no
 * invitations, empty facets, no contract prices) so that page tests need not each declare them. A
 * test may override them.
 */
export const server = setupServer(
  http.get('/api/notifications/unread-count', () => HttpResponse.json({ unread: 0 })),
  http.get('/api/products/facets', () => HttpResponse.json(emptyFacets)),
  http.get('/api/companies/mine', () => HttpResponse.json({ company: null })),
  http.get('/api/invitations', () => HttpResponse.json([])),
  http.post('/api/prices', async ({ request }) => {
    const { lines } = (await request.json()) as { lines: { productId: string; quantity: number }[] };
    // No contract: every line at the product's own price (which the pages already show).
    return HttpResponse.json({ lines: lines.map((line) => ({ ...line, unitPrice: 0, lineTotal: 0, source: 'base' })) });
  }),
  // Billing details never saved: empty, saying what an invoice needs.
  http.get('/api/account-balances/credit', () => HttpResponse.json([])),
  http.get('/api/billing', () =>
    HttpResponse.json({
      legalName: '',
      address: '',
      taxId: '',
      defaultTaxRate: 0,
      invoiceFooter: '',
      invoicePrefix: 'INV',
      creditNotePrefix: 'CN',
      numberWithYear: true,
      companyName: null,
      missing: ['legalName', 'address'],
      updatedAt: null,
    }),
  ),
);

export type ReceivedRequest = {
  method: string;
  /** The path as it went over the wire, still percent-encoded, e.g. /api/carts/ann%40example.com. */
  path: string;
  /** `METHOD /path`, e.g. `DELETE /api/carts/42`. */
  route: string;
  query: Record<string, string>;
  headers: Headers;
  /** The parsed JSON body, or undefined when there was none. */
  json: () => Promise<unknown>;
};

const received: ReceivedRequest[] = [];
const unhandled: string[] = [];

server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  // Cloned before any handler reads the body, so the test can still read it afterwards.
  const text = request.clone().text();
  received.push({
    method: request.method,
    path: url.pathname,
    route: `${request.method} ${url.pathname}`,
    query: Object.fromEntries(url.searchParams),
    headers: request.headers,
    json: async () => {
      const body = await text;
      return body ? (JSON.parse(body) as unknown) : undefined;
    },
  });
});

server.events.on('request:unhandled', ({ request }) => {
  unhandled.push(`${request.method} ${new URL(request.url).pathname}`);
});

/** Every request the API received during the current test, in order (matched or not). */
export function receivedRequests(): ReceivedRequest[] {
  return [...received];
}

/** The requests as `METHOD /path`, for asserting which calls were made. */
export function receivedRoutes(): string[] {
  return received.map((request) => request.route);
}

/** Requests no handler answered; the setup file fails the test if there are any. */
export function unhandledRoutes(): string[] {
  return [...unhandled];
}

export function clearReceivedRequests() {
  received.length = 0;
  unhandled.length = 0;
}

export type PageHeaders = {
  /** `gte`: the total is a lower bound, `estimate`: near it (X-Total-Count-Relation); exact when left out. */
  relation?: 'eq' | 'gte' | 'estimate';
  /** X-Next-Cursor: more rows exist after this page. */
  nextCursor?: string;
  /** X-Search-Corrected, sent URL-encoded: the results are for this spelling of the search. */
  corrected?: string;
};

/** A list endpoint's answer: one page of items plus the total in X-Total-Count and the paging headers. */
export function pageResponse(items: unknown[], total = items.length, extra: PageHeaders = {}) {
  const headers: Record<string, string> = { 'X-Total-Count': String(total) };
  if (extra.relation) headers['X-Total-Count-Relation'] = extra.relation;
  if (extra.nextCursor) headers['X-Next-Cursor'] = extra.nextCursor;
  if (extra.corrected) headers['X-Search-Corrected'] = encodeURIComponent(extra.corrected);
  return HttpResponse.json(items, { headers });
}

/** The API's error body, {statusCode, code, error, message, details?}, with its status. */
export function errorResponse(
  statusCode: number,
  code: ErrorBody['code'],
  message: string,
  details?: ErrorBody['details'],
) {
  const body: ErrorBody = {
    statusCode,
    code,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(details ? { details } : {}),
  };
  return HttpResponse.json(body, { status: statusCode });
}
