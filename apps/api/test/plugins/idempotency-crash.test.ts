import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { PlaceOrderResult } from '@b2b/shared';
import { buildShipTo } from '@b2b/shared/testing';
import { buildApp } from '../../src/app.js';
import { cartItems, idempotencyKeys, orders, products } from '../../src/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertProduct } from '../helpers/factories.js';
import { createUser, type TestUser } from '../helpers/users.js';

/*
 * The stored answer of an Idempotency-Key request is written in the same transaction as the
 * purchase or checkout it answers (plugins/idempotency.ts). Here a request "dies" right after
 * the route's work: a hook that runs first among the reply's onSend hooks never lets the reply
 * go on, so nothing after the work's commit happens for it, as when the process is killed there.
 * The claim's lease then runs out (moved into the past, as if a minute had gone by), and the
 * retry goes to a second app on the same database, as after a restart. It must get the first
 * answer, and buy nothing again.
 */

const CRASH_HEADER = 'x-test-die-after-work';
let t: TestApp;
let restarted: FastifyInstance;
let seller: TestUser;
const hung: (() => void)[] = [];

beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      app.addHook('onSend', (request, _reply, payload, done) => {
        if (request.headers[CRASH_HEADER]) hung.push(() => done(null, payload));
        else done(null, payload);
      });
    },
  });
  // "The process after a restart": another app on the same database, without the crash hook.
  restarted = await buildApp({ config: t.config, database: t.database });
  await restarted.ready();
  seller = await createUser();
});
afterAll(async () => {
  for (const release of hung) release();
  await restarted?.close();
  await t?.close();
});

/** Sends a request that dies right after its work: resolves once its reply has stopped there. */
async function dieAfterWork(options: {
  method: 'POST';
  url: string;
  payload: object;
  headers: Record<string, string>;
}) {
  const before = hung.length;
  void t.app.inject({ ...options, headers: { ...options.headers, [CRASH_HEADER]: '1' } });
  await expect.poll(() => hung.length, { timeout: 10_000 }).toBe(before + 1);
}

/** A minute later: the lease of an unanswered claim has run out. */
const leaseRunsOut = (key: string) =>
  t.database.db
    .update(idempotencyKeys)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(idempotencyKeys.key, key));

const cartRowsOf = async (productId: string) =>
  (await t.database.db.select({ n: count() }).from(cartItems).where(eq(cartItems.productId, productId)))[0]?.n;
const stockOf = async (productId: string) =>
  (await t.database.db.select({ q: products.quantity }).from(products).where(eq(products.id, productId)))[0]?.q;

test('a purchase whose process dies before the reply: the retry gets its answer and buys nothing again', async () => {
  const buyer = await createUser();
  const productId = await insertProduct(t.database.db, seller, { quantity: 100, minSellQty: 1 });
  const key = randomUUID();
  const purchase = { method: 'POST' as const, url: '/api/carts', payload: { productId, buyQuantity: 3 } };

  await dieAfterWork({ ...purchase, headers: { ...buyer.headers, 'idempotency-key': key } });
  expect(await cartRowsOf(productId)).toBe(1);
  const [bought] = await t.database.db
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(eq(cartItems.productId, productId));
  await leaseRunsOut(key);

  const retry = await restarted.inject({ ...purchase, headers: { ...buyer.headers, 'idempotency-key': key } });
  expect(retry.statusCode, retry.body).toBe(201);
  expect(retry.headers['idempotent-replayed']).toBe('true');
  expect(retry.json()).toEqual({ acknowledged: true, insertedId: bought?.id });
  expect(await cartRowsOf(productId)).toBe(1);
  expect(await stockOf(productId)).toBe(97);
});

test('a checkout whose process dies before the reply: the retry gets its answer and places nothing again', async () => {
  const buyer = await createUser();
  const productId = await insertProduct(t.database.db, seller, { quantity: 100, minSellQty: 1 });
  const buy = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/carts',
      headers: buyer.headers,
      payload: { productId, buyQuantity: 2 },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const ordersOf = async () =>
    t.database.db.select({ checkoutId: orders.checkoutId }).from(orders).where(eq(orders.buyerUid, buyer.uid));
  const key = randomUUID();
  const checkout = { method: 'POST' as const, url: '/api/orders', payload: { shipTo: buildShipTo() } };

  await buy();
  await dieAfterWork({ ...checkout, headers: { ...buyer.headers, 'idempotency-key': key } });
  expect(await ordersOf()).toHaveLength(1);
  const [placed] = await ordersOf();
  // Meanwhile the cart fills again: a checkout run a second time would order this item too.
  await buy();
  await leaseRunsOut(key);

  const retry = await restarted.inject({ ...checkout, headers: { ...buyer.headers, 'idempotency-key': key } });
  expect(retry.statusCode, retry.body).toBe(201);
  expect(retry.headers['idempotent-replayed']).toBe('true');
  expect(retry.json<PlaceOrderResult>().checkoutId).toBe(placed?.checkoutId);
  expect(await ordersOf()).toHaveLength(1);
  // The item bought after the checkout is still in the cart.
  expect(await cartRowsOf(productId)).toBe(1);
});

test('simultaneous purchases of one product, each with its key, store each answer with its own purchase', async () => {
  // On PostgreSQL these run as batches (one statement and one transaction for many buyers).
  const productId = await insertProduct(t.database.db, seller, { quantity: 30, minSellQty: 1 });
  const buyers = await Promise.all([createUser(), createUser(), createUser()]);
  const requests = Array.from({ length: 20 }, (_, i) => ({
    buyer: buyers[i % buyers.length] as TestUser,
    key: randomUUID(),
  }));
  const send = ({ buyer, key }: (typeof requests)[number]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/carts',
      headers: { ...buyer.headers, 'idempotency-key': key },
      payload: { productId, buyQuantity: 2 },
    });
  const first = await Promise.all(requests.map(send));
  expect(first.map((res) => res.statusCode).sort()).toEqual([...Array(15).fill(201), ...Array(5).fill(409)]);
  const answers = await t.database.db
    .select({ key: idempotencyKeys.key, status: idempotencyKeys.statusCode, body: idempotencyKeys.responseBody })
    .from(idempotencyKeys)
    .where(sql`${idempotencyKeys.key} IN ${requests.map((r) => r.key)}`);
  expect(answers).toHaveLength(20);
  for (const [i, { key }] of requests.entries()) {
    const stored = answers.find((a) => a.key === key);
    expect({ status: stored?.status, body: stored?.body }).toEqual({
      status: first[i]?.statusCode,
      body: first[i]?.body,
    });
  }
  const again = await Promise.all(requests.map(send));
  expect(again.map((res) => res.body)).toEqual(first.map((res) => res.body));
  expect(await cartRowsOf(productId)).toBe(15);
  expect(await stockOf(productId)).toBe(0);
});
