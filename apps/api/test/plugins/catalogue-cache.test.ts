import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Facets, ImportStatus, Product } from '@b2b/shared';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { createDatabase } from '../../src/db/client.js';
import { COMPRESSION_THRESHOLD_BYTES } from '../../src/lib/content-encoding.js';
import { LISTENER_APP_NAME } from '../../src/db/listen.js';
import { apiClient } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { usesPostgres } from '../helpers/database.js';
import { insertProduct } from '../helpers/factories.js';
import { waitForImport } from '../helpers/imports.js';
import { createUser, type TestUser } from '../helpers/users.js';

/*
 * The catalogue cache (capabilities/catalogue/cache.plugin.ts): repeated catalogue GETs are answered from
 * memory, and no write, made anywhere, is ever hidden by it.
 */

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let productId: string;
let teapotId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { CATALOGUE_CACHE: 'true' } });
  [seller, buyer] = await Promise.all([createUser(), createUser()]);
  productId = await insertProduct(t.database.db, seller, {
    name: 'Cached Kettle',
    sku: 'CACHE-KETTLE',
    quantity: 500,
    minSellQty: 1,
    price: 20,
  });
  teapotId = await insertProduct(t.database.db, seller, { name: 'Cached Teapot', quantity: 80, price: 30 });
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
    for (const name of ['content-type', 'x-total-count', 'x-total-count-relation', 'content-security-policy']) {
      expect(second.headers[name], `${url} ${name}`).toBe(first.headers[name]);
    }
    // The security headers are on a cached answer too.
    expect(second.headers['content-security-policy'], url).toContain("default-src 'self'");
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

