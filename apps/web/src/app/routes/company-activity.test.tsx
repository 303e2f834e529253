import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import type { ActivityEntry, ActivityPage } from '@b2b/shared';
import { testUuid } from '@b2b/shared/testing';
import { createCompany, createMember } from '@/test/company';
import { fakeAuth } from '@/test/fake-auth';
import { renderRoute } from '@/test/render';
import { receivedRequests, server } from '@/test/server';
import CompanyActivityRoute from './company-activity';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));

const maria = createMember({
  uid: 'maria-uid',
  email: 'maria@example.com',
  name: 'Maria Catalogue',
  role: 'catalogue',
});
const dev = createMember({ uid: 'dev-uid', email: 'dev@example.com', name: '', role: 'sales' });

let n = 0;
function entry(overrides: Partial<ActivityEntry>): ActivityEntry {
  n++;
  return {
    _id: testUuid('a0000000', n),
    at: new Date(Date.UTC(2026, 10, 20, 9, 60 - n)).toISOString(),
    actor: { uid: maria.uid, email: maria.email, name: maria.name },
    kind: 'product',
    action: 'updated',
    subject: { id: testUuid('b0000000', n), label: 'Olive oil 5 l' },
    summary: 'Changed the price from $41.00 to $39.50 of “Olive oil 5 l”.',
    before: { price: 41 },
    after: { price: 39.5 },
    ...overrides,
  };
}

const price = entry({});
const shipped = entry({
  actor: { uid: dev.uid, email: dev.email, name: '' },
  kind: 'order',
  action: 'shipped',
  subject: { id: testUuid('c0000000', 9), label: 'B2B-000042' },
  summary: 'Marked order B2B-000042 shipped (tracking TR-9).',
});
const older = entry({
  kind: 'stock',
  action: 'changed',
  summary: 'Changed the stock of “Olive oil 5 l” from 10 to 8.',
});

const mockCompany = (role: 'admin' | 'sales') =>
  server.use(
    http.get('/api/companies/mine', () =>
      HttpResponse.json({ company: createCompany({ name: 'Northwind Wholesale', role, members: [maria, dev] }) }),
    ),
  );

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn({ email: 'owner@example.com' });
});

test('the admin reads who did what, filters by member and kind in the URL, and shows older entries', async () => {
  mockCompany('admin');
  server.use(
    http.get('/api/companies/current/activity', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const all = [price, shipped, older].filter(
        (e) =>
          (!query.get('member') || e.actor.uid === query.get('member')) &&
          (!query.get('kind') || e.kind === query.get('kind')),
      );
      const page: ActivityPage = query.get('cursor')
        ? { items: all.slice(2), nextCursor: null }
        : { items: all.slice(0, 2), nextCursor: all.length > 2 ? 'next' : null };
      return HttpResponse.json(page);
    }),
  );
  const { user, router } = renderRoute(<CompanyActivityRoute />, { path: '/company/activity' });

  const log = await screen.findByRole('list', { name: 'Activity' });
  expect(
    within(log)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([
    expect.stringContaining('Changed the price from $41.00 to $39.50'),
    expect.stringContaining('Marked order B2B-000042 shipped (tracking TR-9).by dev@example.com'),
  ]);
  expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('by Maria Catalogue (maria@example.com)');

  await user.click(screen.getByRole('button', { name: 'Show older' }));
  await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(3));
  expect(screen.queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();

  await user.selectOptions(screen.getByLabelText('Kind'), 'Orders');
  await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  expect(router.state.location.search).toBe('?kind=order');
  expect(receivedRequests().at(-1)?.query).toMatchObject({ kind: 'order' });

  await user.selectOptions(screen.getByLabelText('Member'), 'Maria Catalogue (maria@example.com)');
  expect(await screen.findByText('Nothing matches these filters yet.')).toBeInTheDocument();
  expect(router.state.location.search).toBe('?kind=order&member=maria-uid');
});

test('a desk clerk is told the page is for admins, and the log is not asked for', async () => {
  mockCompany('sales');
  renderRoute(<CompanyActivityRoute />, { path: '/company/activity' });
  expect(await screen.findByText('Only your company’s admins can see this page.')).toBeInTheDocument();
  expect(receivedRequests().some((r) => r.path.includes('/activity'))).toBe(false);
});
