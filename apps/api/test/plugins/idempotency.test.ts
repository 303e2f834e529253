import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorBodySchema, type ErrorBody } from '@b2b/shared';
import { idempotencyKeys, products } from '../../src/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertProduct } from '../helpers/factories.js';
import { cartRowsFor, stockInDatabase } from '../helpers/rows.js';
import { createUser, type TestUser } from '../helpers/users.js';

/*
 * Idempotency-Key on the POSTs that create something (plugins/app/idempotency.ts): a retry, a
 * double click or a racing duplicate buys once; the same key for another request is refused.
 */

let t: TestApp;
let buyer: TestUser;
let seller: TestUser;
let flakyCalls = 0;

beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      // Any route opts in the same way (as POST /api/orders will): fails once with a 500, then works.
      app.post(
        '/api/test/flaky',
        { onRequest: app.authenticate, config: { idempotent: true } },
        async (_request, reply) => {
          flakyCalls++;
          if (flakyCalls === 1) throw new Error('boom');
          return reply.code(201).send({ call: flakyCalls });
        },
      );
    },
  });
  [buyer, seller] = await Promise.all([createUser(), createUser()]);
});
afterAll(async () => t.close());

/** The buyer buys 2 of the product, with `key` as Idempotency-Key when given. */
const buyWithKey = (productId: string, key?: string) => t.api.buyRaw(buyer, productId, 2, { idempotencyKey: key });

describe('POST /api/carts with Idempotency-Key', () => {
  test('3 requests with one key buy once and all get the first answer', async () => {
    const productId = await insertProduct(t.database.db, seller, { quantity: 100 });
    const key = randomUUID();
    const answers = [
      await buyWithKey(productId, key),
      await buyWithKey(productId, key),
      await buyWithKey(productId, key),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    const [first, ...replays] = answers.map((res) => res.json<{ insertedId: string }>());
    expect(replays).toEqual([first, first]);
    expect(answers.map((res) => res.headers['idempotent-replayed'])).toEqual([undefined, 'true', 'true']);
    expect(await cartRowsFor(t.database.db, productId)).toBe(1);
    expect(await stockInDatabase(t.database.db, productId)).toBe(98);
  });

  test('racing duplicates buy once: the later ones wait for the first answer', async () => {
    const productId = await insertProduct(t.database.db, seller, { quantity: 100 });
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => buyWithKey(productId, key)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((res) => res.json<{ insertedId: string }>().insertedId)).size).toBe(1);
    expect(await cartRowsFor(t.database.db, productId)).toBe(1);
    expect(await stockInDatabase(t.database.db, productId)).toBe(98);
  });

  test('the same key with another body is refused with 422 IDEMPOTENCY_KEY_REUSED and changes nothing', async () => {
    const productId = await insertProduct(t.database.db, seller, { quantity: 100 });
    const key = randomUUID();
    expect((await buyWithKey(productId, key)).statusCode).toBe(201);
    const reused = await t.api.buyRaw(buyer, productId, 3, { idempotencyKey: key });
    expect(reused.statusCode).toBe(422);
    expect(errorBodySchema.parse(reused.json())).toMatchObject({
      statusCode: 422,
      code: 'IDEMPOTENCY_KEY_REUSED',
      error: 'Unprocessable Entity',
    });
    expect(await cartRowsFor(t.database.db, productId)).toBe(1);
    expect(await stockInDatabase(t.database.db, productId)).toBe(98);
  });

  test('keys are per user; without a key every request does the work', async () => {
    const productId = await insertProduct(t.database.db, seller, { quantity: 100 });
    const key = randomUUID();
    expect((await buyWithKey(productId, key)).statusCode).toBe(201);
    expect((await t.api.buyRaw(seller, productId, 2, { idempotencyKey: key })).statusCode).toBe(201);
    expect((await buyWithKey(productId)).statusCode).toBe(201);
    expect((await buyWithKey(productId)).statusCode).toBe(201);
    expect(await cartRowsFor(t.database.db, productId)).toBe(4);
  });

  test('a refusal is an answer too: the retry gets the same 409, even after a restock', async () => {
    const productId = await insertProduct(t.database.db, seller, { quantity: 1 });
    const key = randomUUID();
    const first = await buyWithKey(productId, key);
    expect(first.json<ErrorBody>()).toMatchObject({ statusCode: 409, code: 'INSUFFICIENT_STOCK' });
    await t.database.db.update(products).set({ quantity: 100 }).where(eq(products.id, productId));
    const again = await buyWithKey(productId, key);
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe(first.body);
    expect(await cartRowsFor(t.database.db, productId)).toBe(0);
  });

  test('a bad key is a 400 naming the header', async () => {
    const productId = await insertProduct(t.database.db, seller, { quantity: 100 });
    for (const key of ['x'.repeat(256), 'has space', 'ünïcode']) {
      const res = await buyWithKey(productId, key);
      expect(res.statusCode).toBe(400);
      expect(errorBodySchema.parse(res.json()).details?.[0]?.field).toBe('idempotency-key');
    }
    expect(await cartRowsFor(t.database.db, productId)).toBe(0);
  });
});

test('POST /api/products with one key twice adds one product', async () => {
  const key = randomUUID();
  const name = `Idempotent ${key}`;
  const post = () => t.api.addProductRaw(seller, { name }, { idempotencyKey: key });
  const [a, b] = [await post(), await post()];
  expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
  expect(b.json()).toEqual(a.json());
  expect(await t.database.db.select().from(products).where(eq(products.name, name))).toHaveLength(1);
});

test('a 5xx is not stored: the retry with the same key does the work', async () => {
  const key = randomUUID();
  const call = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/test/flaky',
      headers: { ...buyer.headers, 'idempotency-key': key },
      payload: { any: 'thing' },
    });
  expect((await call()).statusCode).toBe(500);
  const second = await call();
  expect(second.statusCode).toBe(201);
  expect(second.json()).toEqual({ call: 2 });
  const third = await call();
  expect(third.json()).toEqual({ call: 2 });
  expect(flakyCalls).toBe(2);
});

test('keys expire after 24 hours: expired ones are swept, and a key can then be used again', async () => {
  const productId = await insertProduct(t.database.db, seller, { quantity: 100 });
  const key = randomUUID();
  expect((await buyWithKey(productId, key)).statusCode).toBe(201);
  const mine = and(eq(idempotencyKeys.userUid, buyer.uid), eq(idempotencyKeys.key, key));
  const [row] = await t.database.db.select().from(idempotencyKeys).where(mine);
  expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23.9 * 3600_000);
  await t.database.db
    .update(idempotencyKeys)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(mine);
  // Used again after expiry (even with another body): a new purchase, not a replay nor a 422.
  const reused = await t.api.buyRaw(buyer, productId, 5, { idempotencyKey: key });
  expect(reused.statusCode).toBe(201);
  expect(reused.headers['idempotent-replayed']).toBeUndefined();
  expect(await stockInDatabase(t.database.db, productId)).toBe(93);
  // The hourly sweep deletes what has expired.
  await t.database.db
    .update(idempotencyKeys)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(mine);
  expect(await t.app.idempotency.purgeExpired()).toBeGreaterThanOrEqual(1);
  expect(await t.database.db.select().from(idempotencyKeys).where(mine)).toHaveLength(0);
});

test('OpenAPI documents the header on the POSTs that create something', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  }>();
  for (const path of ['/api/carts', '/api/products']) {
    expect(doc.paths[path]?.post?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'idempotency-key' })]),
    );
  }
});
