import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import type { OrderStatusCounts, OrderSummary } from '@b2b/shared';
import { buildOrderSummary } from '@b2b/shared/testing';
import { fakeAuth } from '@/test/fake-auth';
import { renderRoute } from '@/test/render';
import { pageResponse, receivedRequests, server } from '@/test/server';
import MyOrdersRoute from './my-orders';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));

const counts: OrderStatusCounts = {
  awaiting_approval: 0,
  placed: 2,
  confirmed: 0,
  shipped: 1,
  delivered: 0,
  cancelled: 1,
  rejected: 0,
};

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn({ email: 'ann@example.com' });
});

function renderOrders(
  list: (status: string | null, offset: string | null) => { items: OrderSummary[]; total: number },
  url = '/orders',
) {
  server.use(
    http.get('/api/sellers', ({ request }) => {
      const emails = new URL(request.url).searchParams.getAll('email');
      return HttpResponse.json(
        emails.includes('north@example.com')
          ? [{ email: 'north@example.com', companyName: 'Northwind Wholesale', displayName: 'Nora' }]
          : [],
      );
    }),
    http.get('/api/orders', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const page = list(query.get('status'), query.get('offset'));
      return pageResponse(page.items, page.total);
    }),
    http.get('/api/orders/counts', () => HttpResponse.json(counts)),
  );
  return renderRoute(<MyOrdersRoute />, { path: '/orders', url });
}

test('lists the orders with their seller, size, total and a status badge; the filter shows counts', async () => {
  const shipped = buildOrderSummary({
    orderNumber: 'B2B-000012',
    status: 'shipped',
    total: 1234.5,
    sellerEmail: 'north@example.com',
    lineCount: 2,
    units: 30,
    poNumber: 'PO-1',
  });
  const cancelled = buildOrderSummary({ orderNumber: 'B2B-000011', status: 'cancelled' });
  renderOrders(() => ({ items: [shipped, cancelled], total: 2 }));

  expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
  expect(document.title).toBe('My Orders | B2B Wholesale Platform');
  const card = await screen.findByRole('article', { name: 'B2B-000012' });
  expect(within(card).getByRole('link', { name: 'B2B-000012' })).toHaveAttribute('href', `/orders/${shipped._id}`);
  // The seller by company name, every seller of the page asked for in one request.
  expect(await within(card).findByText('Northwind Wholesale')).toHaveAttribute('title', 'north@example.com');
  const lookups = receivedRequests().filter((r) => r.path === '/api/sellers');
  expect(lookups).toHaveLength(1);
  expect(card).toHaveTextContent('2 lines, 30 units');
  expect(card).toHaveTextContent('PO-1');
  expect(within(card).getByText('Shipped')).toBeInTheDocument();
  expect(within(card).getByText('$1,234.50')).toBeInTheDocument();
  expect(within(screen.getByRole('article', { name: 'B2B-000011' })).getByText('Cancelled')).toBeInTheDocument();

  const filter = screen.getByRole('group', { name: 'Filter by status' });
  expect(within(filter).getByRole('button', { name: 'All 4' })).toHaveAttribute('aria-pressed', 'true');
  expect(within(filter).getByRole('button', { name: 'Placed 2' })).toHaveAttribute('aria-pressed', 'false');
});

test('a status filter asks the API for that status and lives in the URL', async () => {
  const cancelled = buildOrderSummary({ orderNumber: 'B2B-000011', status: 'cancelled' });
  const { user, router } = renderOrders((status) => ({
    items: status === 'cancelled' ? [cancelled] : [],
    total: status === 'cancelled' ? 1 : 0,
  }));
  await screen.findByText('You have not placed any orders yet.');
  await user.click(await screen.findByRole('button', { name: 'Cancelled 1' }));
  expect(await screen.findByRole('article', { name: 'B2B-000011' })).toBeInTheDocument();
  expect(router.state.location.search).toBe('?status=cancelled');
  expect(
    receivedRequests()
      .filter((r) => r.path === '/api/orders')
      .at(-1)?.query,
  ).toMatchObject({ status: 'cancelled' });
});

test('an empty filter says so', async () => {
  renderOrders(() => ({ items: [], total: 0 }), '/orders?status=shipped');
  expect(await screen.findByText('No shipped orders.')).toBeInTheDocument();
});

test('more orders than a page: the pager asks for the next page', async () => {
  const all = Array.from({ length: 30 }, (_, i) =>
    buildOrderSummary({ orderNumber: `B2B-${String(100 - i).padStart(6, '0')}` }),
  );
  const { user } = renderOrders((_status, offset) => {
    const from = Number(offset ?? 0);
    return { items: all.slice(from, from + 24), total: all.length };
  });
  expect(await screen.findByRole('article', { name: 'B2B-000100' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByRole('article', { name: 'B2B-000071' })).toBeInTheDocument();
  expect(
    receivedRequests()
      .filter((r) => r.path === '/api/orders')
      .at(-1)?.query,
  ).toMatchObject({ offset: '24' });
});
