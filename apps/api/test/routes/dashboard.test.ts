import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DASHBOARD_DAYS, type Dashboard } from '@b2b/shared';
import { queryRows } from '../../src/db/client.js';
import { orders } from '../../src/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertProduct } from '../helpers/factories.js';
import { createUser, type TestUser } from '../helpers/users.js';

/*
 * The seller's dashboard (docs/architecture.md, "Seller dashboard"): 30 days of orders and
 * revenue without cancelled orders, the orders waiting for confirmation, top products by revenue
 * and low stock — all of the caller's own sales, none of anyone else's.
 */

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000' } });
  [seller, buyer, other] = await Promise.all([createUser(), createUser({ displayName: 'Dee Buyer' }), createUser()]);
});
afterAll(async () => t.close());

const dashboard = async (user: TestUser): Promise<Dashboard> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Dashboard>();
};

async function order(productId: string, quantity: number) {
  await t.api.buy(buyer, productId, quantity);
  const placed = await t.api.place(buyer);
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
  expect((await t.api.setStatus(seller, first, 'confirmed')).statusCode).toBe(200);
  expect((await t.api.setStatus(seller, cancelled, 'cancelled')).statusCode).toBe(200);
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

/** The rollups' non-zero rows and the same figures counted from the orders, for comparison. */
async function rollupsAndRecount() {
  const db = t.database.db;
  const [daily, dailyRecount, products, productsRecount] = await Promise.all([
    queryRows(
      db,
      sql`SELECT seller_uid, day::text, orders, revenue::text FROM seller_daily_sales
          WHERE orders <> 0 OR revenue <> 0 ORDER BY 1, 2`,
    ),
    queryRows(
      db,
      sql`SELECT seller_uid, (placed_at AT TIME ZONE 'UTC')::date::text AS day, count(*)::int AS orders,
                 sum(total)::text AS revenue
          FROM orders WHERE status <> 'cancelled' GROUP BY 1, 2 ORDER BY 1, 2`,
    ),
    queryRows(
      db,
      sql`SELECT seller_uid, day::text, product_id, units::int, revenue::text FROM seller_product_sales
          WHERE units <> 0 OR revenue <> 0 ORDER BY 1, 2, 3`,
    ),
    queryRows(
      db,
      sql`SELECT o.seller_uid, (o.placed_at AT TIME ZONE 'UTC')::date::text AS day, l.product_id,
                 sum(l.quantity)::int AS units, sum(l.line_total)::text AS revenue
          FROM orders o JOIN order_lines l ON l.order_id = o.id
          WHERE o.status <> 'cancelled' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    ),
  ]);
  return { daily, dailyRecount, products, productsRecount };
}

async function expectRollupsMatchRecount() {
  const { daily, dailyRecount, products, productsRecount } = await rollupsAndRecount();
  expect(daily).toEqual(dailyRecount);
  expect(products).toEqual(productsRecount);
}

test('the rollups always equal a recount from the orders', async () => {
  const [rollSeller, rollOther] = await Promise.all([createUser(), createUser()]);
  const cup = await insertProduct(t.database.db, rollSeller, {
    name: 'Cup',
    quantity: 1000,
    minSellQty: 1,
    price: 2.5,
  });
  const jug = await insertProduct(t.database.db, rollSeller, { name: 'Jug', quantity: 1000, minSellQty: 1, price: 7 });
  const far = await insertProduct(t.database.db, rollOther, { name: 'Far', quantity: 1000, minSellQty: 1, price: 3 });

  // One checkout of three lines for two sellers: two orders, each with its lines.
  await t.api.buy(buyer, cup, 4);
  await t.api.buy(buyer, jug, 2);
  await t.api.buy(buyer, far, 5);
  const placed = await t.api.place(buyer);
  expect(placed.orders).toHaveLength(2);
  await expectRollupsMatchRecount();
  const mine = placed.orders.find((o) => o.total === 24)?._id ?? '';

  const a = await order(cup, 10);
  const b = await order(jug, 1);
  const c = await order(cup, 3);
  await expectRollupsMatchRecount();

  // Status changes that keep the order counted change nothing; cancels take it out.
  expect((await t.api.setStatus(rollSeller, a, 'confirmed')).statusCode).toBe(200);
  expect((await t.api.setStatus(rollSeller, a, 'shipped', { trackingRef: 'TR-1' })).statusCode).toBe(200);
  expect((await t.api.setStatus(rollSeller, a, 'delivered')).statusCode).toBe(200);
  await expectRollupsMatchRecount();
  expect((await t.api.setStatus(buyer, b, 'cancelled')).statusCode).toBe(200); // the buyer's cancel
  expect((await t.api.setStatus(rollSeller, c, 'confirmed')).statusCode).toBe(200);
  expect((await t.api.setStatus(rollSeller, c, 'cancelled')).statusCode).toBe(200); // the seller's
  expect((await t.api.setStatus(rollSeller, mine, 'cancelled')).statusCode).toBe(200);
  await expectRollupsMatchRecount();

  // Written by hand: an order moved to another day, back from cancelled, a line removed, an order deleted.
  await t.database.db
    .update(orders)
    .set({ placedAt: sql`placed_at - interval '3 days'` })
    .where(eq(orders.id, a));
  await expectRollupsMatchRecount();
  await t.database.db.execute(
    sql`UPDATE orders SET status = 'placed', cancelled_at = NULL, cancelled_by = NULL WHERE id = ${b}`,
  );
  await expectRollupsMatchRecount();
  await t.database.db.execute(sql`UPDATE order_lines SET quantity = quantity + 1 WHERE order_id = ${a}`);
  await expectRollupsMatchRecount();
  await t.database.db.execute(sql`DELETE FROM order_lines WHERE order_id = ${a}`);
  await expectRollupsMatchRecount();
  await t.database.db.execute(sql`DELETE FROM orders WHERE id IN (${b}, ${c})`);
  await expectRollupsMatchRecount();

  // And the dashboard reads them: the cancelled order is out, the moved one on its new day.
  const view = await dashboard(rollSeller);
  const recount = await queryRows<{ orders: number; revenue: string }>(
    t.database.db,
    sql`SELECT count(*)::int AS orders, coalesce(sum(total), 0)::text AS revenue FROM orders
        WHERE seller_uid = ${rollSeller.uid} AND status <> 'cancelled'`,
  );
  expect(view.totals).toEqual({ orders: recount[0]?.orders, revenue: Number(recount[0]?.revenue) });
});

test('checkouts and cancels of one seller at the same moment keep the rollups exact', async () => {
  // On PostgreSQL these transactions really overlap and upsert the same rollup rows.
  const busySeller = await createUser();
  const buyers = await Promise.all(Array.from({ length: 6 }, () => createUser()));
  const mugs = await Promise.all(
    [1, 2, 3].map((n) =>
      insertProduct(t.database.db, busySeller, { name: `Mug ${n}`, quantity: 1000, minSellQty: 1, price: n }),
    ),
  );
  for (const [i, who] of buyers.entries()) {
    for (const mug of mugs) await t.api.buy(who, mug, i + 1);
  }
  const placed = await Promise.all(buyers.map((who) => t.api.place(who)));
  await expectRollupsMatchRecount();
  const ids = placed.map((result) => result.orders[0]?._id ?? '');
  const changes = await Promise.all(
    ids.map((id, i) =>
      i % 2 === 0
        ? t.api.setStatus(buyers[i] as TestUser, id, 'cancelled')
        : t.api.setStatus(busySeller, id, 'confirmed'),
    ),
  );
  expect(changes.map((res) => res.statusCode)).toEqual(ids.map(() => 200));
  await expectRollupsMatchRecount();
  const view = await dashboard(busySeller);
  // Orders of buyers 2, 4 and 6 remain: (1 + 2 + 3) × quantity each.
  expect(view.totals).toEqual({ orders: 3, revenue: 6 * (2 + 4 + 6) });
  expect(view.topProducts.map((p) => [p.name, p.units])).toEqual([
    ['Mug 3', 12],
    ['Mug 2', 12],
    ['Mug 1', 12],
  ]);
});
