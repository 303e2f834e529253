import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type ErrorBody,
  type Order,
  type OrderActor,
  type OrderStatus,
  type OrderStatusCounts,
  type ReorderResult,
} from '@b2b/shared';
import { buildShipTo } from '@b2b/shared/testing';
import { orderLines, orders, products } from '../../src/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { usesPostgres } from '../helpers/database.js';
import { insertProduct } from '../helpers/factories.js';
import { expireHolds } from '../helpers/rows.js';
import { createUser, createUsers, type TestUser } from '../helpers/users.js';

/*
 * Orders (docs/architecture.md, "Orders and cart holds"): checkout, the seller's desk, the
 * transitions table, stock returned on cancel, reorder. Every test makes its own products and
 * empties the carts it fills, so any test runs alone and in any order.
 */

let t: TestApp;
let buyer: TestUser;
let sellerA: TestUser;
let sellerB: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  // Hundreds of writes per user: the write rate limit is not what this file tests.
  t = await createTestApp({ env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000' } });
  [buyer, sellerA, sellerB, stranger] = await createUsers('Bea Buyer', 'Ann Seller', 'Ben Seller', 'Sam Stranger');
});
afterAll(async () => t.close());

const product = (owner: TestUser, overrides: Parameters<typeof insertProduct>[2] = {}) =>
  insertProduct(t.database.db, owner, { quantity: 100, minSellQty: 1, price: 10, ...overrides });

/** A placed order of `quantity` units of a fresh product of `seller`, bought by `who`. */
async function placedOrder(seller: TestUser, quantity = 5, who: TestUser = buyer) {
  const productId = await product(seller);
  await t.api.buy(who, productId, quantity);
  const placed = await t.api.place(who);
  expect(placed.orders).toHaveLength(1);
  return { productId, id: placed.orders[0]?._id ?? '' };
}

/** The statuses of an order outside a company (the company ones: companies.test.ts). */
const PLAIN_STATUSES = ORDER_STATUSES.filter(
  (status): status is Exclude<OrderStatus, 'awaiting_approval' | 'rejected'> =>
    status !== 'awaiting_approval' && status !== 'rejected',
);
type PlainStatus = (typeof PLAIN_STATUSES)[number];

/** An order walked to `status` through the API (the seller confirms and ships, the buyer cancels). */
async function orderIn(status: PlainStatus) {
  const order = await placedOrder(sellerA);
  const path: Record<PlainStatus, [TestUser, OrderStatus][]> = {
    placed: [],
    confirmed: [[sellerA, 'confirmed']],
    shipped: [
      [sellerA, 'confirmed'],
      [sellerA, 'shipped'],
    ],
    delivered: [
      [sellerA, 'confirmed'],
      [sellerA, 'shipped'],
      [sellerA, 'delivered'],
    ],
    cancelled: [[buyer, 'cancelled']],
  };
  for (const [who, next] of path[status]) expect((await t.api.setStatus(who, order.id, next)).statusCode).toBe(200);
  return order;
}

