import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { ErrorBody } from '@b2b/shared';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertProduct, productBody } from '../helpers/factories.js';
import { redisReachable, TEST_REDIS_URL, uniqueAddress } from '../helpers/redis.js';
import { createUser, forgeEmulatorToken } from '../helpers/users.js';

/*
 * Every request is counted before any expensive work (plugins/app/rate-limits.ts): writes with a
 * missing, garbage or forged token by their IP before the token is verified or the body parsed.
 */

let t: TestApp;
let verifications: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  // The defaults: 120 writes per user (or IP) per minute.
  t = await createTestApp();
  verifications = vi.spyOn(t.app.firebaseAuth, 'verifyIdToken');
});
afterAll(async () => t.close());

const statuses = (codes: number[]) =>
  codes.reduce<Record<number, number>>((counts, code) => ({ ...counts, [code]: (counts[code] ?? 0) + 1 }), {});

describe('requests with a bad or missing token', () => {
  test('300 POSTs with `Bearer garbage` from one address: 120 × 401, then 429 without verifying or parsing', async () => {
    verifications.mockClear();
    const remoteAddress = '203.0.113.10';
    const codes: number[] = [];
    for (let i = 0; i < 300; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: { authorization: 'Bearer garbage', 'content-type': 'application/json' },
        // Not even JSON: a 429 comes before the body is read.
        payload: i < 120 ? JSON.stringify(productBody()) : '{not json',
        remoteAddress,
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json<ErrorBody>()).toMatchObject({ code: 'RATE_LIMITED', message: /^Too many changes\./ });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses(codes)).toEqual({ 401: 120, 429: 180 });
    expect(verifications).toHaveBeenCalledTimes(120);
  });

  test('no token and forged tokens count against the same per-address budget', async () => {
    const remoteAddress = '203.0.113.11';
    const codes: number[] = [];
    for (let i = 0; i < 130; i++) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/products/${randomUUID()}`,
        headers: i % 2 === 0 ? {} : { authorization: `Bearer ${forgeEmulatorToken()}` },
        remoteAddress,
      });
      codes.push(res.statusCode);
    }
    expect(statuses(codes)).toEqual({ 401: 120, 429: 10 });
  });

  test("another address's flood does not touch a signed-in user; a signed-in user stays limited per user", async () => {
    const limited = await createTestApp({ env: { WRITE_RATE_LIMIT_PER_MINUTE: '5' } });
    try {
      const [buyer, seller] = await Promise.all([createUser(), createUser()]);
      const productId = await insertProduct(limited.database.db, seller, { quantity: 1000 });
      const remoteAddress = '198.51.100.20';
      // First write: the token is verified (and counted against the address once).
      await limited.api.buy(buyer, productId, 1, { remoteAddress });
      // Someone else behind the same address floods it with garbage tokens.
      const garbage = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/carts',
          headers: { authorization: 'Bearer garbage' },
          payload: {},
          remoteAddress,
        });
      for (let i = 0; i < 10; i++) await garbage();
      expect((await garbage()).statusCode).toBe(429);
      // The buyer's verified token is counted per user: 4 more, then 429.
      const codes: number[] = [];
      for (let i = 0; i < 6; i++)
        codes.push((await limited.api.buyRaw(buyer, productId, 1, { remoteAddress })).statusCode);
      expect(codes).toEqual([201, 201, 201, 201, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

test('a signed-in user writing to paths that are no route is counted by address too', async () => {
  const limited = await createTestApp({ env: { WRITE_RATE_LIMIT_PER_MINUTE: '3' } });
  try {
    const user = await createUser();
    // Verified (and so known) first.
    await limited.api.addProduct(user);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push((await limited.app.inject({ method: 'POST', url: '/api/nope', headers: user.headers })).statusCode);
    }
    // The first write counted once against the address (the token was new): 2 more, then 429.
    expect(codes).toEqual([404, 404, 429, 429, 429]);
  } finally {
    await limited.close();
  }
});

describe('TRUST_PROXY', () => {
  const readsFrom = async (app: TestApp, forwardedFor: string) => {
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await app.app.inject({
        method: 'GET',
        url: '/api/products',
        headers: { 'x-forwarded-for': forwardedFor },
      });
      codes.push(res.statusCode);
    }
    return codes;
  };

  test('behind a trusted proxy every client has its own budget, from X-Forwarded-For', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1', READ_RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      expect(await readsFrom(proxied, '192.0.2.1')).toEqual([200, 200, 429]);
      expect(await readsFrom(proxied, '192.0.2.2')).toEqual([200, 200, 429]);
    } finally {
      await proxied.close();
    }
  });

  test('without it, X-Forwarded-For is ignored: a client cannot pick its own address', async () => {
    const direct = await createTestApp({ env: { READ_RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      expect(await readsFrom(direct, '192.0.2.1')).toEqual([200, 200, 429]);
      expect(await readsFrom(direct, '192.0.2.2')).toEqual([429, 429, 429]);
    } finally {
      await direct.close();
    }
  });
});

const redis = await redisReachable();

test.skipIf(!redis)('with REDIS_URL, two API instances share one budget', async () => {
  const address = uniqueAddress();
  const env = { REDIS_URL: TEST_REDIS_URL, WRITE_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '127.0.0.1' };
  const [a, b] = [await createTestApp({ env }), await createTestApp({ env })];
  try {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? a : b;
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: { 'x-forwarded-for': address },
      });
      codes.push(res.statusCode);
    }
    // Two apps, one budget of 3 (in memory, each app would allow 3).
    expect(codes).toEqual([401, 401, 401, 429, 429, 429]);
  } finally {
    await a.close();
    await b.close();
  }
});
