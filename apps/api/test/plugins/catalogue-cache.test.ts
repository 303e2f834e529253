import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Product } from '@b2b/shared';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { createDatabase } from '../../src/db/client.js';
import { LISTENER_APP_NAME } from '../../src/db/listen.js';
import { apiClient } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { usesPostgres } from '../helpers/database.js';
import { insertProduct } from '../helpers/factories.js';
import { createUser, type TestUser } from '../helpers/users.js';

/*
 * The catalogue cache (capabilities/catalogue/cache.plugin.ts): repeated catalogue GETs are answered from
 * memory, and no write, made anywhere, is ever hidden by it.
 */

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let productId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { CATALOGUE_CACHE: 'true' } });
  [seller, buyer] = await Promise.all([createUser(), createUser()]);
  productId = await insertProduct(t.database.db, seller, { name: 'Cached Kettle', quantity: 500, minSellQty: 1 });
  await insertProduct(t.database.db, seller, { name: 'Cached Teapot', quantity: 80 });
  // On PostgreSQL the inserts' notifications arrive a moment later: wait until answers stay kept.
  for (let tries = 0; (await get(t.app, '/api/products')).headers['x-cache'] !== 'hit'; tries++) {
    if (tries === 100) throw new Error('the catalogue cache never kept an answer');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
});
afterAll(async () => t.close());

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

const quantityIn = (body: Product[], id: string) => body.find((p) => p._id === id)?.quantity;

/** Catalogue changes made outside a request of this app arrive as a notification: on PostgreSQL, a moment later. */
const eventually = (check: () => Promise<unknown>) => expect.poll(check, { timeout: 5_000, interval: 20 });

test('a repeated catalogue GET is answered from the cache with the same body and headers', async () => {
  for (const url of ['/api/products?q=cached', '/api/products/facets?q=cached', `/api/products/${productId}`]) {
    const first = await get(t.app, url);
    const second = await get(t.app, url);
    expect(first.statusCode, url).toBe(200);
    expect(first.headers['x-cache'], url).toBe('miss');
    expect(second.headers['x-cache'], url).toBe('hit');
    expect(second.body, url).toBe(first.body);
    expect(second.headers.etag, url).toBe(first.headers.etag);
    for (const name of ['content-type', 'x-total-count', 'x-total-count-relation']) {
      expect(second.headers[name], `${url} ${name}`).toBe(first.headers[name]);
    }
    expect(second.headers['cache-control']).toBe('no-cache');
  }
});

test('a revalidation with the ETag gets 304 and no body; another ETag gets the answer', async () => {
  const first = await get(t.app, '/api/products?q=kettle');
  const etag = first.headers.etag as string;
  expect(etag).toMatch(/^".+"$/);
  const same = await get(t.app, '/api/products?q=kettle', { 'if-none-match': etag });
  expect(same.statusCode).toBe(304);
  expect(same.body).toBe('');
  const other = await get(t.app, '/api/products?q=kettle', { 'if-none-match': '"something-else"' });
  expect(other.statusCode).toBe(200);
  expect(other.body).toBe(first.body);
});

test('signed-in and anonymous callers get their own answers: no seller email ever reaches an anonymous one', async () => {
  const url = '/api/products?q=teapot';
  const signedIn = await get(t.app, url, buyer.headers);
  expect(signedIn.json<Product[]>()[0]?.email).toBe(seller.email.toLowerCase());
  expect(signedIn.headers['cache-control']).toBe('private, no-cache');
  const anonymous = await get(t.app, url);
  expect(anonymous.headers['x-cache']).toBe('miss');
  expect(anonymous.json<Product[]>()[0]).not.toHaveProperty('email');
  const again = await get(t.app, url, buyer.headers);
  expect(again.headers['x-cache']).toBe('hit');
  expect(again.json<Product[]>()[0]?.email).toBe(seller.email.toLowerCase());
});

