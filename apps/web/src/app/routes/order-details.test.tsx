import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import type { Order, ReorderResult } from '@b2b/shared';
import { buildOrder, buildOrderLine, buildShipTo } from '@b2b/shared/testing';
import { confirmDialog, promptDialog } from '@/components/ui/dialogs';
import { fakeAuth } from '@/test/fake-auth';
import { renderRoute } from '@/test/render';
import { errorResponse, receivedRequests, server } from '@/test/server';
import OrderDetailsRoute from './order-details';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));
vi.mock('@/components/ui/dialogs', () => ({ showAlert: vi.fn(), confirmDialog: vi.fn(), promptDialog: vi.fn() }));

const BUYER = 'ann@example.com';
const SELLER = 'north@example.com';
const lines = [
  buildOrderLine({ name: 'Kettle', price: 19.99, quantity: 3 }),
  buildOrderLine({ name: 'Mugs', price: 2.5, quantity: 12, brand: '' }),
];

beforeEach(() => {
  fakeAuth.reset();
  vi.mocked(confirmDialog).mockReset();
  vi.mocked(promptDialog).mockReset();
});

/** Serves the order; a status change turns it into `after` (what the server answers and serves from then on). */
function renderOrder(
  order: Order,
  { after, handlers = [] }: { after?: Order; handlers?: Parameters<typeof server.use> } = {},
) {
  let current = order;
  server.use(
    http.get('/api/sellers', () =>
      HttpResponse.json([{ email: SELLER, companyName: 'Northwind Wholesale', displayName: 'Nora' }]),
    ),
    http.get(`/api/orders/${order._id}`, () => HttpResponse.json(current)),
    http.patch(`/api/orders/${order._id}/status`, () => {
      current = after ?? current;
      return HttpResponse.json(current);
    }),
    ...handlers,
  );
  return renderRoute(<OrderDetailsRoute />, { path: '/orders/:id', url: `/orders/${order._id}` });
}

/** An order's own fields, without what buildOrder derives from the status and the viewer. */
function base(order: Order): Partial<Order> {
  const { history: _history, nextStatuses: _next, cancelledBy: _by, ...rest } = order;
  return rest;
}

const buyerOrder = (overrides: Partial<Order> = {}) =>
  buildOrder(
    {
      orderNumber: 'B2B-000042',
      buyerEmail: BUYER,
      buyerName: 'Ann Buyer',
      sellerEmail: SELLER,
      poNumber: 'PO-7781',
      note: 'Back gate, please.',
      shipTo: buildShipTo({ name: 'Dock 4', line2: 'Unit 9' }),
      lines,
      ...overrides,
    },
    { viewer: 'buyer' },
  );

test('the buyer sees lines, total, parties, address, note and the status timeline', async () => {
  fakeAuth.signIn({ email: BUYER });
  renderOrder(buyerOrder());

  expect(await screen.findByRole('heading', { level: 1, name: /Order B2B-000042/ })).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe('Order B2B-000042 | B2B Wholesale Platform'));
  const table = screen.getByRole('table', { name: 'Lines of order B2B-000042' });
  expect(within(table).getByRole('row', { name: /Kettle.*3.*\$19\.99.*\$59\.97/ })).toBeInTheDocument();
  expect(within(table).getByRole('row', { name: /Mugs.*N\/A.*12/ })).toBeInTheDocument();
  expect(within(table).getByRole('row', { name: /Total.*\$89\.97/ })).toBeInTheDocument();
  const details = screen.getByRole('region', { name: 'Details' });
  // The parties by company name (else the name on the order), with their emails.
  await waitFor(() => expect(details).toHaveTextContent(`SellerNorthwind Wholesale (${SELLER})`));
  expect(details).toHaveTextContent('BuyerAnn Buyer (ann@example.com) (you)');
  expect(screen.getByText('PO-7781')).toBeInTheDocument();
  expect(screen.getByText('Back gate, please.')).toBeInTheDocument();
  expect(screen.getByText('Dock 4')).toBeInTheDocument();
  expect(screen.getByText(/Unit 9/)).toBeInTheDocument();

  const timeline = screen.getByRole('list', { name: 'Status history' });
  expect(
    within(timeline)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([expect.stringMatching(/Placed.*2025/), 'Confirmed (not yet)', 'Shipped (not yet)', 'Delivered (not yet)']);
  // A placed order: the buyer may cancel; only the seller confirms.
  expect(screen.getByRole('button', { name: 'Cancel order B2B-000042' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Confirm/ })).not.toBeInTheDocument();
});

