import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DASHBOARD_DAYS, type Dashboard } from '@b2b/shared';
import { orders } from '../../src/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertProduct } from '../helpers/factories.js';
import { orderClient } from '../helpers/orders.js';
import { createUser, type TestUser } from '../helpers/users.js';

/*
 * The seller's dashboard (docs/architecture.md, "Seller dashboard"): 30 days of orders and
 * revenue without cancelled orders, the orders waiting for confirmation, top products by revenue
 * and low stock — all of the caller's own sales, none of anyone else's.
 */

let t: TestApp;
let api: ReturnType<typeof orderClient>;
let seller: TestUser;
let buyer: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000' } });
  api = orderClient(t);
  [seller, buyer, other] = await Promise.all([createUser(), createUser({ displayName: 'Dee Buyer' }), createUser()]);
});
afterAll(async () => t.close());

const dashboard = async (user: TestUser): Promise<Dashboard> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Dashboard>();
};

async function order(productId: string, quantity: number) {
  await api.buy(buyer, productId, quantity);
  const placed = await api.place(buyer);
  return placed.orders[0]?._id ?? '';
}

test('an empty dashboard has 30 days of zeros', async () => {
  const empty = await dashboard(other);
  expect(empty.days).toHaveLength(DASHBOARD_DAYS);
  expect(empty.days.every((day) => day.orders === 0 && day.revenue === 0)).toBe(true);
  expect(empty.days.at(-1)?.date).toBe(new Date().toISOString().slice(0, 10));
  expect(empty).toMatchObject({ totals: { orders: 0, revenue: 0 }, awaitingConfirmation: { count: 0, orders: [] } });
  expect((await t.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
});

test('orders, revenue, waiting orders, top products and low stock are the seller’s own', async () => {
  const kettle = await insertProduct(t.database.db, seller, {
    name: 'Kettle',
    quantity: 100,
    minSellQty: 1,
    price: 10,
  });
  const pan = await insertProduct(t.database.db, seller, { name: 'Pan', quantity: 100, minSellQty: 1, price: 4 });
  const scarce = await insertProduct(t.database.db, seller, { name: 'Scarce', quantity: 7, minSellQty: 5, price: 1 });
  const elsewhere = await insertProduct(t.database.db, other, {
    name: 'Other',
    quantity: 100,
    minSellQty: 1,
    price: 99,
  });

  const first = await order(kettle, 3); // 30.00
  const second = await order(pan, 5); // 20.00
  const cancelled = await order(kettle, 10); // 100.00, then cancelled
  await order(elsewhere, 1); // another seller's
  expect((await api.setStatus(seller, first, 'confirmed')).statusCode).toBe(200);
  expect((await api.setStatus(seller, cancelled, 'cancelled')).statusCode).toBe(200);
  // An order of 40 days ago is outside the window but still waits for confirmation.
  const old = await order(pan, 1);
  await t.database.db
    .update(orders)
    .set({ placedAt: sql`now() - interval '40 days'` })
    .where(eq(orders.id, old));

  const view = await dashboard(seller);
  expect(view.totals).toEqual({ orders: 2, revenue: 50 });
  expect(view.days.at(-1)).toMatchObject({ orders: 2, revenue: 50 });
  expect(view.awaitingConfirmation.count).toBe(2);
  // The oldest first: it has waited longest.
  expect(view.awaitingConfirmation.orders.map((o) => o._id)).toEqual([old, second]);
  expect(view.awaitingConfirmation.orders[1]).toMatchObject({ buyerName: 'Dee Buyer', total: 20 });
  expect(view.topProducts).toEqual([
    { productId: kettle, name: 'Kettle', units: 3, revenue: 30 },
    { productId: pan, name: 'Pan', units: 5, revenue: 20 },
  ]);
  expect(view.lowStock).toEqual([{ _id: scarce, name: 'Scarce', quantity: 7, minSellQty: 5 }]);

  // The other seller sees only their own order.
  const theirs = await dashboard(other);
  expect(theirs.totals).toEqual({ orders: 1, revenue: 99 });
  expect(theirs.topProducts.map((p) => p.name)).toEqual(['Other']);
});
