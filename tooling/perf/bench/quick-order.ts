import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDatabase, generateCatalogue } from '@b2b/api/tooling';
import { createBuyer, idToken } from './servers.js';
import {
  createThrowawayDatabase,
  percentiles,
  startBenchApi,
  verdict,
  type BenchApi,
  type ThrowawayDatabase,
} from './throwaway.js';

/*
 * `npm run bench:quick-order` (root; it starts the Auth Emulator around this script): quick order
 * at catalogue scale, on a fresh PostgreSQL database of BENCH_PRODUCTS generated products (every
 * one with a SKU), with the API as its own process:
 *   - preview of 500 lines (random SKUs, a few unknown): p99 at a steady BENCH_PREVIEW_RATE
 *     previews a second (goal ≤ 300 ms), and separately the most previews a second the machine
 *     serves (with every connection busy, latency there is queueing, not the preview's own time);
 *   - adding 500 valid lines to an empty cart, one request at a time: the slowest of the runs
 *     (goal ≤ 2 s);
 *   - SKU suggestions as the buyer types (`GET /api/skus?prefix=`) under load: p99 (goal ≤ 20 ms).
 *
 *   BENCH_ADMIN_URL   PostgreSQL to create the throw-away database on (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_PRODUCTS    catalogue size (default 1000000)
 *   BENCH_SECONDS     seconds of load per scenario (default 10)
 *   BENCH_CONNECTIONS concurrent connections (default 8)
 *   BENCH_PREVIEW_RATE previews a second for the latency figure (default 10: 5,000 lines a second)
 */

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const PREVIEW_RATE = Number(process.env.BENCH_PREVIEW_RATE ?? 10);
const LINES = 500;
const GOALS = { previewP99Ms: 300, addMs: 2000, suggestP99Ms: 20 };
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
if (!emulatorHost) {
  console.error('Run it with the Auth Emulator: npm run bench:quick-order (from the repository root).');
  process.exit(1);
}

const sku = (n: number) => `GEN-${String(n).padStart(7, '0')}`;
/** A deterministic spread of row numbers (a multiplicative hash), so every run asks for the same SKUs. */
const spread = (i: number, salt: number) => 1 + ((i * 2_654_435_761 + salt * 40_503) % PRODUCTS);

/**
 * Lines that must all be added: `count` products with stock for several minimums and no
 * maximum, spread over the catalogue (a sample of its pages: 1% at a million), each asked for one minimum
 * (a whole number of packs, since a pack is 1 or the minimum). Picked rather than made so by an
 * UPDATE, which at a million rows would fire the stock-count trigger a million times.
 */
async function validLines(databaseUrl: string, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ sku: string; min_sell_qty: number }>(
      `SELECT sku, min_sell_qty FROM products TABLESAMPLE SYSTEM (${Math.min(100, Math.ceil((count * 500) / PRODUCTS))}) REPEATABLE (42)
       WHERE quantity >= 5 * min_sell_qty AND max_order_qty IS NULL ORDER BY id LIMIT $1`,
      [count],
    );
    if (rows.length < count) throw new Error(`Only ${rows.length} products fit the "valid lines" case.`);
    return rows.map((row) => ({ sku: row.sku, quantity: row.min_sell_qty }));
  } finally {
    await client.end();
  }
}

async function seed(databaseUrl: string) {
  const database = await createDatabase({
    url: databaseUrl,
    pgliteDir: 'memory://',
    pool: { statementTimeoutMs: 3_600_000 },
  });
  await database.migrate();
  const started = Date.now();
  await generateCatalogue(database.db, { products: PRODUCTS, owners: [] });
  await database.close();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('VACUUM ANALYZE');
  await client.end();
  console.log(`Seeded ${PRODUCTS.toLocaleString('en-US')} products in ${Math.round((Date.now() - started) / 1000)} s.`);
}

