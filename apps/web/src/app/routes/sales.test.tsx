import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import type { OrderStatus, OrderSummary } from '@b2b/shared';
import { buildOrder, buildOrderSummary } from '@b2b/shared/testing';
import { confirmDialog, promptDialog } from '@/components/ui/dialogs';
import { fakeAuth } from '@/test/fake-auth';
import { renderRoute } from '@/test/render';
import { pageResponse, receivedRequests, server } from '@/test/server';
import SalesRoute from './sales';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));
vi.mock('@/components/ui/dialogs', () => ({ showAlert: vi.fn(), confirmDialog: vi.fn(), promptDialog: vi.fn() }));

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn({ email: 'north@example.com' });
  vi.mocked(confirmDialog).mockReset();
  vi.mocked(promptDialog).mockReset();
});

const incoming = (number: string, status: OrderStatus) =>
  buildOrderSummary({
    orderNumber: number,
    status,
    buyerName: 'Ann Buyer',
    buyerEmail: 'ann@example.com',
    sellerEmail: 'north@example.com',
    total: 59.97,
  });

function renderSales(orders: OrderSummary[]) {
  let stored = orders;
  server.use(
    // Ann saved a company name; the other buyers saved no profile.
    http.get('/api/sellers', () =>
      HttpResponse.json([{ email: 'ann@example.com', companyName: 'Ann Imports Ltd', displayName: 'Ann' }]),
    ),
    http.get('/api/sales', () => pageResponse(stored)),
    http.get('/api/sales/counts', () =>
      HttpResponse.json({
        awaiting_approval: 0,
        placed: stored.filter((o) => o.status === 'placed').length,
        confirmed: stored.filter((o) => o.status === 'confirmed').length,
        shipped: stored.filter((o) => o.status === 'shipped').length,
        delivered: stored.filter((o) => o.status === 'delivered').length,
        cancelled: stored.filter((o) => o.status === 'cancelled').length,
        rejected: 0,
      }),
    ),
    http.patch('/api/orders/:id/status', async ({ params, request }) => {
      const { status } = (await request.json()) as { status: OrderStatus };
      const order = stored.find((o) => o._id === params.id);
      stored = stored.map((o) => (o._id === params.id ? { ...o, status } : o));
      const { _id, orderNumber } = order ?? buildOrderSummary();
      return HttpResponse.json(buildOrder({ _id, orderNumber, status }, { viewer: 'seller' }));
    }),
  );
  return renderRoute(<SalesRoute />, { path: '/sales', url: '/sales' });
}

const patches = () => receivedRequests().filter((r) => r.method === 'PATCH');

test('incoming orders with the buyer, total and status; counts per status', async () => {
  renderSales([
    incoming('B2B-000003', 'placed'),
    incoming('B2B-000002', 'confirmed'),
    incoming('B2B-000001', 'delivered'),
  ]);
  expect(screen.getByRole('heading', { level: 1, name: 'Sales' })).toBeInTheDocument();
  expect(document.title).toBe('Sales | B2B Wholesale Platform');
  const placed = await screen.findByRole('article', { name: 'B2B-000003' });
  // The buyer by company name (one request for every card), with the email beside it.
  await waitFor(() => expect(placed).toHaveTextContent('Ann Imports Ltd (ann@example.com)'));
  expect(receivedRequests().filter((r) => r.path === '/api/sellers')).toHaveLength(1);
  expect(placed).toHaveTextContent('$59.97');
  expect(within(placed).getByRole('button', { name: 'Confirm B2B-000003' })).toBeInTheDocument();
  expect(within(placed).getByRole('button', { name: 'Cancel order B2B-000003' })).toBeInTheDocument();
  const confirmed = screen.getByRole('article', { name: 'B2B-000002' });
  expect(within(confirmed).getByRole('button', { name: 'Ship B2B-000002' })).toBeInTheDocument();
  // A delivered order has nothing left to do.
  expect(within(screen.getByRole('article', { name: 'B2B-000001' })).queryAllByRole('button')).toEqual([]);
  const filter = screen.getByRole('group', { name: 'Filter by status' });
  expect(await within(filter).findByRole('button', { name: 'All 3' })).toBeInTheDocument();
  expect(within(filter).getByRole('button', { name: 'Delivered 1' })).toBeInTheDocument();
});

test('Confirm goes at once (a confirmed order can still be cancelled)', async () => {
  const { user } = renderSales([incoming('B2B-000003', 'placed')]);
  await user.click(await screen.findByRole('button', { name: 'Confirm B2B-000003' }));
  expect(await screen.findByText('B2B-000003 confirmed.')).toBeInTheDocument();
  expect(confirmDialog).not.toHaveBeenCalled();
  expect(await patches()[0]?.json()).toEqual({ status: 'confirmed' });
  expect(await screen.findByRole('button', { name: 'Ship B2B-000003' })).toBeInTheDocument();
});

test('Ship asks for a tracking reference (optional); cancelling the prompt sends nothing', async () => {
  const { user } = renderSales([incoming('B2B-000002', 'confirmed')]);
  const ship = await screen.findByRole('button', { name: 'Ship B2B-000002' });
  vi.mocked(promptDialog).mockResolvedValueOnce(null);
  await user.click(ship);
  expect(patches()).toEqual([]);
  vi.mocked(promptDialog).mockResolvedValueOnce('');
  await user.click(ship);
  expect(await screen.findByText('B2B-000002 shipped.')).toBeInTheDocument();
  expect(await patches()[0]?.json()).toEqual({ status: 'shipped' });
});

test('Mark delivered and Cancel ask for confirmation, since neither can be undone', async () => {
  const { user } = renderSales([incoming('B2B-000005', 'shipped'), incoming('B2B-000004', 'placed')]);
  vi.mocked(confirmDialog).mockResolvedValueOnce(false);
  await user.click(await screen.findByRole('button', { name: 'Mark delivered B2B-000005' }));
  expect(confirmDialog).toHaveBeenLastCalledWith(
    expect.objectContaining({ title: 'Mark B2B-000005 delivered?', text: 'This cannot be undone.' }),
  );
  expect(patches()).toEqual([]);

  vi.mocked(confirmDialog).mockResolvedValueOnce(true);
  await user.click(screen.getByRole('button', { name: 'Cancel order B2B-000004' }));
  expect(confirmDialog).toHaveBeenLastCalledWith(
    expect.objectContaining({ confirmText: 'Cancel order', cancelText: 'Keep order' }),
  );
  await waitFor(() => expect(patches()).toHaveLength(1));
  expect(await patches()[0]?.json()).toEqual({ status: 'cancelled' });
});

test('no sales yet', async () => {
  renderSales([]);
  expect(await screen.findByText('No orders for your products yet.')).toBeInTheDocument();
});

test('a buyer without a profile shows by the name on the order, then the email', async () => {
  renderSales([buildOrderSummary({ orderNumber: 'B2B-000007', buyerName: 'Bo Buyer', buyerEmail: 'bo@example.com' })]);
  const card = await screen.findByRole('article', { name: 'B2B-000007' });
  await waitFor(() => expect(receivedRequests().some((r) => r.path === '/api/sellers')).toBe(true));
  expect(card).toHaveTextContent('Bo Buyer (bo@example.com)');
});
