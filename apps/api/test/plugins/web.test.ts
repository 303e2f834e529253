import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatPrice, setShopCurrency } from '@b2b/shared';
import { createTestApp, type TestApp } from '../helpers/app.js';

const INDEX = '<!doctype html><title>spa-index</title><div id="root"></div>';
const APP_SHELL = '<!doctype html><title>spa-app</title><div id="root"></div>';
const LOGIN_SHELL = '<!doctype html><title>spa-login</title><div id="root"></div>';
const SCRIPT = 'console.log("app")';

describe('with a web build', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'b2b-web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'app.html'), APP_SHELL);
    mkdirSync(join(dist, 'pages'));
    writeFileSync(join(dist, 'pages', 'login.html'), LOGIN_SHELL);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    mkdirSync(join(dist, 'images'));
    writeFileSync(join(dist, 'images', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  test('/ serves index.html, revalidated on every load', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('spa-index');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  test('hashed assets are cached for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const image = await t.app.inject({ method: 'GET', url: '/images/logo.svg' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('no-cache');
  });

  test.each([
    '/categories/electronics',
    '/carts/a%40b.com',
    '/carts/ann@example.com',
    '/my-products/ann@example.com?page=2',
    '/product-details/123',
    '/no/such/page',
  ])('the SPA route %s falls back to the app shell', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('spa-app');
  });

  test('a page with its own shell in pages/ gets that shell', async () => {
    for (const url of ['/login', '/login/', '/login?next=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('spa-login');
    }
  });

  test.each([
    '/assets/gone-999.js',
    '/images/gone.svg',
    '/images/products/gone.png',
    '/favicon.ico',
    '/sitemap.xml',
    '/manifest.webmanifest',
    '/apple-touch-icon.png',
  ])('the missing file %s is a 404, not the SPA', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
    expect(res.body).not.toContain('spa-');
  });

  test('robots.txt is a text file', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain('User-agent');
  });

  test('precompressed copies are sent to clients that accept them, with Vary', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  test('API paths and non-GET requests never get the SPA', async () => {
    for (const [method, url] of [
      ['GET', '/api/unknown'],
      ['POST', '/categories'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('without a web build', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { WEB_DIST_DIR: join(tmpdir(), 'b2b-no-such-dist') } });
  });
  afterAll(async () => t.close());

  test('/ explains that the web app is not built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('not built');
  });

  test('other pages are 404 with the same hint; the API still works', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/all-products' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('not built');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('the currency the web app was built for', () => {
  test('an API of another currency does not start; the same currency serves prices in it', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'b2b-web-dist-'));
    try {
      writeFileSync(join(dist, 'index.html'), INDEX);
      writeFileSync(join(dist, 'shop.json'), '{"currency":"BDT"}\n');
      await expect(createTestApp({ env: { WEB_DIST_DIR: dist } })).rejects.toThrow(
        `The web app in ${dist} was built for BDT, but CURRENCY is USD: build it again with CURRENCY=USD`,
      );
      const t = await createTestApp({ env: { WEB_DIST_DIR: dist, CURRENCY: 'BDT' } });
      try {
        expect((await t.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
        expect(formatPrice(1250)).toBe('৳1,250.00');
      } finally {
        await t.close();
        setShopCurrency('USD');
      }
      // A build from before shop.json was in dollars.
      rmSync(join(dist, 'shop.json'));
      await expect(createTestApp({ env: { WEB_DIST_DIR: dist, CURRENCY: 'EUR' } })).rejects.toThrow(
        'was built for USD, but CURRENCY is EUR',
      );
    } finally {
      setShopCurrency('USD');
      rmSync(dist, { recursive: true, force: true });
    }
  });

  test('an unknown CURRENCY is refused at start-up, naming the ones there are', async () => {
    await expect(createTestApp({ env: { CURRENCY: 'XYZ' } })).rejects.toThrow(/CURRENCY.*Must be one of USD, EUR/s);
  });
});
