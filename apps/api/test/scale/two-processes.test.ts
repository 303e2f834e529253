import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startApi, stopApi, type ApiProcess } from '../helpers/api-process.js';
import { createScratchDatabase, usesPostgres, type ScratchDatabase } from '../helpers/database.js';
import { productBody } from '../helpers/factories.js';
import { redisReachable, TEST_REDIS_URL, uniqueAddress } from '../helpers/redis.js';
import { createUser, type TestUser } from '../helpers/users.js';

/*
 * Two API processes (the production entry point, src/server.ts) on one PostgreSQL database and
 * one Redis, as behind a load balancer: the write limit is one budget across both, and an
 * Idempotency-Key sent to both at once buys once. PostgreSQL project only (PGlite is embedded
 * in one process); skipped, saying so, when no Redis answers.
 */

const LIMIT = 5;
const redis = usesPostgres() ? await redisReachable() : false;

type RunningApi = ApiProcess & { url: string };

const startBalancedApi = (databaseUrl: string) =>
  startApi({
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    TRUST_PROXY: '127.0.0.1',
    WRITE_RATE_LIMIT_PER_MINUTE: String(LIMIT),
  });

describe.skipIf(!redis)('two API processes behind one balancer', () => {
  let database: ScratchDatabase | undefined;
  let a: RunningApi | undefined;
  let b: RunningApi | undefined;
  let seller: TestUser;
  let productId: string;
  // Each test is a client of its own (through the balancer): a first, not yet verified token
  // counts against its address's write budget too.
  let client = uniqueAddress();

  const post = (api: RunningApi, path: string, user: TestUser, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${api.url}${path}`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json', 'x-forwarded-for': client, ...headers },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    database = await createScratchDatabase('b2b_scale');
    // One after the other: the first applies the migrations.
    a = await startBalancedApi(database.url);
    b = await startBalancedApi(database.url);
    seller = await createUser();
    const created = await post(a, '/api/products', seller, productBody({ quantity: 1000, minSellQty: 1 }));
    expect(created.status).toBe(201);
    productId = ((await created.json()) as { insertedId: string }).insertedId;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopApi(a), stopApi(b)]);
    await database?.drop();
  });

  test(`the write limit (${LIMIT}/min) holds across both processes`, async () => {
    client = uniqueAddress();
    const buyer = await createUser();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const api = (i % 2 === 0 ? a : b) as RunningApi;
      statuses.push((await post(api, '/api/carts', buyer, { productId, buyQuantity: 1 })).status);
    }
    // In each process's memory this would be 10 purchases (5 + 5).
    expect(statuses.filter((s) => s === 201)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - LIMIT);
    const cart = await fetch(`${a?.url}/api/carts/${encodeURIComponent(buyer.email)}`, {
      headers: { ...buyer.headers, 'x-forwarded-for': client },
    });
    expect(((await cart.json()) as unknown[]).length).toBe(LIMIT);
  });

  test('one Idempotency-Key sent to both processes at once buys once', async () => {
    client = uniqueAddress();
    const buyer = await createUser();
    const key = randomUUID();
    const answers = await Promise.all(
      [a, b, a, b].map((api) =>
        post(api as RunningApi, '/api/carts', buyer, { productId, buyQuantity: 2 }, { 'idempotency-key': key }),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201]);
    const ids = await Promise.all(
      answers.map(async (res) => ((await res.json()) as { insertedId: string }).insertedId),
    );
    expect(new Set(ids).size).toBe(1);
    const cart = await fetch(`${b?.url}/api/carts/${encodeURIComponent(buyer.email)}`, {
      headers: { ...buyer.headers, 'x-forwarded-for': client },
    });
    expect(((await cart.json()) as unknown[]).length).toBe(1);
  });
});
