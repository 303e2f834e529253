import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import type { Dashboard } from '@b2b/shared';
import { testUuid } from '@b2b/shared/testing';
import { allowConsoleError } from '@/test/console';
import { fakeAuth } from '@/test/fake-auth';
import { createDashboard } from '@/test/factories';
import { renderRoute } from '@/test/render';
import { errorResponse, server } from '@/test/server';
import DashboardRoute from './dashboard';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn({ email: 'north@example.com' });
});

function renderDashboard(dashboard: Dashboard) {
  server.use(http.get('/api/dashboard', () => HttpResponse.json(dashboard)));
  return renderRoute(<DashboardRoute />, { path: '/dashboard', url: '/dashboard' });
}

const kettle = testUuid('c0000000', 1);
const pan = testUuid('c0000000', 2);
const waiting = testUuid('d0000000', 1);
const scarce = testUuid('e0000000', 1);

function busyDashboard(): Dashboard {
  const base = createDashboard();
  const days = base.days.map((day, i) => (i === 27 ? { ...day, orders: 3, revenue: 1250.5 } : day));
  const best = days[27]?.date ?? '';
  return createDashboard({
    days: days.map((day) => (day.date === best ? day : { ...day, orders: 0, revenue: 0 })),
    totals: { orders: 3, revenue: 1250.5 },
    receivables: { owed: 4321.75, overdue: 120 },
    awaitingConfirmation: {
      count: 7,
      orders: [
        {
          _id: waiting,
          orderNumber: 'B2B-000017',
          buyerEmail: 'ann@example.com',
          buyerName: 'Ann Buyer',
          total: 99.95,
          placedAt: '2026-11-20T09:30:00.000Z',
        },
      ],
    },
    topProducts: [
      { productId: kettle, name: 'Steel kettle', units: 40, revenue: 1000 },
      { productId: pan, name: 'Frying pan', units: 1, revenue: 250.5 },
    ],
    lowStock: [
      { _id: scarce, name: 'Scarce mug', quantity: 3, minSellQty: 5 },
      { _id: testUuid('e0000000', 2), name: 'Thin plate', quantity: 8, minSellQty: 5 },
    ],
  });
}

test('totals, orders to confirm, low stock and top products, each with its link', async () => {
  renderDashboard(busyDashboard());
  expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  expect(document.title).toBe('Dashboard | B2B Wholesale Platform');

  expect(await screen.findByText('Revenue', { selector: 'dt' })).toBeInTheDocument();
  expect(screen.getByText('$1,250.50', { selector: 'dd' })).toBeInTheDocument();
  expect(screen.getByText('7', { selector: 'dd' })).toBeInTheDocument();
  expect(screen.getByText('orders to confirm')).toBeInTheDocument();
  // Receivables: what is invoiced and not paid yet, and of it what is overdue.
  expect(screen.getByText('$4,321.75', { selector: 'dd' })).toBeInTheDocument();
  expect(screen.getByText('$120.00', { selector: 'dd' })).toBeInTheDocument();

  const awaiting = screen.getByRole('region', { name: 'Waiting for confirmation' });
  expect(within(awaiting).getByRole('link', { name: 'B2B-000017' })).toHaveAttribute('href', `/orders/${waiting}`);
  expect(awaiting).toHaveTextContent('Ann Buyer');
  expect(awaiting).toHaveTextContent('$99.95');
  expect(within(awaiting).getByRole('link', { name: 'All in Sales' })).toHaveAttribute('href', '/sales?status=placed');

  const low = screen.getByRole('region', { name: 'Low on stock' });
  expect(low).toHaveTextContent('3 in stock, minimum order 5: buyers cannot order it');
  expect(low).toHaveTextContent('8 in stock, minimum order 5');
  expect(within(low).getByRole('link', { name: 'Add stock: Scarce mug' })).toHaveAttribute(
    'href',
    `/update-product/${scarce}`,
  );

  // Each chart is described by its caption and its numbers are in a table screen readers reach.
  expect(screen.getByText(/the best day was .+ with \$1,250\.50\./)).toBeInTheDocument();
  expect(screen.getByText('By revenue in the last 30 days; Steel kettle leads with $1,000.00.')).toBeInTheDocument();
  const top = screen.getByRole('table', { name: 'Top products by revenue, last 30 days' });
  const rows = within(top).getAllByRole('row').slice(1);
  expect(rows.map((row) => row.textContent)).toEqual(['Steel kettle40 units$1,000.00', 'Frying pan1 unit$250.50']);
  expect(within(top).getByRole('link', { name: 'Steel kettle' })).toHaveAttribute('href', `/product-details/${kettle}`);
  const perDay = screen.getByRole('table', { name: 'Orders and revenue per day, last 30 days' });
  expect(within(perDay).getAllByRole('row')).toHaveLength(31);
  // Role queries over 30 table rows are slow in jsdom on a busy machine.
}, 20_000);

test('"Show the numbers" shows the table in place of the chart, and back', async () => {
  const user = userEvent.setup();
  renderDashboard(busyDashboard());
  const [sales] = await screen.findAllByRole('button', { name: 'Show the numbers' });
  expect(sales).toHaveAttribute('aria-expanded', 'false');
  await user.click(sales as HTMLElement);
  expect(sales).toHaveAttribute('aria-expanded', 'true');
  expect(sales).toHaveTextContent('Show the chart');
  const table = document.getElementById(sales?.getAttribute('aria-controls') ?? '');
  expect(table).not.toHaveClass('sr-only');
  await user.click(sales as HTMLElement);
  expect(sales).toHaveAttribute('aria-expanded', 'false');
  expect(table).toHaveClass('sr-only');
});

test('a seller with no sales yet sees zeros and says so', async () => {
  renderDashboard(createDashboard());
  expect(await screen.findByText('Orders and revenue per day: no orders in these 30 days yet.')).toBeInTheDocument();
  expect(screen.getByText('By revenue in the last 30 days: nothing sold yet.')).toBeInTheDocument();
  expect(screen.getByText('Nothing to confirm: every order has an answer.')).toBeInTheDocument();
  expect(screen.getByText('Every product has at least two minimum orders in stock.')).toBeInTheDocument();
  expect(screen.getByText('orders to confirm')).toBeInTheDocument();
});

test('a failed load says why and can be retried', async () => {
  allowConsoleError();
  let calls = 0;
  server.use(
    http.get('/api/dashboard', () => {
      calls++;
      return calls === 1
        ? errorResponse(503, 'DB_UNAVAILABLE', 'The database is busy; try again.')
        : HttpResponse.json(createDashboard());
    }),
  );
  const user = userEvent.setup();
  renderRoute(<DashboardRoute />, { path: '/dashboard', url: '/dashboard' });
  expect(await screen.findByText(/The database is busy; try again\./)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: /try again|retry/i }));
  expect(await screen.findByText('Nothing to confirm: every order has an answer.')).toBeInTheDocument();
});