describe('POST /api/orders (checkout)', () => {
  test('a cart from two sellers becomes two orders, each with its own lines and snapshot total; the cart empties; stock stays taken', async () => {
    const kettle = await product(sellerA, { name: 'Kettle', price: 19.99, quantity: 50 });
    const mugs = await product(sellerA, { name: 'Mugs', price: 2.5, quantity: 500 });
    const paper = await product(sellerB, { name: 'Paper', price: 4.1, quantity: 80, category: 'office&stationary' });
    await t.api.buy(buyer, kettle, 3);
    await t.api.buy(buyer, mugs, 12);
    await t.api.buy(buyer, paper, 7);
    // Prices change after the purchase: the order keeps the cart's snapshot.
    await t.database.db.update(products).set({ price: 99 }).where(eq(products.id, kettle));

    const placed = await t.api.place(buyer, {
      poNumber: 'PO-7781',
      note: 'Deliver to the back gate.',
      shipTo: buildShipTo({ name: 'Dock 4', line2: 'Unit 9' }),
    });
    expect(placed.acknowledged).toBe(true);
    expect(placed.orders).toHaveLength(2);
    const bySeller = Object.fromEntries(placed.orders.map((o) => [o.sellerEmail, o]));
    expect(bySeller[sellerA.email]).toMatchObject({ status: 'placed', total: 89.97 });
    expect(bySeller[sellerB.email]).toMatchObject({ status: 'placed', total: 28.7 });
    for (const o of placed.orders) expect(o.orderNumber).toMatch(/^B2B-\d{6,}$/);

    expect(await t.api.cart(buyer)).toEqual([]);
    expect(await t.api.stockOf(kettle)).toBe(47);
    expect(await t.api.stockOf(mugs)).toBe(488);
    expect(await t.api.stockOf(paper)).toBe(73);

    const a = await t.api.order(buyer, bySeller[sellerA.email]?._id ?? '');
    expect(a).toMatchObject({
      checkoutId: placed.checkoutId,
      buyerEmail: buyer.email,
      buyerName: 'Bea Buyer',
      sellerEmail: sellerA.email,
      poNumber: 'PO-7781',
      note: 'Deliver to the back gate.',
      shipTo: buildShipTo({ name: 'Dock 4', line2: 'Unit 9' }),
      trackingRef: '',
      cancelledBy: null,
      lineCount: 2,
      units: 15,
      total: 89.97,
    });
    expect(
      a.lines.map(({ productId, name, price, quantity, lineTotal }) => ({
        productId,
        name,
        price,
        quantity,
        lineTotal,
      })),
    ).toEqual([
      { productId: kettle, name: 'Kettle', price: 19.99, quantity: 3, lineTotal: 59.97 },
      { productId: mugs, name: 'Mugs', price: 2.5, quantity: 12, lineTotal: 30 },
    ]);
    expect(a.history.map((h) => h.status)).toEqual(['placed']);
    const b = await t.api.order(buyer, bySeller[sellerB.email]?._id ?? '');
    expect(b.checkoutId).toBe(placed.checkoutId);
    expect(b.lines).toEqual([
      expect.objectContaining({ productId: paper, category: 'office&stationary', quantity: 7 }),
    ]);
  });

  test('order numbers are unique and increasing', async () => {
    const first = await placedOrder(sellerA);
    const second = await placedOrder(sellerA);
    const [one, two] = await Promise.all([t.api.order(buyer, first.id), t.api.order(buyer, second.id)]);
    const n = (o: Order) => Number(o.orderNumber.slice('B2B-'.length));
    expect(n(two)).toBeGreaterThan(n(one));
  });

  test('409 EMPTY_CART when the cart is empty, also when its only holds have expired', async () => {
    const empty = await t.api.placeRaw(buyer);
    expect(empty.statusCode).toBe(409);
    expect(empty.json<ErrorBody>()).toMatchObject({ code: 'EMPTY_CART', message: expect.stringMatching(/empty/i) });

    const productId = await product(sellerA);
    const item = await t.api.buy(buyer, productId, 2);
    await expireHolds(t, [item]);
    expect((await t.api.placeRaw(buyer)).json<ErrorBody>().code).toBe('EMPTY_CART');
    await t.app.cartHolds.sweep();
    expect(await t.api.stockOf(productId)).toBe(100);
  });

  test('placing twice in a row: the second finds the cart empty (nothing is ordered twice)', async () => {
    const productId = await product(sellerA);
    await t.api.buy(buyer, productId, 4);
    const [first, second] = [await t.api.placeRaw(buyer), await t.api.placeRaw(buyer)];
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(409);
  });

  test.each([
    ['no shipTo', {}, 'shipTo'],
    ['a blank name', { shipTo: buildShipTo({ name: '  ' }) }, 'shipTo.name'],
    ['no line 1', { shipTo: { ...buildShipTo(), line1: undefined } }, 'shipTo.line1'],
    ['no city', { shipTo: { ...buildShipTo(), city: '' } }, 'shipTo.city'],
    ['no country', { shipTo: { ...buildShipTo(), country: undefined } }, 'shipTo.country'],
    ['a phone with letters', { shipTo: buildShipTo({ phone: 'call me' }) }, 'shipTo.phone'],
    ['a 201-character line 2', { shipTo: buildShipTo({ line2: 'x'.repeat(201) }) }, 'shipTo.line2'],
    ['a 65-character PO number', { shipTo: buildShipTo(), poNumber: 'P'.repeat(65) }, 'poNumber'],
    ['a NUL in the note', { shipTo: buildShipTo(), note: 'a\u0000b' }, 'note'],
  ])('400 for %s, and the cart is left as it was', async (_case, body, field) => {
    const productId = await product(sellerA);
    const item = await t.api.buy(buyer, productId, 1);
    const res = await t.api.placeRaw(buyer, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().details?.map((d) => d.field)).toContain(field);
    expect((await t.api.cart(buyer)).map((i) => i._id)).toEqual([item]);
    await t.api.removeFromCart(buyer, item);
  });

  test('a 64-character PO number and optional fields left out are fine', async () => {
    const productId = await product(sellerB);
    await t.api.buy(buyer, productId, 1);
    const { name, line1, city, country } = buildShipTo();
    const placed = await t.api.place(buyer, { poNumber: 'P'.repeat(64), shipTo: { name, line1, city, country } });
    const order = await t.api.order(buyer, placed.orders[0]?._id ?? '');
    expect(order.shipTo).toEqual({ name, line1, line2: '', city, postalCode: '', country, phone: '' });
    expect(order.note).toBe('');
  });

  test('401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/orders', payload: { shipTo: buildShipTo() } });
    expect(res.statusCode).toBe(401);
  });

  test("only the caller's cart is placed", async () => {
    const mine = await product(sellerA);
    const theirs = await product(sellerA);
    await t.api.buy(buyer, mine, 1);
    const strangersItem = await t.api.buy(stranger, theirs, 2);
    await t.api.place(buyer);
    expect((await t.api.cart(stranger)).map((i) => i._id)).toEqual([strangersItem]);
    await t.api.removeFromCart(stranger, strangersItem);
  });

  test('a product deleted while in the cart is still ordered from its seller', async () => {
    const productId = await product(sellerB, { name: 'Discontinued Stool' });
    await t.api.buy(buyer, productId, 3);
    await t.database.db.delete(products).where(eq(products.id, productId));
    const placed = await t.api.place(buyer);
    expect(placed.orders).toEqual([expect.objectContaining({ sellerEmail: sellerB.email, total: 30 })]);
  });
});

