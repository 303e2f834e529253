import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { buildOrderSummary } from '@b2b/shared/testing';
import { createCompany, createMember } from '@/test/company';
import { fakeAuth } from '@/test/fake-auth';
import { renderRoute } from '@/test/render';
import { errorResponse, pageResponse, receivedRequests, server } from '@/test/server';
import CompanyOrdersRoute from './company-orders';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));

const kim = createMember({ uid: 'kim-uid', email: 'kim@example.com', name: 'Kim Buyer' });
const lee = createMember({ uid: 'lee-uid', email: 'lee@example.com', name: '' });

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn({ email: 'owner@example.com' });
  server.use(
    http.get('/api/companies/mine', () =>
      HttpResponse.json({
        company: createCompany({ name: 'Rahman Restaurants', role: 'approver', members: [kim, lee] }),
      }),
    ),
    http.get('/api/sellers', () => HttpResponse.json([])),
  );
});

test('every company order with its buyer and seller; member and status filters ask the API and live in the URL', async () => {
  const kims = buildOrderSummary({ orderNumber: 'B2B-000201', buyerName: 'Kim Buyer', status: 'awaiting_approval' });
  const lees = buildOrderSummary({ orderNumber: 'B2B-000202', buyerName: '', buyerEmail: 'lee@example.com' });
  server.use(
    http.get('/api/companies/current/orders', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const items = [kims, lees].filter(
        (order) =>
          (!query.get('member') || (query.get('member') === 'kim-uid') === (order === kims)) &&
          (!query.get('status') || query.get('status') === order.status),
      );
      return pageResponse(items);
    }),
  );
  const { user, router } = renderRoute(<CompanyOrdersRoute />, { path: '/company/orders' });

  expect(screen.getByRole('heading', { level: 1, name: 'Company orders' })).toBeInTheDocument();
  const first = await screen.findByRole('article', { name: 'B2B-000201' });
  expect(first).toHaveTextContent('BuyerKim Buyer');
  expect(within(first).getByText('Awaiting approval')).toBeInTheDocument();
  expect(screen.getByRole('article', { name: 'B2B-000202' })).toHaveTextContent('Buyerlee@example.com');
  expect(screen.getByText(/Every order placed by the members of Rahman Restaurants \(2\)/)).toBeInTheDocument();

  await user.selectOptions(screen.getByLabelText('Member'), 'lee@example.com');
  await waitFor(() => expect(screen.queryByRole('article', { name: 'B2B-000201' })).not.toBeInTheDocument());
  expect(router.state.location.search).toBe('?member=lee-uid');
  expect(receivedRequests().at(-1)?.query).toMatchObject({ member: 'lee-uid' });

  await user.selectOptions(screen.getByLabelText('Status'), 'Awaiting approval');
  expect(await screen.findByText('No awaiting approval orders by lee@example.com.')).toBeInTheDocument();
  expect(router.state.location.search).toBe('?member=lee-uid&status=awaiting_approval');
});

test('no orders yet, and an error with Retry', async () => {
  let fail = false;
  server.use(
    http.get('/api/companies/current/orders', () =>
      fail ? errorResponse(403, 'FORBIDDEN', 'Only approvers and admins see company orders.') : pageResponse([]),
    ),
  );
  renderRoute(<CompanyOrdersRoute />, { path: '/company/orders' });
  expect(await screen.findByText('Nobody in the company has placed an order yet.')).toBeInTheDocument();

  fail = true;
  renderRoute(<CompanyOrdersRoute />, { path: '/company/orders', url: '/company/orders?status=placed' });
  expect(await screen.findByRole('alert')).toHaveTextContent('Only approvers and admins see company orders.');
});
