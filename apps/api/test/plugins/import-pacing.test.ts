import { afterAll, beforeAll, expect, test } from 'vitest';
import { restAfterBatch } from '../../src/capabilities/imports/service.js';
import { isImportTraffic } from '../../src/capabilities/imports/worker.plugin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/*
 * An import rests after each batch only while shoppers use the shop (docs/architecture.md,
 * "Catalogue import and export"): a request other than the imports' own or a health check.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

test('a batch is followed by a rest of its own length times the ratio, only while shoppers are active', () => {
  expect(restAfterBatch(20, 1, true)).toBe(20);
  expect(restAfterBatch(20, 2, true)).toBe(40);
  expect(restAfterBatch(20, 1, false)).toBe(0);
  expect(restAfterBatch(20, 0, true)).toBe(0);
});

test("an import's own progress requests and health checks are not shoppers; everything else is", () => {
  for (const url of [
    '/api/imports',
    '/api/imports/5f0c',
    '/api/imports/5f0c/errors',
    '/api/imports?x=1',
    '/api/health',
  ]) {
    expect(isImportTraffic(url), url).toBe(true);
  }
  for (const url of ['/api/products', '/api/importsx', '/api/my-products/export', '/all-products', '/', '/api/carts']) {
    expect(isImportTraffic(url), url).toBe(false);
  }
});

test('the app counts a shopper from their first request, and not from the import page polling', async () => {
  expect(t.app.imports.shoppersActive()).toBe(false);
  await t.app.inject({ method: 'GET', url: '/api/imports/00000000-0000-0000-0000-000000000000' });
  await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(t.app.imports.shoppersActive()).toBe(false);
  await t.app.inject({ method: 'GET', url: '/api/products?limit=1' });
  expect(t.app.imports.shoppersActive()).toBe(true);
});