test('a hit is sent compressed as the client accepts, the same answer as the miss and as uncompressed', async () => {
  for (let i = 0; i < 6; i++) {
    await insertProduct(t.database.db, seller, { name: `Brotli Crate ${i}`, description: 'A crate. '.repeat(40) });
  }
  const url = '/api/products?q=brotli%20crate';
  await eventually(async () => (await get(t.app, url)).json<Product[]>().length).toBe(6);
  const plain = await get(t.app, url, { 'cache-control': 'no-cache' });
  expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
  const missed = await get(t.app, url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
  const cases = [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip;q=1, br;q=0', 'gzip'],
    ['x-gzip', 'gzip'],
    ['identity', undefined],
    ['', undefined],
  ] as const;
  for (const [accept, encoding] of cases) {
    const hit = await get(t.app, url, accept ? { 'accept-encoding': accept } : {});
    expect(hit.headers['x-cache'], accept).toBe('hit');
    expect(hit.headers['content-encoding'], accept).toBe(encoding);
    expect(hit.headers.vary, accept).toMatch(/accept-encoding/i);
    expect(Number(hit.headers['content-length']), accept).toBe(hit.rawPayload.length);
    const decoded =
      encoding === 'br'
        ? brotliDecompressSync(hit.rawPayload)
        : encoding === 'gzip'
          ? gunzipSync(hit.rawPayload)
          : hit.rawPayload;
    expect(decoded.toString(), accept).toBe(plain.body);
    expect(hit.headers.etag, accept).toBe(missed.headers.etag);
  }
  expect(missed.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(missed.rawPayload).toString()).toBe(plain.body);
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

/** Asks twice: the second answer must come from the cache (the first may too). */
async function warm(url: string, headers: Record<string, string> = {}) {
  await get(t.app, url, headers);
  const again = await get(t.app, url, headers);
  expect(again.headers['x-cache'], url).toBe('hit');
  return again;
}

describe('a write drops what it changed, and nothing else', () => {
  test('a purchase drops the answers showing the product and keeps the other pages', async () => {
    const kettlePage = '/api/products?q=kettle';
    const teapotPage = '/api/products?q=teapot';
    const facets = '/api/products/facets?q=cached';
    const before = quantityIn((await warm(kettlePage)).json<Product[]>(), productId) as number;
    await warm(teapotPage);
    await warm(facets);
    await t.api.buy(buyer, productId, 1);
    const after = await get(t.app, kettlePage);
    expect(after.headers['x-cache']).toBe('miss');
    expect(quantityIn(after.json<Product[]>(), productId)).toBe(before - 1);
    // The kettle stays above the available threshold: the counts cannot have moved.
    expect((await get(t.app, teapotPage)).headers['x-cache']).toBe('hit');
    expect((await get(t.app, facets)).headers['x-cache']).toBe('hit');
  });

  test('stock crossing the available threshold drops the available lists and the facets, not showing it', async () => {
    const available = '/api/products?q=cached&available=true';
    const facets = '/api/products/facets?q=cached';
    const ids = (res: { json: <T>() => T }) => res.json<Product[]>().map((p) => p._id);
    expect(ids(await warm(available))).not.toContain(teapotId);
    const availableCount = (res: { json: <T>() => T }) =>
      res.json<Facets>().available.find((facet) => facet.value === 'true')?.count ?? 0;
    const availableBefore = availableCount(await warm(facets));
    const teapotPage = `/api/products/${teapotId}`;
    await warm(teapotPage);
    // 80 + 50: the teapot crosses 100.
    const adjusted = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/quantity/${teapotId}`,
      headers: seller.headers,
      payload: { decBy: -50 },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect(ids(await get(t.app, available))).toContain(teapotId);
    expect(availableCount(await get(t.app, facets))).toBe(availableBefore + 1);
    expect((await get(t.app, teapotPage)).json<Product>().quantity).toBe(130);
  });

  test('a price edit drops the pages sorted or filtered by price, even those not showing the product', async () => {
    const cheapest = '/api/products?q=cached&sort=price_asc&limit=1';
    const upTo25 = '/api/products?q=cached&priceMax=25';
    const byName = '/api/products?q=cached&sort=name_asc&limit=1';
    const first = (await warm(cheapest)).json<Product[]>()[0] as Product;
    await warm(upTo25);
    await warm(byName);
    const other = first._id === productId ? teapotId : productId;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${other}`,
      headers: seller.headers,
      payload: { price: Number(first.price) - 1 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await get(t.app, cheapest)).json<Product[]>()[0]?._id).toBe(other);
    expect((await get(t.app, upTo25)).json<Product[]>().map((p) => p._id)).toContain(other);
    // Sorted by name, the first page shows the kettle either way; only if it showed the edited product must it go.
    const named = await get(t.app, byName);
    const shown = named.json<Product[]>()[0]?._id;
    expect(named.headers['x-cache']).toBe(shown === other ? 'miss' : 'hit');
  });

  test('while a changed page is recomputed, others get what was there (X-Cache: stale); the writer never does', async () => {
    const url = '/api/products?q=kettle&sort=name_asc';
    const key = `u ${url}`;
    const [writer, other] = await Promise.all([createUser(), createUser()]);
    const before = quantityIn((await warm(url, other.headers)).json<Product[]>(), productId) as number;
    await t.api.buy(writer, productId, 1);
    // As if a request were computing the page's new answer.
    expect(t.app.catalogueCache.lead(key)).toBe(true);
    const stale = await get(t.app, url, other.headers);
    expect(stale.headers['x-cache']).toBe('stale');
    expect(quantityIn(stale.json<Product[]>(), productId)).toBe(before);
    // The writer waits for the computation instead; when it keeps nothing, the writer computes.
    const writers = get(t.app, url, writer.headers);
    await new Promise((resolve) => setTimeout(resolve, 50));
    t.app.catalogueCache.land(key, null);
    const fresh = await writers;
    expect(fresh.headers['x-cache']).toBe('miss');
    expect(quantityIn(fresh.json<Product[]>(), productId)).toBe(before - 1);
    // Its answer is current for everyone from then on.
    const next = await get(t.app, url, other.headers);
    expect(next.headers['x-cache']).toBe('hit');
    expect(quantityIn(next.json<Product[]>(), productId)).toBe(before - 1);
  });

  test('64 identical requests that miss together cost one computation, and all get its answer', async () => {
    const url = '/api/products?q=cached&sort=newest&limit=7';
    const answers = await Promise.all(Array.from({ length: 64 }, () => get(t.app, url)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(64).fill(200));
    expect(answers.filter((a) => a.headers['x-cache'] === 'miss')).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });
});

test('CATALOGUE_CACHE_ENTRIES bounds the answers kept: the least recently used goes first', async () => {
  const small = await createTestApp({ env: { CATALOGUE_CACHE: 'true', CATALOGUE_CACHE_ENTRIES: '2' } });
  try {
    const xCache = async (url: string) => (await get(small.app, url)).headers['x-cache'];
    for (let tries = 0; (await xCache('/api/products?q=first')) !== 'hit'; tries++) {
      if (tries === 100) throw new Error('the catalogue cache never kept an answer');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await xCache('/api/products?q=second')).toBe('miss');
    expect(await xCache('/api/products?q=first')).toBe('hit');
    // A third answer pushes out the one asked for longest ago: "second", not "first".
    expect(await xCache('/api/products?q=third')).toBe('miss');
    expect(await xCache('/api/products?q=first')).toBe('hit');
    expect(await xCache('/api/products?q=second')).toBe('miss');
  } finally {
    await small.close();
  }
});

describe('every write is seen by its writer at once, through the cache', () => {
  const detail = () => `/api/products/${productId}`;
  const shown = async () => (await get(t.app, detail())).json<Product>();
  const shownInList = async () =>
    (await get(t.app, '/api/products?q=kettle')).json<Product[]>().find((p) => p._id === productId) as Product;

  test('purchase, cart removal, checkout and cancel: the product page and the lists show the stock at once', async () => {
    const shopper = await createUser();
    await warm(detail());
    const start = (await shown()).quantity;
    const itemId = await t.api.buy(shopper, productId, 4);
    expect((await shown()).quantity).toBe(start - 4);
    expect(await t.api.removeFromCart(shopper, itemId)).toMatchObject({ statusCode: 200 });
    expect((await shown()).quantity).toBe(start);
    expect((await shownInList()).quantity).toBe(start);
    await t.api.buy(shopper, productId, 5);
    await warm(detail());
    const { orders } = await t.api.place(shopper);
    // Checkout keeps the stock its cart held.
    expect((await shown()).quantity).toBe(start - 5);
    const cancelled = await t.api.setStatus(shopper, (orders[0] as { _id: string })._id, 'cancelled');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await shown()).quantity).toBe(start);
    expect((await shownInList()).quantity).toBe(start);
  });

  test('a seller’s edit, a stock adjustment and an import: shown at once', async () => {
    await warm(detail());
    await warm('/api/products?q=kettle');
    const put = await t.app.inject({
      method: 'PUT',
      url: detail(),
      headers: seller.headers,
      payload: { name: 'Cached Kettle Deluxe', price: 21.5 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await shown()).toMatchObject({ name: 'Cached Kettle Deluxe', price: 21.5 });
    expect((await shownInList()).name).toBe('Cached Kettle Deluxe');

    const before = (await shown()).quantity;
    const adjusted = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/quantity/${productId}`,
      headers: seller.headers,
      payload: { decBy: 10 },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect((await shown()).quantity).toBe(before - 10);
    expect((await shownInList()).quantity).toBe(before - 10);

    await warm(detail());
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/imports?dryRun=false',
      headers: { ...seller.headers, 'content-type': 'text/csv' },
      payload: 'sku,price\nCACHE-KETTLE,23.75\n',
    });
    expect(upload.statusCode, upload.body).toBe(202);
    const done = await waitForImport(t.app, seller, upload.json<ImportStatus>().importId);
    expect(done).toMatchObject({ status: 'done', updated: 1 });
    // "done" was answered after the import's changes reached the cache.
    expect((await shown()).price).toBe(23.75);
    expect((await shownInList()).price).toBe(23.75);
  });
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