test('an order placed from a quote leads back to it', async () => {
  fakeAuth.signIn({ email: BUYER });
  const quoteId = '90000000-0000-4000-8000-000000000042';
  renderOrder(buyerOrder({ quote: { _id: quoteId, number: 'Q-000042' } }));
  const details = await screen.findByRole('region', { name: 'Details' });
  expect(within(details).getByRole('link', { name: 'Q-000042' })).toHaveAttribute('href', `/quotes/${quoteId}`);
  expect(details).toHaveTextContent('QuoteQ-000042 (at its offered prices)');
});

test('Cancel asks first; confirmed, it cancels and the page shows it', async () => {
  fakeAuth.signIn({ email: BUYER });
  const order = buyerOrder();
  const cancelled = buildOrder({ ...base(order), status: 'cancelled' }, { viewer: 'buyer' });
  const { user } = renderOrder(order, { after: cancelled });
  const cancel = await screen.findByRole('button', { name: 'Cancel order B2B-000042' });

  vi.mocked(confirmDialog).mockResolvedValueOnce(false);
  await user.click(cancel);
  expect(confirmDialog).toHaveBeenCalledWith(expect.objectContaining({ title: 'Cancel B2B-000042?', danger: true }));
  expect(receivedRequests().some((r) => r.method === 'PATCH')).toBe(false);

  vi.mocked(confirmDialog).mockResolvedValueOnce(true);
  await user.click(cancel);
  expect(await screen.findByText('B2B-000042 cancelled.')).toBeInTheDocument();
  expect(await screen.findByText('Cancelled', { selector: '.badge' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Cancel order/ })).not.toBeInTheDocument();
  const patch = receivedRequests().find((r) => r.method === 'PATCH');
  expect(await patch?.json()).toEqual({ status: 'cancelled' });
});

test('Reorder shows what happened to each line and leads to the cart', async () => {
  fakeAuth.signIn({ email: BUYER });
  const order = buyerOrder({ status: 'delivered', nextStatuses: [] });
  const result: ReorderResult = {
    acknowledged: true,
    added: 1,
    results: [
      {
        productId: lines[0]?.productId ?? '',
        name: 'Kettle',
        quantity: 3,
        outcome: 'added',
        message: 'Added to your cart.',
        cartItemId: '10000000-0000-4000-8000-000000000009',
      },
      {
        productId: lines[1]?.productId ?? '',
        name: 'Mugs',
        quantity: 12,
        outcome: 'insufficient_stock',
        message: 'Not enough stock: only 5 units available.',
        cartItemId: null,
      },
    ],
  };
  const { user } = renderOrder(order, {
    handlers: [http.post(`/api/orders/${order._id}/reorder`, () => HttpResponse.json(result))],
  });
  await user.click(await screen.findByRole('button', { name: 'Reorder' }));
  const outcome = await screen.findByRole('status', { name: '1 of 2 lines were added to your cart.' });
  expect(outcome).toHaveTextContent('Kettle × 3Added to cart');
  expect(outcome).toHaveTextContent('Mugs × 12Not enough stock: Not enough stock: only 5 units available.');
  expect(within(outcome).getByRole('link', { name: 'Go to my cart' })).toHaveAttribute('href', `/carts/${BUYER}`);
});

