import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorBodySchema, type Product } from '@b2b/shared';
import { buildApp, DB_OUTAGE_LOG_WINDOW_MS } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { products } from '../src/db/schema.js';
import { LogThrottle } from '../src/lib/log-throttle.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { openTestDatabase } from './helpers/database.js';
import { emulatorHost, testEnv } from './helpers/env.js';
import { insertProduct, productBody } from './helpers/factories.js';
import { createUser, type TestUser } from './helpers/users.js';

/* The smaller guard rails of docs/architecture.md ("Guard rails"). */

let t: TestApp;
let seller: TestUser;
let viewer: TestUser;
let productId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { BODY_TIMEOUT_MS: '300' } });
  [seller, viewer] = await Promise.all([createUser(), createUser()]);
  productId = await insertProduct(t.database.db, seller, { category: 'kitchen' });
});
afterAll(async () => t.close());

describe("sellers' emails are for signed-in users only", () => {
  const publicReads = () => [
    '/api/products',
    '/api/categories',
    '/api/categories/kitchen',
    `/api/products/${productId}`,
  ];
  const productsOf = (body: unknown) => (Array.isArray(body) ? body : [body]) as Partial<Product>[];

  test('anonymous callers (and callers with a token that does not verify) get no email', async () => {
    for (const url of publicReads()) {
      for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(200);
        const items = productsOf(res.json());
        expect(items.length, url).toBeGreaterThan(0);
        for (const item of items) expect(item, url).not.toHaveProperty('email');
        expect(res.body).not.toContain(seller.email.toLowerCase());
      }
    }
  });

  test('signed-in callers get the seller email', async () => {
    for (const url of publicReads()) {
      const res = await t.app.inject({ method: 'GET', url, headers: viewer.headers });
      const mine = productsOf(res.json()).find((item) => item._id === productId);
      expect(mine?.email, url).toBe(seller.email.toLowerCase());
    }
  });
});

test('a lone UTF-16 surrogate in a text field is a 400 like NUL, and nothing is stored', async () => {
  const name = `Lone ${productId}`;
  const payload = JSON.stringify(productBody({ name })).replace(name, `${name} \\ud800`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { ...seller.headers, 'content-type': 'application/json' },
    payload,
  });
  expect(res.statusCode).toBe(400);
  expect(errorBodySchema.parse(res.json()).details).toEqual([
    { field: 'name', message: 'Must not contain unpaired surrogate characters.' },
  ]);
  const [row] = await t.database.db.select({ n: count() }).from(products).where(eq(products.sellerId, seller.uid));
  expect(row?.n).toBe(1);
});

test('a body that trickles in is cut off after BODY_TIMEOUT_MS with a 408 and a closed socket', async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const started = Date.now();
  const { response, closedAfterMs } = await new Promise<{ response: string; closedAfterMs: number }>(
    (resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let response = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (response += chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve({ response, closedAfterMs: Date.now() - started }));
      socket.write(
        `POST /api/products HTTP/1.1\r\nHost: x\r\nAuthorization: ${seller.headers.authorization}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":',
      );
      // Never sends the rest; the test fails by timeout if the server keeps waiting.
    },
  );
  expect(response).toMatch(/^HTTP\/1\.1 408 /);
  expect(response).toContain('"code":"REQUEST_TIMEOUT"');
  expect(response.toLowerCase()).toContain('connection: close');
  expect(closedAfterMs).toBeLessThan(5_000);
}, 15_000);

describe('a database outage', () => {
  test('logs the first failure in full, without SQL, and then only a count', async () => {
    const lines: { level: number; msg: string; suppressed?: number; err?: { message?: string } }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const config = loadConfig(testEnv({ LOG_LEVEL: 'info' }));
    const { database, dispose } = await openTestDatabase();
    const app = await buildApp({ config, database, logger: { level: 'info', stream } });
    await app.ready();
    try {
      await database.close();
      for (let i = 0; i < 50; i++) {
        const res = await app.inject({ method: 'GET', url: '/api/products' });
        expect(res.statusCode).toBe(503);
      }
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
      const errors = lines.filter((line) => line.level >= 50);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ msg: 'database unavailable', suppressed: 0 });
      expect(JSON.stringify(errors[0])).not.toMatch(/Failed query|from \\"products\\"|params:/);
    } finally {
      await app.close();
      await dispose().catch(() => undefined);
    }
  });

  test('the count: one line per window, with how many were left out', () => {
    let now = 0;
    const throttle = new LogThrottle(DB_OUTAGE_LOG_WINDOW_MS, () => now);
    const logged: number[] = [];
    for (let i = 0; i < 1000; i++) {
      now = i * 25; // 40 failures a second for 25 seconds
      const suppressed = throttle.take();
      if (suppressed !== null) logged.push(suppressed);
    }
    expect(logged).toEqual([0, 399, 399]);
  });
});

describe('/api/docs in production', () => {
  const production = async (env: Record<string, string>) => {
    const config = loadConfig(
      testEnv({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: undefined, FIREBASE_API_KEY: 'k', ...env }),
    );
    const { database, dispose } = await openTestDatabase();
    const host = emulatorHost();
    const app = await buildApp({ config, database });
    // A real-Firebase app pins the variable away; the other tests of this file still need it.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
    await app.ready();
    return {
      get: (url: string) => app.inject({ method: 'GET', url }),
      close: async () => {
        await app.close();
        await dispose();
      },
    };
  };

  test('off unless API_DOCS=true', async () => {
    const off = await production({});
    try {
      expect((await off.get('/api/docs')).statusCode).toBe(404);
      expect((await off.get('/api/docs/json')).statusCode).toBe(404);
      expect((await off.get('/api/products')).statusCode).toBe(200);
    } finally {
      await off.close();
    }
    const on = await production({ API_DOCS: 'true' });
    try {
      expect((await on.get('/api/docs/json')).statusCode).toBe(200);
    } finally {
      await on.close();
    }
  });
});
