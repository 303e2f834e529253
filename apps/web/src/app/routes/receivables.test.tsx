import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import type { Account, Statement } from '@b2b/shared';
import { fakeAuth } from '@/test/fake-auth';
import { renderRoute } from '@/test/render';
import { receivedRequests, server } from '@/test/server';
import ReceivableDetailsRoute from './receivable-details';
import ReceivablesRoute from './receivables';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));

const ID = '00000000-0000-4000-8000-0000000000a1';
const account: Account = {
  id: ID,
  customer: { id: ID, companyId: '00000000-0000-4000-8000-0000000000c1', name: 'Rahman Restaurants' },
  terms: 'net',
  days: 30,
  creditLimit: 5000,
  balance: 1234.5,
  available: 3765.5,
  overdue: 200,
  aging: { current: 1034.5, days1to30: 200, days31to60: 0, days61to90: 0, over90: 0 },
};
const statement: Statement = {
  customer: 'Rahman Restaurants',
  seller: 'Northwind',
  from: null,
  to: null,
  opening: 0,
  lines: [
    {
      date: '2026-11-01',
      kind: 'invoice',
      number: 'INV-2026-000001',
      description: 'Invoice for order B2B-000001',
      debit: 1434.5,
      credit: 0,
      balance: 1434.5,
    },
    {
      date: '2026-11-20',
      kind: 'payment',
      number: 'BANK-7',
      description: 'Payment received',
      debit: 0,
      credit: 200,
      balance: 1234.5,
    },
  ],
  closing: 1234.5,
};

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn({ email: 'desk@example.com' });
});

test('Receivables lists each customer’s balance, credit left and overdue; the form gives net terms', async () => {
  server.use(
    http.get('/api/accounts', () => HttpResponse.json([account])),
    http.put('/api/accounts/customers', () => HttpResponse.json(account)),
  );
  const { user } = renderRoute(<ReceivablesRoute />, { path: '/receivables', url: '/receivables' });
  const table = await screen.findByRole('table', { name: 'Customers on account' });
  expect(
    within(table).getByRole('row', {
      name: /Rahman Restaurants.*Net 30.*\$5,000\.00.*\$1,234\.50.*\$3,765\.50.*\$200\.00/,
    }),
  ).toBeInTheDocument();
  const form = screen.getByRole('form', { name: 'Customer account' });
  await user.type(within(form).getByLabelText('Customer’s email'), 'buyer@rahman.example');
  await user.clear(within(form).getByLabelText('Net days'));
  await user.type(within(form).getByLabelText('Net days'), '45');
  await user.type(within(form).getByLabelText('Credit limit'), '5000');
  await user.click(within(form).getByRole('button', { name: 'Save terms' }));
  const put = receivedRequests().find((r) => r.method === 'PUT');
  expect(await put?.json()).toEqual({ email: 'buyer@rahman.example', terms: 'net', days: 45, creditLimit: 5000 });
});

test('a customer’s account: its figures, the statement, and a payment recorded', async () => {
  server.use(
    http.get(`/api/accounts/${ID}`, () => HttpResponse.json(account)),
    http.get(`/api/accounts/${ID}/statement`, () => HttpResponse.json(statement)),
    http.post(`/api/accounts/${ID}/payments`, () =>
      HttpResponse.json(
        { id: ID, amount: 250, date: '2026-11-29', reference: 'BANK-8', reverses: null, allocations: [], unapplied: 0 },
        { status: 201 },
      ),
    ),
  );
  const { user } = renderRoute(<ReceivableDetailsRoute />, { path: '/receivables/:id', url: `/receivables/${ID}` });
  expect(await screen.findByRole('heading', { level: 1, name: 'Rahman Restaurants' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Statement of Rahman Restaurants with Northwind' });
  expect(within(table).getByRole('row', { name: /Payment BANK-7.*\$200\.00.*\$1,234\.50/ })).toBeInTheDocument();
  const form = screen.getByRole('form', { name: 'Record a payment' });
  await user.click(within(form).getByRole('button', { name: 'Record payment' }));
  expect(within(form).getByRole('alert')).toHaveTextContent('Enter the amount received, e.g. 250.00.');
  await user.type(within(form).getByLabelText('Amount'), '250');
  await user.type(within(form).getByLabelText('Reference'), 'BANK-8');
  await user.click(within(form).getByRole('button', { name: 'Record payment' }));
  const post = receivedRequests().find((r) => r.method === 'POST');
  expect(await post?.json()).toMatchObject({ amount: 250, reference: 'BANK-8' });
});
