import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_PROJECT_ID, errorBodySchema, type ErrorBody } from '@b2b/shared';
import { createTestApp, type TestApp } from './helpers/app.js';
import { insertProduct } from './helpers/factories.js';
import { createUser, type TestUser } from './helpers/users.js';

/* Cross-cutting behaviour: the error handler, limits, headers, health, config and docs. */

let t: TestApp;
let user: TestUser;
const SECRET = 'select password_hash from users where id = 42';

beforeAll(async () => {
  t = await createTestApp({
    env: { BODY_LIMIT_BYTES: String(20 * 1024) },
    beforeReady: (app) => {
      app.get('/api/test/boom', async () => {
        throw new Error(`Failed query: ${SECRET}`);
      });
      // A NUL that slipped past validation reaches the driver (SQLSTATE 22021).
      app.get('/api/test/nul', async () => {
        await app.database.db.execute(sql`select ${'a\u0000b'}::text as value`);
        return { ok: true };
      });
    },
  });
  user = await createUser();
});
afterAll(async () => t.close());

describe('error bodies', () => {
  test('500 carries no stack, SQL or message from the cause', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json<ErrorBody>();
    expect(body).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      error: 'Internal Server Error',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(res.body).not.toMatch(/password_hash|stack|at \//);
  });

  test('a NUL character that reaches the database is a 400, not a 500 (safety net)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/nul' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(res.body).not.toMatch(/select|UTF8|0x00/i);
  });

  test('unknown /api paths get a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/products/extra/segments'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(errorBodySchema.parse(res.json())).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  test('413 PAYLOAD_TOO_LARGE over the body limit', async () => {
    const res = await t.api.addProductRaw(user, { description: 'x'.repeat(30 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json<ErrorBody>()).toMatchObject({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      error: 'Payload Too Large',
    });
  });

  test('a body that is not a JSON object is refused', async () => {
    const post = (contentType: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: { ...user.headers, 'content-type': contentType },
        payload,
      });
    const text = await post('text/plain', 'name=x');
    expect(text.statusCode).toBe(400);
    expect(errorBodySchema.parse(text.json()).details).toEqual([{ field: 'body', message: expect.any(String) }]);
    const xml = await post('application/xml', '<product/>');
    expect(xml.statusCode).toBe(415);
    expect(errorBodySchema.parse(xml.json()).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  test('a validation error names every bad field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: user.headers,
      payload: { name: '', price: 'x' },
    });
    const body = errorBodySchema.parse(res.json());
    expect(body.statusCode).toBe(400);
    expect(body.details?.map((d) => d.field).sort()).toEqual(['category', 'minSellQty', 'name', 'price', 'quantity']);
    expect(body.details?.find((d) => d.field === 'quantity')?.message).toBe('Quantity must be a number.');
    expect(body.message).toContain('name: Name is required.');
  });
});

describe('security headers', () => {
  test('helmet sets a CSP that allows the emulator and nothing else remote', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/img-src 'self' data:/);
    expect(csp).toContain(`connect-src 'self' http://${t.config.firebase.emulatorHost}`);
    expect(csp).not.toContain('googleapis');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});

describe('GET /api/health', () => {
  test('ok with the database up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'up' });
  });
});

describe('GET /api/config', () => {
  test('serves the emulator web config', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      firebase: {
        apiKey: 'demo-api-key',
        authDomain: `${DEMO_PROJECT_ID}.firebaseapp.com`,
        projectId: DEMO_PROJECT_ID,
      },
      authEmulatorUrl: `http://${t.config.firebase.emulatorHost}`,
    });
  });
});