test('a hit still checks the token, and a URL that fails validation is never answered from the cache', async () => {
  await get(t.app, '/api/products?q=teapot', buyer.headers);
  expect((await get(t.app, '/api/products?q=teapot', buyer.headers)).headers['x-cache']).toBe('hit');
  // A token that does not verify is no sign-in: the anonymous answer, without sellers' emails.
  const forged = await get(t.app, '/api/products?q=teapot', { authorization: 'Bearer not-a-token' });
  expect(forged.statusCode).toBe(200);
  expect(forged.json<Product[]>()[0]).not.toHaveProperty('email');
  for (let i = 0; i < 2; i++) {
    const bad = await get(t.app, '/api/products?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['x-cache']).toBeUndefined();
  }
});

test('Cache-Control: no-cache in the request reads the database', async () => {
  await get(t.app, '/api/products?q=cached');
  const fresh = await get(t.app, '/api/products?q=cached', { 'cache-control': 'no-cache' });
  expect(fresh.headers['x-cache']).toBe('miss');
});

test('a purchase and a new product through the API show at once, to the next request', async () => {
  const url = `/api/products/${productId}`;
  const before = (await get(t.app, url)).json<Product>().quantity;
  expect((await get(t.app, url)).headers['x-cache']).toBe('hit');
  await t.api.buy(buyer, productId, 3);
  const after = await get(t.app, url);
  expect(after.headers['x-cache']).toBe('miss');
  expect(after.json<Product>().quantity).toBe(before - 3);

  await get(t.app, '/api/products?q=ladle');
  await t.api.addProduct(seller, { name: 'Cached Ladle' });
  expect((await get(t.app, '/api/products?q=ladle')).json<Product[]>().map((p) => p.name)).toEqual(['Cached Ladle']);
});

test('a change made outside the API (a job, another process, psql) empties the cache too', async () => {
  const url = '/api/products?q=cached';
  const before = (await get(t.app, url)).json<Product[]>();
  expect((await get(t.app, url)).headers['x-cache']).toBe('hit');
  const stock = quantityIn(before, productId) as number;
  await t.database.executeSql('UPDATE products SET quantity = quantity + 7 WHERE id = $1', [productId]);
  await eventually(async () => quantityIn((await get(t.app, url)).json<Product[]>(), productId)).toBe(stock + 7);
});

describe.runIf(usesPostgres())('several API processes on one PostgreSQL database', () => {
  let other: FastifyInstance;

  beforeAll(async () => {
    const [{ schema }] = (await t.database.executeSql('SELECT current_schema() AS schema')).rows as [
      { schema: string },
    ];
    const url = process.env.TEST_DATABASE_URL as string;
    const database = await createDatabase({ url, pgliteDir: 'memory://', schema });
    other = await buildApp({ config: t.config, database, closesDatabase: true });
    await other.ready();
  });
  afterAll(async () => other.close());

  test('a write through one process reaches the other’s cache', async () => {
    const url = `/api/products/${productId}`;
    const before = (await get(t.app, url)).json<Product>().quantity;
    expect((await get(t.app, url)).headers['x-cache']).toBe('hit');
    await apiClient({ app: other }).buy(buyer, productId, 2);
    await eventually(async () => (await get(t.app, url)).json<Product>().quantity).toBe(before - 2);
  });

  test('while its listening connection is broken the cache is off, and it comes back after', async () => {
    const url = `/api/products/${productId}`;
    await get(t.app, url);
    expect((await get(t.app, url)).headers['x-cache']).toBe('hit');
    await t.database.executeSql(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid()',
      [LISTENER_APP_NAME],
    );
    await eventually(async () => t.app.catalogueCache.enabled).toBe(false);
    // A change while nobody listens is never hidden: the cache is off, then empty when it comes back.
    await t.database.executeSql('UPDATE products SET quantity = quantity + 1 WHERE id = $1', [productId]);
    const during = await get(t.app, url);
    expect(during.headers['x-cache']).toBeUndefined();
    await eventually(async () => t.app.catalogueCache.enabled).toBe(true);
    const after = await get(t.app, url);
    expect(after.json<Product>().quantity).toBe(during.json<Product>().quantity);
    expect((await get(t.app, url)).headers['x-cache']).toBe('hit');
  });
});
