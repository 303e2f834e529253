import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

const INDEX = '<!doctype html><title>spa-index</title><div id="root"></div>';

describe('with a web build', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'b2b-web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
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

  test.each(['/categories/electronics', '/carts/a%40b.com', '/product-details/123', '/no/such/page'])(
    'the SPA route %s falls back to index.html',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('spa-index');
    },
  );

  test('a missing asset is a 404, not the SPA', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('spa-index');
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