describe('OpenAPI', () => {
  test('the document lists every route with its schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/products',
        '/api/products/{id}',
        '/api/products/quantity/{id}',
        '/api/categories',
        '/api/categories/{id}',
        '/api/my-products/{email}',
        '/api/carts',
        '/api/carts/{email}',
        '/api/carts/{id}',
        '/api/health',
        '/api/config',
      ]),
    );
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/docs'))).toBe(false);
    expect(doc.paths['/api/products']).toHaveProperty('post');
  });

  test('the UI is served at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('write rate limit', () => {
  test('429 RATE_LIMITED past the per-user limit; reads and other users are unaffected', async () => {
    const limited = await createTestApp({ env: { WRITE_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const [a, b] = await Promise.all([createUser(), createUser()]);
      const productId = await insertProduct(limited.database.db, a, { quantity: 1000 });
      for (let i = 0; i < 3; i++) await limited.api.buy(a, productId, 1);
      const refused = await limited.api.buyRaw(a, productId, 1);
      expect(refused.statusCode).toBe(429);
      expect(refused.json<ErrorBody>()).toMatchObject({
        statusCode: 429,
        code: 'RATE_LIMITED',
        error: 'Too Many Requests',
      });
      expect(refused.headers['retry-after']).toBeDefined();
      // The refused purchase changed nothing.
      expect(await limited.api.stockOf(productId)).toBe(997);
      for (let i = 0; i < 5; i++) {
        expect((await limited.app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200);
      }
      await limited.api.buy(b, productId, 1);
    } finally {
      await limited.close();
    }
  });
});

describe('read rate limit', () => {
  test('429 RATE_LIMITED past the per-IP read limit; health, the SPA and writes are unaffected', async () => {
    const limited = await createTestApp({ env: { READ_RATE_LIMIT_PER_MINUTE: '4' } });
    try {
      const seller = await createUser();
      const productId = await insertProduct(limited.database.db, seller);
      const get = (url: string, remoteAddress = '203.0.113.7') =>
        limited.app.inject({ method: 'GET', url, remoteAddress });
      expect((await get('/api/products')).statusCode).toBe(200);
      expect((await get(`/api/products/${productId}`)).statusCode).toBe(200);
      expect((await get('/api/categories/electronics')).statusCode).toBe(200);
      expect(
        (await limited.app.inject({ method: 'HEAD', url: '/api/products', remoteAddress: '203.0.113.7' })).statusCode,
      ).toBe(200);
      const refused = await get('/api/products');
      expect(refused.statusCode).toBe(429);
      expect(refused.json<ErrorBody>()).toMatchObject({
        statusCode: 429,
        code: 'RATE_LIMITED',
        error: 'Too Many Requests',
        message: expect.stringMatching(/^Too many requests\./),
      });
      expect(refused.headers['retry-after']).toBeDefined();
      // Signed-in reads count against the same per-IP budget.
      const mine = await limited.app.inject({
        method: 'GET',
        url: `/api/my-products/${encodeURIComponent(seller.email)}`,
        headers: seller.headers,
        remoteAddress: '203.0.113.7',
      });
      expect(mine.statusCode).toBe(429);
      // Health stays exempt, the SPA's pages are not API reads, another IP has its own budget.
      for (let i = 0; i < 6; i++) expect((await get('/api/health')).statusCode).toBe(200);
      expect((await get('/some/spa/page')).statusCode).not.toBe(429);
      expect((await get('/api/products', '198.51.100.2')).statusCode).toBe(200);
      // Writes have their own limit.
      const write = await limited.api.addProductRaw(seller, {}, { remoteAddress: '203.0.113.7' });
      expect(write.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('database outage', () => {
  test('503: health reports the database down and routes answer DB_UNAVAILABLE', async () => {
    const broken = await createTestApp();
    try {
      await broken.database.close();
      const health = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'degraded', db: 'down' });
      const list = await broken.app.inject({ method: 'GET', url: '/api/products' });
      expect(list.statusCode).toBe(503);
      expect(list.json<ErrorBody>()).toMatchObject({ statusCode: 503, code: 'DB_UNAVAILABLE' });
      expect(list.body).not.toMatch(/select|from "products"/i);
    } finally {
      await broken.close();
    }
  });
});
