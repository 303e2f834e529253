import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { BUSY_SHOP_PER_SECOND, restAfterBatch } from '../../src/capabilities/imports/service.js';
import { createRunner } from '../../src/capabilities/imports/runner.js';
import { imports } from '../../src/db/schema.js';
import { RequestRate } from '../../src/lib/request-rate.js';
import { isImportTraffic } from '../../src/capabilities/imports/worker.plugin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/*
 * An import rests after each batch as long as the shop is busy (docs/architecture.md, "Catalogue
 * import and export"): shoppers are the requests other than the imports' own and health checks.
 * A process that stops cuts the rest short and leaves the rows not yet applied to the next job.
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

test('a stopping process cuts the rest after a batch short, and the next job goes on from the rows applied', async () => {
  const header = ['sku', 'name', 'category', 'price', 'quantity', 'minSellQty'];
  const rows = Array.from({ length: 120 }, (_, i) => `STOP-${i},Stopped ${i},home,1.00,5,1`);
  const csv = `${header.join(',')}\n${rows.join('\n')}\n`;
  // Counted and running already: the runner goes straight to the rows. No job is queued for it.
  const [imp] = await t.database.db
    .insert(imports)
    .values({
      sellerId: 'seller-stops',
      ownerEmail: 'stops@example.com',
      dryRun: false,
      status: 'running',
      kind: 'csv',
      header,
      total: rows.length,
    })
    .returning();
  if (!imp) throw new Error('no import row');
  const applied: number[] = [];
  const runnerAt = (shoppersPerSecond: number) =>
    createRunner(t.database.db, {
      fileOf: () => Readable.from([csv]),
      countRows: () => Promise.reject(new Error('counted already')),
      // A batch of 100 ms at a busy shop is followed by a rest of 100 × 100 ms = 10 s.
      applyBatch: async (_imp, _owner, _columns, batch, done) => {
        applied.push(batch.length);
        await new Promise((resolve) => setTimeout(resolve, 100));
        await t.database.db
          .update(imports)
          .set({ processed: done + batch.length })
          .where(eq(imports.id, imp.id));
      },
      restRatio: 100,
      shopperRate: () => shoppersPerSecond,
    });

  const stopping = new AbortController();
  const started = performance.now();
  const running = runnerAt(BUSY_SHOP_PER_SECOND).run(imp.id, { stopping: stopping.signal });
  // Stopped once the first batch is written, that is during the rest after it.
  const processed = async () =>
    (await t.database.db.select({ n: imports.processed }).from(imports).where(eq(imports.id, imp.id)))[0]?.n;
  await vi.waitFor(async () => expect(await processed()).toBe(50));
  stopping.abort();
  expect(await running).toBe('more');
  // Ended during the 10 s rest, not after it.
  expect(performance.now() - started).toBeLessThan(5_000);
  expect(applied).toEqual([50]);
  const [left] = await t.database.db.select().from(imports).where(eq(imports.id, imp.id));
  expect(left).toMatchObject({ status: 'running', processed: 50 });

  // The next job (nobody shopping: no rest) applies the other 70 and finishes the import.
  expect(await runnerAt(0).run(imp.id)).toBe('done');
  expect(applied).toEqual([50, 50, 20]);
  const [finished] = await t.database.db.select().from(imports).where(eq(imports.id, imp.id));
  expect(finished).toMatchObject({ status: 'done', processed: rows.length });
});