test('the seller sees Confirm and Cancel; Ship asks for a tracking reference', async () => {
  fakeAuth.signIn({ email: SELLER });
  const order = buildOrder({ ...base(buyerOrder()), status: 'confirmed' }, { viewer: 'seller' });
  const shipped = buildOrder({ ...base(order), status: 'shipped', trackingRef: 'DHL 123' }, { viewer: 'seller' });
  const { user } = renderOrder(order, { after: shipped });
  expect(await screen.findByRole('button', { name: 'Cancel order B2B-000042' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Reorder' })).not.toBeInTheDocument();

  vi.mocked(promptDialog).mockResolvedValueOnce('DHL 123');
  await user.click(screen.getByRole('button', { name: 'Ship B2B-000042' }));
  expect(promptDialog).toHaveBeenCalledWith(
    expect.objectContaining({ inputLabel: 'Tracking reference', optional: true }),
  );
  expect(await screen.findByText('Tracking: DHL 123')).toBeInTheDocument();
  const patch = receivedRequests().find((r) => r.method === 'PATCH');
  expect(await patch?.json()).toEqual({ status: 'shipped', trackingRef: 'DHL 123' });
});

test("someone else's order is not shown", async () => {
  fakeAuth.signIn({ email: 'eve@example.com' });
  const id = '30000000-0000-4000-8000-000000000777';
  server.use(
    http.get(`/api/orders/${id}`, () =>
      errorResponse(403, 'FORBIDDEN', 'Only the buyer and the seller can see this order.'),
    ),
  );
  renderRoute(<OrderDetailsRoute />, { path: '/orders/:id', url: `/orders/${id}` });
  expect(await screen.findByText('You can only see orders you placed or received.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute('href', '/orders');
});

test('lines show the SKU and the unit price charged, with the list price when a volume price applied', async () => {
  fakeAuth.signIn({ email: BUYER });
  const tiered = buildOrderLine({ name: 'Copy Paper A4', sku: 'CP-A4-80', price: 9.2, listPrice: 10, quantity: 60 });
  renderOrder(buyerOrder({ lines: [tiered, ...lines] }));

  const table = await screen.findByRole('table', { name: 'Lines of order B2B-000042' });
  const row = within(table).getByRole('row', { name: /Copy Paper A4/ });
  expect(row).toHaveTextContent('SKU: CP-A4-80');
  expect(within(row).getAllByRole('cell')[2]).toHaveTextContent('$9.20list $10.00');
  expect(row).toHaveTextContent('$552.00');
  // A line charged at its list price names no list price.
  expect(within(table).getByRole('row', { name: /Kettle/ })).not.toHaveTextContent('list');
});

test('reorder results label the pack and maximum refusals', async () => {
  fakeAuth.signIn({ email: BUYER });
  const order = buyerOrder({ status: 'delivered', nextStatuses: [] });
  const result: ReorderResult = {
    acknowledged: true,
    added: 0,
    results: [
      {
        productId: lines[0]?.productId ?? '',
        name: 'Kettle',
        quantity: 3,
        outcome: 'quantity_not_multiple',
        message: 'Sold in packs of 6: choose 6.',
        cartItemId: null,
      },
      {
        productId: lines[1]?.productId ?? '',
        name: 'Mugs',
        quantity: 12,
        outcome: 'max_order_exceeded',
        message: 'You can order at most 10 of this product.',
        cartItemId: null,
      },
    ],
  };
  const { user } = renderOrder(order, {
    handlers: [http.post(`/api/orders/${order._id}/reorder`, () => HttpResponse.json(result))],
  });
  await user.click(await screen.findByRole('button', { name: 'Reorder' }));

  const outcome = await screen.findByRole('status', { name: 'Nothing could be added to your cart.' });
  expect(outcome).toHaveTextContent('Kettle × 3Not a whole number of packs: Sold in packs of 6: choose 6.');
  expect(outcome).toHaveTextContent('Mugs × 12Above the maximum per order: You can order at most 10 of this product.');
});

const approval = {
  spendingLimit: 500,
  checkoutTotal: 800,
  expiresAt: '2026-12-02T09:00:00.000Z',
  approvers: [
    { email: 'owner@example.com', name: 'Olivia Owner' },
    { email: 'pat@example.com', name: '' },
  ],
  decidedBy: null,
  decidedAt: null,
  reason: '',
};

test('awaiting approval: the buyer sees the badge, why it waits, who can approve, and can cancel', async () => {
  fakeAuth.signIn({ email: BUYER });
  const waiting = buyerOrder({ status: 'awaiting_approval', nextStatuses: ['cancelled'], approval });
  const cancelled = { ...waiting, status: 'cancelled' as const, nextStatuses: [], cancelledBy: 'buyer' as const };
  const { user } = renderOrder(waiting, { after: cancelled });

  const heading = await screen.findByRole('heading', { level: 1, name: /Order B2B-000042/ });
  expect(within(heading).getByText('Awaiting approval')).toBeInTheDocument();
  const panel = screen.getByRole('region', { name: 'Waiting for approval' });
  expect(panel).toHaveTextContent('The checkout’s total of $800.00 is above your spending limit of $500.00.');
  expect(panel).toHaveTextContent('Who can approve: Olivia Owner, pat@example.com.');
  // The buyer neither approves nor rejects their own order.
  expect(screen.queryByRole('button', { name: /Approve|Reject/ })).not.toBeInTheDocument();

  vi.mocked(confirmDialog).mockResolvedValueOnce(true);
  await user.click(screen.getByRole('button', { name: 'Cancel order B2B-000042' }));
  expect(await within(heading).findByText('Cancelled')).toBeInTheDocument();
  const patch = receivedRequests().find((r) => r.method === 'PATCH');
  expect(await patch?.json()).toEqual({ status: 'cancelled' });
});

test('rejected: the buyer reads who rejected it, when and why; nothing is left to do', async () => {
  fakeAuth.signIn({ email: BUYER });
  renderOrder(
    buyerOrder({
      status: 'rejected',
      nextStatuses: [],
      history: [
        { status: 'awaiting_approval', at: '2026-11-20T09:00:00.000Z' },
        { status: 'rejected', at: '2026-11-20T10:00:00.000Z' },
      ],
      approval: {
        ...approval,
        approvers: [],
        decidedBy: { email: 'owner@example.com', name: 'Olivia Owner' },
        decidedAt: '2026-11-20T10:00:00.000Z',
        reason: 'Over this month’s budget',
      },
    }),
  );

  const panel = await screen.findByRole('region', { name: 'Rejected' });
  expect(panel).toHaveTextContent('Olivia Owner rejected it on');
  expect(panel).toHaveTextContent('Reason: Over this month’s budget');
  expect(screen.queryByRole('button', { name: /Cancel order/ })).not.toBeInTheDocument();
  // The timeline stops at the rejection: nothing ahead.
  const timeline = screen.getByRole('list', { name: 'Status history' });
  const steps = within(timeline).getAllByRole('listitem');
  expect(steps).toHaveLength(2);
  expect(steps[0]).toHaveTextContent(/^✓Awaiting approval/);
  expect(steps[1]).toHaveTextContent(/^×Rejected/);
});

test('an approver of the buyer’s company approves from the order page, back to Approvals', async () => {
  fakeAuth.signIn({ email: 'owner@example.com' });
  const waiting = buyerOrder({ status: 'awaiting_approval', nextStatuses: ['placed', 'rejected'], approval });
  const approved: Order = {
    ...waiting,
    status: 'placed',
    nextStatuses: [],
    approval: { ...approval, approvers: [], decidedBy: { email: 'owner@example.com', name: 'Olivia Owner' } },
  };
  let current = waiting;
  const { user } = renderOrder(waiting);
  server.use(
    http.get(`/api/orders/${waiting._id}`, () => HttpResponse.json(current)),
    http.post(`/api/orders/${waiting._id}/approve`, () => {
      current = approved;
      return HttpResponse.json(current);
    }),
  );

  expect(await screen.findByRole('link', { name: 'Approvals' })).toHaveAttribute('href', '/approvals');
  expect(screen.getByRole('region', { name: 'Waiting for approval' })).toHaveTextContent(
    'above the buyer’s spending limit',
  );
  vi.mocked(confirmDialog).mockResolvedValueOnce(true);
  await user.click(screen.getByRole('button', { name: 'Approve B2B-000042' }));
  const heading = screen.getByRole('heading', { level: 1, name: /Order B2B-000042/ });
  expect(await within(heading).findByText('Placed')).toBeInTheDocument();
  expect(screen.getByText(/Approved by Olivia Owner/)).toBeInTheDocument();
});

test('a taxed order shows net, the tax at each rate and the gross; the desk issues its invoice, which then shows', async () => {
  fakeAuth.signIn({ email: SELLER });
  const taxedLines = [
    buildOrderLine({ name: 'Kettle', price: 10.1, quantity: 3, taxRate: 7.5 }),
    buildOrderLine({ name: 'Mugs', price: 2.5, quantity: 12, taxRate: 0 }),
  ];
  const order = buildOrder(
    { ...base(buyerOrder({ lines: taxedLines })), status: 'confirmed', lines: taxedLines, canInvoice: true },
    { viewer: 'seller' },
  );
  const invoiced: Order = {
    ...order,
    canInvoice: false,
    invoice: { _id: '00000000-0000-4000-8000-00000000e001', number: 'INV-2026-000007', creditNotes: [] },
  };
  let served = order;
  const { user } = renderOrder(order);
  server.use(
    http.get(`/api/orders/${order._id}`, () => HttpResponse.json(served)),
    http.post(`/api/orders/${order._id}/invoice`, () => {
      served = invoiced;
      return HttpResponse.json({ number: 'INV-2026-000007' }, { status: 201 });
    }),
  );
  const table = await screen.findByRole('table', { name: 'Lines of order B2B-000042' });
  // 30.30 at 7.5% is 2.2725 of tax: 2.27 on the line.
  expect(within(table).getByRole('row', { name: /Net total.*\$60\.30/ })).toBeInTheDocument();
  expect(within(table).getByRole('row', { name: /Tax 7\.5% on \$30\.30.*\$2\.27/ })).toBeInTheDocument();
  expect(within(table).getByRole('row', { name: /Tax 0% on \$30\.00.*\$0\.00/ })).toBeInTheDocument();
  expect(within(table).getByRole('row', { name: /^Total.*\$62\.57/ })).toBeInTheDocument();

  const documents = screen.getByRole('region', { name: 'Documents' });
  await user.click(within(documents).getByRole('button', { name: 'Issue invoice' }));
  expect(await within(documents).findByRole('link', { name: 'Invoice INV-2026-000007' })).toHaveAttribute(
    'href',
    '/invoices/00000000-0000-4000-8000-00000000e001',
  );
  expect(within(documents).getByRole('button', { name: 'Invoice PDF' })).toBeInTheDocument();
  expect(within(documents).queryByRole('button', { name: 'Issue invoice' })).not.toBeInTheDocument();
});