async function load(
  base: string,
  token: string,
  request: { method: 'GET' | 'POST'; path: string; body?: string },
  /** Requests a second in all; without it every connection sends its next request at once. */
  overallRate?: number,
) {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    ...(overallRate ? { overallRate } : {}),
    requests: [
      {
        method: request.method,
        path: request.path,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(request.body ? { body: request.body } : {}),
      },
    ],
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const database: ThrowawayDatabase = await createThrowawayDatabase('quick');
let api: BenchApi | undefined;
try {
  await seed(database.url);
  const buyer = await createBuyer(emulatorHost);
  const token = await idToken(emulatorHost, buyer);
  api = await startBenchApi(database.url, { BODY_LIMIT_BYTES: String(1024 * 1024) });
  const { base } = api;

  // Preview: 500 lines, 490 random SKUs of the catalogue and 10 unknown ones.
  const previewLines = Array.from({ length: LINES }, (_, i) => ({
    sku: i % 50 === 49 ? `NOPE-${i}` : sku(spread(i, 1)),
    quantity: 1 + (i % 12),
  }));
  const previewRequest = {
    method: 'POST' as const,
    path: '/api/quick-order/preview',
    body: JSON.stringify({ lines: previewLines }),
  };
  const preview = await load(base, token, previewRequest, PREVIEW_RATE);
  const previewMost = await load(base, token, previewRequest);

  // Add to cart: 500 valid lines into an empty cart, five times (the cart emptied by a checkout in between).
  const addTimes: number[] = [];
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const valid = await validLines(database.url, LINES * 5);
  for (let round = 0; round < 5; round++) {
    const lines = valid.slice(round * LINES, (round + 1) * LINES);
    const started = performance.now();
    const res = await fetch(`${base}/api/quick-order`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ lines }),
    });
    const elapsed = performance.now() - started;
    const body = (await res.json()) as { results?: { outcome: string }[] };
    const added = body.results?.filter((r) => r.outcome === 'added').length ?? 0;
    if (res.status !== 200 || added < LINES * 0.98) throw new Error(`add to cart: ${res.status}, ${added} added`);
    addTimes.push(elapsed);
    const placed = await fetch(`${base}/api/orders`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ shipTo: { name: 'Dock', line1: 'Road 1', city: 'Chattogram', country: 'Bangladesh' } }),
    });
    if (placed.status !== 201) throw new Error(`checkout: ${placed.status}`);
  }

  // SKU suggestions: a prefix that matches many SKUs, the way a buyer types one.
  const suggest = await load(base, token, { method: 'GET', path: '/api/skus?prefix=gen-00042' });

  const add = percentiles(addTimes);
  console.log(`\nQuick order at ${PRODUCTS.toLocaleString('en-US')} products (PostgreSQL, ${CONNECTIONS} connections)`);
  console.log(
    `  preview of ${LINES} lines at ${PREVIEW_RATE}/s: p50 ${preview.p50} ms, p99 ${preview.p99} ms, ${preview.errors} errors — ${verdict(preview.p99 <= GOALS.previewP99Ms && preview.errors === 0)} (goal p99 ≤ ${GOALS.previewP99Ms} ms)`,
  );
  console.log(
    `  preview of ${LINES} lines, as many as served: ${previewMost.rps}/s (${previewMost.rps * LINES} lines/s), p50 ${previewMost.p50} ms, p99 ${previewMost.p99} ms, ${previewMost.errors} errors`,
  );
  console.log(
    `  add ${LINES} lines to the cart: ${addTimes.map((ms) => Math.round(ms)).join(', ')} ms; slowest ${Math.round(add.max)} ms — ${verdict(add.max <= GOALS.addMs)} (goal ≤ ${GOALS.addMs} ms)`,
  );
  console.log(
    `  SKU suggestions: ${suggest.rps}/s, p50 ${suggest.p50} ms, p99 ${suggest.p99} ms, ${suggest.errors} errors — ${verdict(suggest.p99 <= GOALS.suggestP99Ms && suggest.errors === 0)} (goal p99 ≤ ${GOALS.suggestP99Ms} ms)`,
  );
} finally {
  await api?.stop();
  await database.drop();
}