describe('Idempotency-Key on checkout and reorder', () => {
  test('a retried checkout with the same key places the orders once and gets the same answer', async () => {
    const productId = await product(sellerA);
    await t.api.buy(buyer, productId, 6);
    const key = randomUUID();
    const body = { shipTo: buildShipTo(), poNumber: 'PO-RETRY' };
    const first = await t.api.placeRaw(buyer, body, { idempotencyKey: key });
    const retry = await t.api.placeRaw(buyer, body, { idempotencyKey: key });
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const placed = first.json<{ orders: { _id: string }[] }>().orders;
    const mine = await t.api.list(buyer, '/api/orders', '?limit=100');
    expect(mine.items.filter((o) => o.poNumber === 'PO-RETRY').map((o) => o._id)).toEqual(placed.map((o) => o._id));
    expect(await t.api.stockOf(productId)).toBe(94);
  });

  test('a double click (two requests at once, one key) places once; without a key the second finds the cart empty', async () => {
    const productId = await product(sellerB);
    await t.api.buy(buyer, productId, 2);
    const key = randomUUID();
    const [a, b] = await Promise.all([
      t.api.placeRaw(buyer, { shipTo: buildShipTo() }, { idempotencyKey: key }),
      t.api.placeRaw(buyer, { shipTo: buildShipTo() }, { idempotencyKey: key }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json()).toEqual(a.json());
  });

  test('the same key with another body is refused with 422 IDEMPOTENCY_KEY_REUSED and changes nothing', async () => {
    const productId = await product(sellerA);
    await t.api.buy(buyer, productId, 1);
    const key = randomUUID();
    expect((await t.api.placeRaw(buyer, { shipTo: buildShipTo() }, { idempotencyKey: key })).statusCode).toBe(201);
    await t.api.buy(buyer, productId, 1);
    const reused = await t.api.placeRaw(buyer, { shipTo: buildShipTo({ city: 'Dhaka' }) }, { idempotencyKey: key });
    expect(reused.statusCode).toBe(422);
    expect(reused.json<ErrorBody>().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await t.api.cart(buyer)).toHaveLength(1);
    await t.api.place(buyer);
  });

  test('a retried reorder with the same key buys the lines once', async () => {
    const { id, productId } = await placedOrder(sellerA, 5);
    const key = randomUUID();
    const reorder = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${id}/reorder`,
        headers: { ...buyer.headers, 'idempotency-key': key },
      });
    const [first, retry] = [await reorder(), await reorder()];
    expect(retry.json()).toEqual(first.json());
    expect(await t.api.stockOf(productId)).toBe(90);
    expect(await t.api.cart(buyer)).toHaveLength(1);
    await t.api.place(buyer);
  });
});

describe('GET /api/orders/:id', () => {
  test('the buyer and the seller see it, each with their own next steps; anyone else gets 403', async () => {
    const { id } = await placedOrder(sellerA);
    expect((await t.api.order(buyer, id)).nextStatuses).toEqual(['cancelled']);
    expect((await t.api.order(sellerA, id)).nextStatuses).toEqual(['confirmed', 'cancelled']);
    const res = await t.api.get(stranger, id);
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().code).toBe('FORBIDDEN');
    expect((await t.api.get(sellerB, id)).statusCode).toBe(403);
  });

  test('404 for an unknown order, 400 for a bad id, 401 without a token', async () => {
    expect((await t.api.get(buyer, randomUUID())).statusCode).toBe(404);
    expect((await t.api.get(buyer, 'not-a-uuid')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${randomUUID()}` })).statusCode).toBe(401);
  });

  test('a seller who bought their own product is both buyer and seller of the order', async () => {
    const { id } = await placedOrder(sellerA, 2, sellerA);
    const order = await t.api.order(sellerA, id);
    expect(order.buyerEmail).toBe(order.sellerEmail);
    expect(order.nextStatuses).toEqual(['confirmed', 'cancelled']);
  });
});

