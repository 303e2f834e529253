import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { PlaceOrderResult } from '@b2b/shared';
import { buildShipTo } from '@b2b/shared/testing';
import { buildApp } from '../../src/app.js';
import { cartItems, idempotencyKeys, orders } from '../../src/db/schema.js';
import { apiClient, type ApiClient, type RequestOptions } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertProduct } from '../helpers/factories.js';
import { cartRowsFor, stockInDatabase } from '../helpers/rows.js';
import { createUser, type TestUser } from '../helpers/users.js';

/*
 * The stored answer of an Idempotency-Key request is written in the same transaction as the
 * purchase or checkout it answers (plugins/app/idempotency.ts). Here a request "dies" right after
 * the route's work: a hook that runs first among the reply's onSend hooks never lets the reply
 * go on, so nothing after the work's commit happens for it, as when the process is killed there.
 * The claim's lease then runs out (moved into the past, as if a minute had gone by), and the
 * retry goes to a second app on the same database, as after a restart. It must get the first
 * answer, and buy nothing again.
 */

const CRASH_HEADER = 'x-test-die-after-work';
let t: TestApp;
let restarted: FastifyInstance;
let afterRestart: ApiClient;
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
  afterRestart = apiClient({ app: restarted });
  seller = await createUser();
});
afterAll(async () => {
  for (const release of hung) release();
  await restarted?.close();
  await t?.close();
});

/** One request of a test, sent through either app. */
type Request = (client: ApiClient, options: RequestOptions) => ReturnType<ApiClient['buyRaw']>;

/** Sends `request` with `key` so that it dies right after its work: resolves once its reply has stopped there. */
async function dieAfterWork(request: Request, key: string) {
  const before = hung.length;
  void request(t.api, { idempotencyKey: key, headers: { [CRASH_HEADER]: '1' } });
  await expect.poll(() => hung.length, { timeout: 10_000 }).toBe(before + 1);
}

/** A minute later: the lease of an unanswered claim has run out. */
const leaseRunsOut = (key: string) =>
  t.database.db
    .update(idempotencyKeys)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(idempotencyKeys.key, key));

test('a purchase whose process dies before the reply: the retry gets its answer and buys nothing again', async () => {
  const buyer = await createUser();
  const productId = await insertProduct(t.database.db, seller, { quantity: 100, minSellQty: 1 });
  const key = randomUUID();
  const purchase: Request = (client, options) => client.buyRaw(buyer, productId, 3, options);

  await dieAfterWork(purchase, key);
  expect(await cartRowsFor(t.database.db, productId)).toBe(1);
  const [bought] = await t.database.db
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(eq(cartItems.productId, productId));
  await leaseRunsOut(key);

  const retry = await purchase(afterRestart, { idempotencyKey: key });
  expect(retry.statusCode, retry.body).toBe(201);
  expect(retry.headers['idempotent-replayed']).toBe('true');
  expect(retry.json()).toEqual({ acknowledged: true, insertedId: bought?.id });
  expect(await cartRowsFor(t.database.db, productId)).toBe(1);
  expect(await stockInDatabase(t.database.db, productId)).toBe(97);
});

test('a checkout whose process dies before the reply: the retry gets its answer and places nothing again', async () => {
  const buyer = await createUser();
  const productId = await insertProduct(t.database.db, seller, { quantity: 100, minSellQty: 1 });
  const ordersOf = async () =>
    t.database.db.select({ checkoutId: orders.checkoutId }).from(orders).where(eq(orders.buyerUid, buyer.uid));
  const key = randomUUID();
  const body = { shipTo: buildShipTo() };
  const checkout: Request = (client, options) => client.placeRaw(buyer, body, options);

  await t.api.buy(buyer, productId, 2);
  await dieAfterWork(checkout, key);
  expect(await ordersOf()).toHaveLength(1);
  const [placed] = await ordersOf();
  // Meanwhile the cart fills again: a checkout run a second time would order this item too.
  await t.api.buy(buyer, productId, 2);
  await leaseRunsOut(key);

  const retry = await checkout(afterRestart, { idempotencyKey: key });
  expect(retry.statusCode, retry.body).toBe(201);
  expect(retry.headers['idempotent-replayed']).toBe('true');
  expect(retry.json<PlaceOrderResult>().checkoutId).toBe(placed?.checkoutId);
  expect(await ordersOf()).toHaveLength(1);
  // The item bought after the checkout is still in the cart.
  expect(await cartRowsFor(t.database.db, productId)).toBe(1);
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
    t.api.buyRaw(buyer, productId, 2, { idempotencyKey: key });
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
  expect(await cartRowsFor(t.database.db, productId)).toBe(15);
  expect(await stockInDatabase(t.database.db, productId)).toBe(0);
});
