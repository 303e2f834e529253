import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { fakeAuth } from '@/test/fake-auth';
import { createQuote, createQuoteLine, createQuoteVersion, summaryOf } from '@/test/quotes';
import { renderRoute } from '@/test/render';
import { receivedRequests, server } from '@/test/server';
import QuotesRoute from './quotes';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));

const DAY = 86_400_000;
const line = createQuoteLine({ quantity: 40, yourPrice: 18.5 });
const waiting = createQuote({ number: 'Q-000041', lines: [line] });
const standing = createQuote({
  number: 'Q-000042',
  lines: [line, createQuoteLine()],
  versions: [
    createQuoteVersion([line], {
      version: 2,
      prices: [16],
      validUntil: `${new Date(Date.now() + 13 * DAY).toISOString().slice(0, 10)}T23:59:59.999Z`,
    }),
  ],
  companyName: 'Rahman Restaurants',
});

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn({ email: 'ann@example.com' });
});

function serveQuotes() {
  server.use(
    http.get('/api/quotes', ({ request }) => {
      const url = new URL(request.url);
      const status = url.searchParams.get('status');
      const items = [standing, waiting].filter((quote) => !status || quote.status === status).map(summaryOf);
      // A second page exists behind the first, unfiltered one.
      const nextCursor = !status && !url.searchParams.get('cursor') ? 'page-2' : null;
      const older = createQuote({ number: 'Q-000040', status: 'declined', moves: [] });
      return HttpResponse.json({ items: url.searchParams.get('cursor') ? [summaryOf(older)] : items, nextCursor });
    }),
  );
}

const asked = () =>
  receivedRequests()
    .filter((r) => r.route === 'GET /api/quotes')
    .map((r) => r.query);

test('Buying → Quotes lists the buyer’s requests with the seller, status and standing offer', async () => {
  serveQuotes();
  renderRoute(<QuotesRoute />, { path: '/quotes' });

  expect(screen.getByRole('heading', { level: 1, name: 'Quotes' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Your requests for quote' });
  const [header, first, second] = within(table).getAllByRole('row');
  expect(header).toHaveTextContent('Seller');
  expect(within(first as HTMLElement).getByRole('link', { name: 'Q-000042' })).toHaveAttribute(
    'href',
    `/quotes/${standing._id}`,
  );
  expect(first).toHaveTextContent('North Traders');
  expect(first).toHaveTextContent('Offered');
  expect(first).toHaveTextContent('$640.00');
  expect(first).toHaveTextContent('version 2');
  expect(first).toHaveTextContent(/Valid until .* · 13 days left/);
  expect(second).toHaveTextContent('Requested');
  expect(second).toHaveTextContent('Awaiting offer');
  // The table scrolls sideways in a region the keyboard can reach.
  expect(screen.getByRole('region', { name: /Your requests for quote/ })).toHaveAttribute('tabindex', '0');
  expect(asked()).toEqual([{ side: 'buyer', limit: '20' }]);
});

test('the status filter and the pages go to the API', async () => {
  serveQuotes();
  const { user } = renderRoute(<QuotesRoute />, { path: '/quotes' });
  await screen.findByRole('link', { name: 'Q-000042' });

  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByRole('link', { name: 'Q-000040' })).toBeInTheDocument();
  expect(asked().at(-1)).toEqual({ side: 'buyer', limit: '20', cursor: 'page-2' });
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Previous' }));
  expect(await screen.findByRole('link', { name: 'Q-000042' })).toBeInTheDocument();

  const filters = screen.getByRole('group', { name: 'Filter by status' });
  await user.click(within(filters).getByRole('button', { name: 'Offered' }));
  expect(within(filters).getByRole('button', { name: 'Offered' })).toHaveAttribute('aria-pressed', 'true');
  await waitFor(() => expect(asked().at(-1)).toEqual({ side: 'buyer', limit: '20', status: 'offered' }));
  expect(await screen.findByRole('link', { name: 'Q-000042' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Q-000041' })).not.toBeInTheDocument();

  await user.click(within(filters).getByRole('button', { name: 'Declined' }));
  expect(await screen.findByText('No quotes with the status “Declined”.')).toBeInTheDocument();
});

test('Selling → Quotes lists the requests to answer, with the buyer and their company', async () => {
  serveQuotes();
  renderRoute(<QuotesRoute />, { path: '/sales/quotes' });

  expect(screen.getByRole('heading', { level: 1, name: 'Quote requests' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Requests for quote to answer' });
  expect(within(table).getAllByRole('columnheader')[1]).toHaveTextContent('Buyer');
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Ann Buyer (Rahman Restaurants)');
  expect(asked()).toEqual([{ side: 'seller', limit: '20' }]);
});

test('no quotes yet: the buyer is told where requests come from', async () => {
  server.use(http.get('/api/quotes', () => HttpResponse.json({ items: [], nextCursor: null })));
  renderRoute(<QuotesRoute />, { path: '/quotes' });
  expect(await screen.findByText(/You have not asked for a quote yet/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to my lists' })).toHaveAttribute('href', '/lists');
});