describe('PATCH /api/orders/:id/status: the transitions table', () => {
  const cases = PLAIN_STATUSES.flatMap((from) =>
    PLAIN_STATUSES.flatMap((to) =>
      (['buyer', 'seller'] as const).map((actor) => {
        const allowed = ORDER_TRANSITIONS[from][to];
        const expected = !allowed ? 409 : allowed.includes(actor) ? 200 : 403;
        return { from, to, actor, expected };
      }),
    ),
  );

  test('the table: placed → confirmed → shipped → delivered, cancelled from placed (both) or confirmed (seller)', () => {
    const allowed = cases.filter((c) => c.expected === 200).map((c) => `${c.from}→${c.to} by ${c.actor}`);
    expect(allowed).toEqual([
      'placed→confirmed by seller',
      'placed→cancelled by buyer',
      'placed→cancelled by seller',
      'confirmed→shipped by seller',
      'confirmed→cancelled by seller',
      'shipped→delivered by seller',
    ]);
  });

  test.each(cases)('$from → $to by the $actor: $expected', async ({ from, to, actor, expected }) => {
    const order = await orderIn(from);
    const who: Record<Exclude<OrderActor, 'approver'>, TestUser> = { buyer, seller: sellerA };
    const before = await t.api.stockOf(order.productId);
    const res = await t.api.setStatus(who[actor], order.id, to);
    expect(res.statusCode, res.body).toBe(expected);
    if (expected === 200) {
      const updated = res.json<Order>();
      expect(updated.status).toBe(to);
      expect(updated.history.map((h) => h.status).at(-1)).toBe(to);
      if (to === 'cancelled') expect(updated.cancelledBy).toBe(actor);
    } else {
      expect(res.json<ErrorBody>().code).toBe(expected === 409 ? 'INVALID_TRANSITION' : 'FORBIDDEN');
      expect((await t.api.order(buyer, order.id)).status).toBe(from);
    }
    // Only a cancel gives stock back.
    expect(await t.api.stockOf(order.productId)).toBe(expected === 200 && to === 'cancelled' ? before + 5 : before);
  });

  test('403 for someone who is neither buyer nor seller, 404 for an unknown order', async () => {
    const { id } = await placedOrder(sellerA);
    expect((await t.api.setStatus(stranger, id, 'cancelled')).statusCode).toBe(403);
    expect((await t.api.setStatus(sellerB, id, 'confirmed')).statusCode).toBe(403);
    expect((await t.api.setStatus(buyer, randomUUID(), 'cancelled')).statusCode).toBe(404);
  });

  test('400 for an unknown status, and for a tracking reference without shipping', async () => {
    const { id } = await placedOrder(sellerA);
    expect((await t.api.setStatus(sellerA, id, 'lost' as OrderStatus)).statusCode).toBe(400);
    const res = await t.api.setStatus(sellerA, id, 'confirmed', { trackingRef: 'TRK-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().details?.map((d) => d.field)).toEqual(['trackingRef']);
  });

  test('shipping keeps the tracking reference; every status has its timestamp in the history', async () => {
    const { id } = await orderIn('confirmed');
    const shipped = (await t.api.setStatus(sellerA, id, 'shipped', { trackingRef: 'DHL 123 456' })).json<Order>();
    expect(shipped.trackingRef).toBe('DHL 123 456');
    const delivered = (await t.api.setStatus(sellerA, id, 'delivered')).json<Order>();
    expect(delivered.history.map((h) => h.status)).toEqual(['placed', 'confirmed', 'shipped', 'delivered']);
    const times = delivered.history.map((h) => Date.parse(h.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(delivered.nextStatuses).toEqual([]);
    expect((await t.api.order(buyer, id)).trackingRef).toBe('DHL 123 456');
  });
});

describe('cancelling returns stock', () => {
  test('every line, in the same transaction; a second cancel is refused and returns nothing', async () => {
    const bolts = await product(sellerA, { quantity: 40 });
    const nuts = await product(sellerA, { quantity: 60 });
    await t.api.buy(buyer, bolts, 10);
    await t.api.buy(buyer, nuts, 5);
    await t.api.buy(buyer, bolts, 4);
    const placed = await t.api.place(buyer);
    const id = placed.orders[0]?._id ?? '';
    expect((await t.api.order(buyer, id)).lines).toHaveLength(3);
    expect([await t.api.stockOf(bolts), await t.api.stockOf(nuts)]).toEqual([26, 55]);

    const res = await t.api.setStatus(buyer, id, 'cancelled');
    expect(res.statusCode).toBe(200);
    expect([await t.api.stockOf(bolts), await t.api.stockOf(nuts)]).toEqual([40, 60]);

    const again = await t.api.setStatus(sellerA, id, 'cancelled');
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().code).toBe('INVALID_TRANSITION');
    expect([await t.api.stockOf(bolts), await t.api.stockOf(nuts)]).toEqual([40, 60]);
  });

  test('the seller cancelling a confirmed order returns its stock too', async () => {
    const { id, productId } = await orderIn('confirmed');
    expect(await t.api.stockOf(productId)).toBe(95);
    expect((await t.api.setStatus(sellerA, id, 'cancelled')).json<Order>().cancelledBy).toBe('seller');
    expect(await t.api.stockOf(productId)).toBe(100);
  });

  test('a returned line never pushes stock past the limit, and a deleted product is skipped', async () => {
    const full = await product(sellerA, { quantity: 1_000 });
    const gone = await product(sellerA);
    await t.api.buy(buyer, full, 10);
    await t.api.buy(buyer, gone, 1);
    const id = (await t.api.place(buyer)).orders[0]?._id ?? '';
    await t.database.db.update(products).set({ quantity: 999_999_995 }).where(eq(products.id, full));
    await t.database.db.delete(products).where(eq(products.id, gone));
    expect((await t.api.setStatus(buyer, id, 'cancelled')).statusCode).toBe(200);
    expect(await t.api.stockOf(full)).toBe(1_000_000_000);
  });

  test.runIf(usesPostgres())(
    '(PostgreSQL only: PGlite runs one transaction at a time) concurrent cancels by the buyer and the seller: one wins, stock comes back once',
    async () => {
      const { id, productId } = await placedOrder(sellerA, 30);
      const results = await Promise.all([
        t.api.setStatus(buyer, id, 'cancelled'),
        t.api.setStatus(sellerA, id, 'cancelled'),
        t.api.setStatus(buyer, id, 'cancelled'),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await t.api.stockOf(productId)).toBe(100);
    },
  );
});

describe('GET /api/orders and GET /api/sales', () => {
  let buyer2: TestUser;
  let seller2: TestUser;
  const ids: string[] = [];

  beforeAll(async () => {
    [buyer2, seller2] = await Promise.all([createUser({ displayName: 'Lists Buyer' }), createUser()]);
    // Five orders for buyer2 from seller2, one of them cancelled; plus one from another seller.
    for (let i = 0; i < 5; i++) ids.push((await placedOrder(seller2, 1 + i, buyer2)).id);
    ids.push((await placedOrder(sellerB, 1, buyer2)).id);
    expect((await t.api.setStatus(buyer2, ids[1] ?? '', 'cancelled')).statusCode).toBe(200);
    expect((await t.api.setStatus(seller2, ids[2] ?? '', 'confirmed')).statusCode).toBe(200);
  });

  test("My Orders: the caller's orders, newest first, with a total", async () => {
    const list = await t.api.list(buyer2, '/api/orders');
    expect(list.items.map((o) => o._id)).toEqual([...ids].reverse());
    expect(list.total).toBe(6);
    expect(list.relation).toBe('eq');
    expect(list.items[0]).toMatchObject({ buyerEmail: buyer2.email, buyerName: 'Lists Buyer', lineCount: 1 });
    expect((await t.api.list(stranger, '/api/orders')).items.some((o) => ids.includes(o._id))).toBe(false);
  });

  test('status filter', async () => {
    const cancelled = await t.api.list(buyer2, '/api/orders', '?status=cancelled');
    expect(cancelled.items.map((o) => o._id)).toEqual([ids[1]]);
    expect(cancelled.total).toBe(1);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/orders?status=lost', headers: buyer2.headers })).statusCode,
    ).toBe(400);
  });

  test('pages by offset and by cursor agree', async () => {
    const first = await t.api.list(buyer2, '/api/orders', '?limit=4');
    expect(first.items).toHaveLength(4);
    expect(first.next).toBeTruthy();
    const byOffset = await t.api.list(buyer2, '/api/orders', '?limit=4&offset=4');
    const byCursor = await t.api.list(buyer2, '/api/orders', `?limit=4&cursor=${first.next}`);
    expect(byCursor.items.map((o) => o._id)).toEqual(byOffset.items.map((o) => o._id));
    expect(byCursor.items).toHaveLength(2);
    expect(byCursor.next).toBeUndefined();
    const bad = await t.app.inject({ method: 'GET', url: '/api/orders?cursor=nonsense', headers: buyer2.headers });
    expect(bad.statusCode).toBe(400);
  });

  test("Sales: orders for the caller's products only, with the buyer; status filter", async () => {
    const sales = await t.api.list(seller2, '/api/sales');
    expect(sales.items.map((o) => o._id)).toEqual(ids.slice(0, 5).reverse());
    expect(sales.items.every((o) => o.sellerEmail === seller2.email && o.buyerEmail === buyer2.email)).toBe(true);
    expect((await t.api.list(seller2, '/api/sales', '?status=confirmed')).items.map((o) => o._id)).toEqual([ids[2]]);
    // The buyer sells nothing.
    expect((await t.api.list(buyer2, '/api/sales')).items).toEqual([]);
  });

  test('counts per status, for the buyer and for the seller', async () => {
    const counts = (user: TestUser, path: string) =>
      t.app.inject({ method: 'GET', url: path, headers: user.headers }).then((r) => r.json<OrderStatusCounts>());
    expect(await counts(seller2, '/api/sales/counts')).toEqual({
      awaiting_approval: 0,
      rejected: 0,
      placed: 3,
      confirmed: 1,
      shipped: 0,
      delivered: 0,
      cancelled: 1,
    });
    expect(await counts(buyer2, '/api/orders/counts')).toEqual({
      awaiting_approval: 0,
      rejected: 0,
      placed: 4,
      confirmed: 1,
      shipped: 0,
      delivered: 0,
      cancelled: 1,
    });
  });

  test('401 without a token', async () => {
    for (const url of ['/api/orders', '/api/sales', '/api/orders/counts', '/api/sales/counts']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('POST /api/orders/:id/reorder', () => {
  test('each line is bought again through the purchase rules, with a result per line', async () => {
    const ok = await product(sellerA, { name: 'Steady Seller', quantity: 100 });
    const raised = await product(sellerA, { name: 'Now Sold By The Dozen', quantity: 100 });
    const scarce = await product(sellerA, { name: 'Almost Gone', quantity: 100 });
    const gone = await product(sellerA, { name: 'Discontinued', quantity: 100 });
    for (const id of [ok, raised, scarce, gone]) await t.api.buy(buyer, id, 6);
    const orderId = (await t.api.place(buyer)).orders[0]?._id ?? '';
    await t.database.db.update(products).set({ minSellQty: 12 }).where(eq(products.id, raised));
    await t.database.db.update(products).set({ quantity: 2 }).where(eq(products.id, scarce));
    await t.database.db.delete(products).where(eq(products.id, gone));

    const res = await t.api.reorder(buyer, orderId);
    expect(res.statusCode).toBe(200);
    const body = res.json<ReorderResult>();
    expect(body.added).toBe(1);
    expect(body.results.map(({ name, outcome, quantity }) => ({ name, outcome, quantity }))).toEqual([
      { name: 'Steady Seller', outcome: 'added', quantity: 6 },
      { name: 'Now Sold By The Dozen', outcome: 'min_order_not_met', quantity: 6 },
      { name: 'Almost Gone', outcome: 'insufficient_stock', quantity: 6 },
      { name: 'Discontinued', outcome: 'product_gone', quantity: 6 },
    ]);
    expect(body.results[1]?.message).toBe('You must buy at least 12 units.');
    expect(body.results[2]?.message).toMatch(/only 2 units/);

    const cart = await t.api.cart(buyer);
    expect(cart.map((i) => ({ id: i._id, productId: i.productId, qty: i.buyQuantity }))).toEqual([
      { id: body.results[0]?.cartItemId, productId: ok, qty: 6 },
    ]);
    expect(await t.api.stockOf(ok)).toBe(88);
    expect(await t.api.stockOf(scarce)).toBe(2);
    await t.api.place(buyer);
  });

  test('only the buyer may reorder: 403 for the seller and anyone else, 404 for an unknown order', async () => {
    const { id } = await placedOrder(sellerA);
    expect((await t.api.reorder(sellerA, id)).statusCode).toBe(403);
    expect((await t.api.reorder(stranger, id)).statusCode).toBe(403);
    expect((await t.api.reorder(buyer, randomUUID())).statusCode).toBe(404);
    expect(await t.api.cart(sellerA)).toEqual([]);
  });

  test('a cancelled order can be reordered', async () => {
    const { id, productId } = await orderIn('cancelled');
    const body = (await t.api.reorder(buyer, id)).json<ReorderResult>();
    expect(body.results).toEqual([expect.objectContaining({ productId, outcome: 'added' })]);
    expect(await t.api.stockOf(productId)).toBe(95);
    await t.api.place(buyer);
  });
});

describe('the data model', () => {
  test('a line total is price × quantity, computed by the database', async () => {
    const { id } = await placedOrder(sellerB, 7);
    const [line] = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, id));
    expect(line?.lineTotal).toBe(70);
  });

  test('a status without its timestamp is refused by a CHECK', async () => {
    const { id } = await placedOrder(sellerB);
    const error = await t.database.db
      .update(orders)
      .set({ status: 'shipped' })
      .where(eq(orders.id, id))
      .then(
        () => null,
        (e: unknown) => e as { cause?: { code?: string } },
      );
    expect(error?.cause?.code).toBe('23514');
  });
});

describe('stock is never returned twice', () => {
  /** Stock on the shelf + held in carts + in orders that are not cancelled: always what there was. */
  async function accounted(productIds: string[]): Promise<number> {
    const rows = await t.database.db.execute(sql`
      SELECT
        (SELECT coalesce(sum(quantity), 0) FROM products WHERE id IN ${productIds})::int AS shelf,
        (SELECT coalesce(sum(buy_quantity), 0) FROM cart_items WHERE product_id IN ${productIds})::int AS held,
        (SELECT coalesce(sum(l.quantity), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id
          WHERE l.product_id IN ${productIds} AND o.status <> 'cancelled')::int AS ordered`);
    const [row] = (rows as unknown as { rows: { shelf: number; held: number; ordered: number }[] }).rows;
    return (row?.shelf ?? 0) + (row?.held ?? 0) + (row?.ordered ?? 0);
  }

  test.runIf(usesPostgres())(
    '(PostgreSQL only: PGlite runs one transaction at a time) a concurrent checkout, removals, hold sweep and cancels cannot double-return stock',
    async () => {
      const racer = await createUser({ displayName: 'Race Buyer' });
      for (let round = 0; round < 5; round++) {
        const ids = [await product(sellerA, { quantity: 1_000 }), await product(sellerB, { quantity: 1_000 })];
        const items: string[] = [];
        for (let i = 0; i < 8; i++) items.push(await t.api.buy(racer, ids[i % 2] ?? '', 10 + i));
        await expireHolds(t, items.slice(0, 2));
        expect(await accounted(ids)).toBe(2_000);

        // Two checkouts (a double click), a removal of every item and the sweep, all at once.
        const results = await Promise.all([
          t.api.placeRaw(racer),
          t.api.placeRaw(racer),
          ...items.map((id) => t.api.removeFromCart(racer, id)),
          t.app.cartHolds.sweep(),
        ]);
        const placed = results
          .slice(0, 2)
          .flatMap((r) =>
            typeof r === 'number' || r.statusCode !== 201 ? [] : r.json<{ orders: { _id: string }[] }>().orders,
          );
        expect(await accounted(ids)).toBe(2_000);
        expect(await t.api.cart(racer)).toEqual([]);

        // Every order cancelled by both parties at once, twice over: stock comes back exactly once.
        const sellers: Record<string, TestUser> = {
          [sellerA.email.toLowerCase()]: sellerA,
          [sellerB.email.toLowerCase()]: sellerB,
        };
        const cancels = await Promise.all(
          placed.flatMap((o) =>
            [racer, racer, ...Object.values(sellers)].map((who) => t.api.setStatus(who, o._id, 'cancelled')),
          ),
        );
        expect(cancels.filter((r) => r.statusCode === 200)).toHaveLength(placed.length);
        expect(cancels.every((r) => [200, 403, 409].includes(r.statusCode))).toBe(true);
        expect(await accounted(ids)).toBe(2_000);
        expect((await t.api.stockOf(ids[0] ?? '')) + (await t.api.stockOf(ids[1] ?? ''))).toBe(2_000);
      }
    },
  );
});
