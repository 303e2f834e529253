import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import type { CompanyRole, Order } from '@b2b/shared';
import { buildOrder, buildOrderLine } from '@b2b/shared/testing';
import { confirmDialog, promptDialog } from '@/components/ui/dialogs';
import { createCompany, createMember } from '@/test/company';
import { fakeAuth } from '@/test/fake-auth';
import { renderRoute } from '@/test/render';
import { pageResponse, receivedRequests, receivedRoutes, server } from '@/test/server';
import ApprovalsRoute from './approvals';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));
vi.mock('@/components/ui/dialogs', () => ({ showAlert: vi.fn(), confirmDialog: vi.fn(), promptDialog: vi.fn() }));

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn({ uid: 'owner-uid', email: 'owner@example.com' });
  vi.mocked(confirmDialog).mockReset();
  vi.mocked(promptDialog).mockReset();
});

function waiting(orderNumber: string, overrides: Partial<Order> = {}): Order {
  const lines = [
    buildOrderLine({ name: 'Basmati Rice, 25 kg', price: 40, quantity: 15, lineTotal: 600 }),
    buildOrderLine({ name: 'Mustard Oil, 5 l', price: 20, quantity: 10, lineTotal: 200 }),
  ];
  return buildOrder({
    orderNumber,
    status: 'awaiting_approval',
    buyerEmail: 'kim@example.com',
    buyerName: 'Kim Buyer',
    lines,
    total: 800,
    nextStatuses: ['placed', 'rejected'],
    approval: {
      spendingLimit: 500,
      checkoutTotal: 800,
      expiresAt: '2026-12-02T09:00:00.000Z',
      approvers: [{ email: 'owner@example.com', name: 'Olivia Owner' }],
      decidedBy: null,
      decidedAt: null,
      reason: '',
    },
    ...overrides,
  });
}

/** The company (the caller has `role`) and its orders waiting for approval; a decision takes one off. */
function serve(role: CompanyRole, orders: Order[]) {
  let pending = orders;
  server.use(
    http.get('/api/companies/mine', () =>
      HttpResponse.json({
        company: createCompany({ role, members: [createMember({ email: 'owner@example.com', role })] }),
      }),
    ),
    http.get('/api/sellers', () => HttpResponse.json([])),
    http.get('/api/companies/current/orders', () => pageResponse(pending)),
    http.get('/api/orders/:id', ({ params }) => HttpResponse.json(orders.find((o) => o._id === params.id))),
    http.post('/api/orders/:id/approve', ({ params }) => {
      const order = orders.find((o) => o._id === params.id)!;
      pending = pending.filter((o) => o !== order);
      return HttpResponse.json({ ...order, status: 'placed', nextStatuses: [] });
    }),
    http.post('/api/orders/:id/reject', ({ params }) => {
      const order = orders.find((o) => o._id === params.id)!;
      pending = pending.filter((o) => o !== order);
      return HttpResponse.json({ ...order, status: 'rejected', nextStatuses: [] });
    }),
  );
}

test('an approver sees each waiting order with its lines, total and limit, and approves after confirming', async () => {
  const order = waiting('B2B-000101');
  serve('approver', [order]);
  const { user } = renderRoute(<ApprovalsRoute />, { path: '/approvals' });

  expect(screen.getByRole('heading', { level: 1, name: 'Approvals' })).toBeInTheDocument();
  expect(document.title).toBe('Approvals | B2B Wholesale Platform');
  const card = await screen.findByRole('article', { name: 'B2B-000101' });
  expect(card).toHaveTextContent('BuyerKim Buyer');
  expect(await within(card).findByText('Basmati Rice, 25 kg')).toBeInTheDocument();
  expect(within(card).getByText('Mustard Oil, 5 l')).toBeInTheDocument();
  expect(within(card).getByRole('table')).toHaveTextContent('Total$800.00');
  expect(card).toHaveTextContent('$800.00 checkout against a limit of $500.00');
  const query = receivedRequests().find((r) => r.path === '/api/companies/current/orders')?.query;
  expect(query).toMatchObject({ status: 'awaiting_approval' });

  vi.mocked(confirmDialog).mockResolvedValueOnce(false);
  await user.click(within(card).getByRole('button', { name: 'Approve B2B-000101' }));
  expect(receivedRoutes()).not.toContain(`POST /api/orders/${order._id}/approve`);

  vi.mocked(confirmDialog).mockResolvedValueOnce(true);
  await user.click(within(card).getByRole('button', { name: 'Approve B2B-000101' }));
  expect(await screen.findByText('B2B-000101 approved.')).toBeInTheDocument();
  expect(await screen.findByText('No orders are waiting for approval.')).toBeInTheDocument();
});

