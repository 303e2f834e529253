import { afterAll, beforeAll, expect, test } from 'vitest';
import { BUSY_SHOP_PER_SECOND, restAfterBatch } from '../../src/capabilities/imports/service.js';
import { RequestRate } from '../../src/lib/request-rate.js';
import { isImportTraffic } from '../../src/capabilities/imports/worker.plugin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/*
 * An import rests after each batch as long as the shop is busy (docs/architecture.md, "Catalogue
 * import and export"): shoppers are the requests other than the imports' own and health checks.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

test('a batch is followed by a rest of its own length times the ratio at a busy shop, in proportion less at a quieter one', () => {
  expect(BUSY_SHOP_PER_SECOND).toBe(1_000);
  expect(restAfterBatch(20, 10, 1_000)).toBe(200);
  expect(restAfterBatch(20, 10, 9_000)).toBe(200);
  expect(restAfterBatch(20, 2, 1_000)).toBe(40);
  expect(restAfterBatch(20, 10, 100)).toBe(20);
  expect(restAfterBatch(20, 10, 1)).toBeCloseTo(0.2);
  expect(restAfterBatch(20, 10, 0)).toBe(0);
  expect(restAfterBatch(20, 0, 1_000)).toBe(0);
});

test('the request rate counts the last second, in tenths of it', () => {
  let now = 10_000;
  const rate = new RequestRate(() => now);
  expect(rate.perSecond()).toBe(0);
  for (let i = 0; i < 30; i++) rate.note();
  now += 450;
  for (let i = 0; i < 20; i++) rate.note();
  expect(rate.perSecond()).toBe(50);
  // The first 30 fall out once their tenth of a second is more than a second ago.
  now += 600;
  expect(rate.perSecond()).toBe(20);
  now += 5_000;
  expect(rate.perSecond()).toBe(0);
  rate.note();
  expect(rate.perSecond()).toBe(1);
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

test("the app counts shoppers' requests, and not the import page polling or health checks", async () => {
  expect(t.app.imports.shopperRate()).toBe(0);
  await t.app.inject({ method: 'GET', url: '/api/imports/00000000-0000-0000-0000-000000000000' });
  await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(t.app.imports.shopperRate()).toBe(0);
  await t.app.inject({ method: 'GET', url: '/api/products?limit=1' });
  await t.app.inject({ method: 'GET', url: '/api/categories' });
  expect(t.app.imports.shopperRate()).toBe(2);
});