test('reject asks for a required reason and sends it; cancelling the dialog sends nothing', async () => {
  const order = waiting('B2B-000102');
  serve('admin', [order]);
  const { user } = renderRoute(<ApprovalsRoute />, { path: '/approvals' });

  const card = await screen.findByRole('article', { name: 'B2B-000102' });
  vi.mocked(promptDialog).mockResolvedValueOnce(null);
  await user.click(await within(card).findByRole('button', { name: 'Reject B2B-000102' }));
  expect(promptDialog).toHaveBeenCalledWith(expect.objectContaining({ inputLabel: 'Reason', maxLength: 500 }));
  expect(vi.mocked(promptDialog).mock.calls[0]?.[0].optional).toBeFalsy();
  expect(receivedRoutes()).not.toContain(`POST /api/orders/${order._id}/reject`);

  vi.mocked(promptDialog).mockResolvedValueOnce('Over this month’s budget');
  await user.click(within(card).getByRole('button', { name: 'Reject B2B-000102' }));
  expect(await screen.findByText('B2B-000102 rejected.')).toBeInTheDocument();
  const post = receivedRequests().find((r) => r.route === `POST /api/orders/${order._id}/reject`);
  expect(await post?.json()).toEqual({ reason: 'Over this month’s budget' });
});

test('an approver’s own order above their own limit: no Approve, Reject stays, and it says someone else approves', async () => {
  // What the API answers for it (apps/api/test/routes/companies.test.ts): cancel and reject, not place.
  serve('approver', [waiting('B2B-000103', { nextStatuses: ['cancelled', 'rejected'] })]);
  renderRoute(<ApprovalsRoute />, { path: '/approvals' });

  const card = await screen.findByRole('article', { name: 'B2B-000103' });
  expect(await within(card).findByText(/another approver or admin must decide/)).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Reject B2B-000103' })).toBeEnabled();
  expect(within(card).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
});

test('an order the approver may approve has no such hint', async () => {
  serve('approver', [waiting('B2B-000104')]);
  renderRoute(<ApprovalsRoute />, { path: '/approvals' });

  const card = await screen.findByRole('article', { name: 'B2B-000104' });
  expect(await within(card).findByRole('button', { name: 'Approve B2B-000104' })).toBeInTheDocument();
  expect(within(card).getByText('Basmati Rice, 25 kg')).toBeInTheDocument();
  expect(within(card).queryByText(/another approver or admin must decide/)).not.toBeInTheDocument();
});

test('a buyer is told the page is for approvers and admins; nothing is asked for', async () => {
  serve('buyer', []);
  renderRoute(<ApprovalsRoute />, { path: '/approvals' });

  expect(await screen.findByText('Only your company’s approvers and admins can see this page.')).toBeInTheDocument();
  await waitFor(() => expect(receivedRoutes()).toContain('GET /api/companies/mine'));
  expect(receivedRoutes()).not.toContain('GET /api/companies/current/orders');
});

test('someone without a company is sent to the Company page', async () => {
  renderRoute(<ApprovalsRoute />, { path: '/approvals' });
  expect(await screen.findByText(/You are not in a company/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to Company' })).toHaveAttribute('href', '/company');
});
