import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { CATEGORY_VALUES } from '@b2b/shared';
import { withSection } from './doc-sections.js';
import { failuresOf } from './measure.js';
import { mainThreadProfile, monotonicMicros, profileLines, summariseProfile } from './profile.js';
import { setupFixture, teardownFixture, type Fixture } from './fixture.js';
import { exportSnapshot } from './snapshot.js';
import { createBuyer, idToken, REPO_ROOT, startServer, type EmulatorUser, type RunningServer } from './servers.js';
import { BENCH_ADMIN_URL, percentiles, verdict } from './throwaway.js';
import { seededRandom } from './random.js';

/*
 * `npm run bench:traffic` (root; it starts the Auth Emulator around this script): the catalogue
 * as a busy shop uses it, not one URL repeated. On a fresh PostgreSQL database of BENCH_PRODUCTS
 * generated products, the API and the raw reference server (raw-server.ts) as processes, and
 * with BENCH_BEFORE=<commit> that commit's API as well, all on the same data, each server's
 * measurement (and the paired rounds) starting on a vacuumed, checkpointed database (settle):
 *   1. reads only: BENCH_CONNECTIONS connections take their URLs, one after another, from one
 *      seeded sequence (the same for every server): a popular head (page 1, the available list,
 *      category fronts, common words, the facets) and a long tail (deep pages, single products,
 *      part numbers, SKUs, two-word searches, filtered lists and their facets), as fast as the
 *      server answers (saturation: 64 shoppers who never pause);
 *   1b. the same reads offered at a steady rate, the same for every server (80% of what the raw
 *      server answered in 1), each request due at its time whatever became of the others (an
 *      open loop), from the middle of the sequence (the same URLs for every server, none asked
 *      before): what a shopper waits when the shop is busy but not overrun;
 *   1c. the same, offered at 1.2× what the raw server answered in 1 (from three quarters of the
 *      sequence): the raw server falls behind, and a server that keeps up shows its own latency;
 *   2. the same reads while a buyer purchases BENCH_PURCHASE_RATE times a second (head products:
 *      the ones on the popular pages), every purchase checked; on the API, a probe also updates
 *      a product from another connection (as a job, an import or another API process would)
 *      twice a second and times how long until the API answers with the change: the cache's
 *      staleness bound, measured;
 *   3. the same reads while a seller edits prices (BENCH_PRICE_EDITS a second, spread over the
 *      catalogue) and an import sets the prices of BENCH_IMPORT_ROWS products: on the API through
 *      its routes (PUT /api/products/:id, POST /api/imports, which rests after each batch as long
 *      as the batch took while shoppers are active); for the raw server, which has no writes,
 *      the same UPDATEs straight to the database, the import in batches of 50 rows resting the
 *      same way;
 *   4. a cold start: the API process started again, then 64 connections on one uncached
 *      search at once (every answer must be a 2xx).
 * Every read says it accepts brotli and gzip, as a browser's does (BROWSER_HEADERS).
 * The results go to the "traffic" section of docs/benchmarks.md.
 *
 *   BENCH_PRODUCTS       catalogue size (default 1000000)
 *   BENCH_SECONDS        seconds of measured load per phase (default 20), after 5 s of warm-up
 *   BENCH_CONNECTIONS    concurrent connections (default 64)
 *   BENCH_PURCHASE_RATE  purchases a second in phase 2 (default 20)
 *   BENCH_PRICE_EDITS    price edits a second in phase 3 (default 2)
 *   BENCH_IMPORT_ROWS    rows of the import in phase 3 (default 20000)
 *   BENCH_POOL           database pool size of every server (default 10)
 *   BENCH_SEED           the URL sequence's seed (default 42)
 *   BENCH_ROUNDS=n       after the phases, n more reads-only phases of each server in turn (pairedRounds)
 *   BENCH_BEFORE         a commit whose API is measured too (exported like `npm run bench -- --ref`)
 *   BENCH_NO_DOCS=1      print only; leave docs/benchmarks.md as it is
 *   BENCH_PROFILE=1      run the API under node --cpu-prof and print its self time in phases 1 and 2
 *   BENCH_LOG_SLOW_MS=n  PostgreSQL logs the bench database's statements of n ms or more
 */

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP = 5;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const PURCHASE_RATE = Number(process.env.BENCH_PURCHASE_RATE ?? 20);
const PRICE_EDITS = Number(process.env.BENCH_PRICE_EDITS ?? 2);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 20_000);
const IMPORT_BATCH = 50;
/** Products the price edits go round (the import takes the next ones). */
const EDITED_ROWS = 500;
const POOL = Number(process.env.BENCH_POOL ?? 10);
const SEED = Number(process.env.BENCH_SEED ?? 42);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 0);
const BEFORE = process.env.BENCH_BEFORE;
/** Phase 1b offers every server this share of the raw server's saturated throughput. */
const STEADY_SHARE = 0.8;
let steadyRate: number | null = null;
/**
 * Phase 1c offers every server this multiple of the raw server's saturated throughput: the goal's
 * "1.2× the raw server's throughput" as an offered load, where the latency is the server's own
 * and not the bench's queue (see the docs: with connections that never pause, the p99 measures
 * where a server lets its waiting fall, not how fast it answers).
 */
const BEYOND_SHARE = 1.2;
let beyondRate: number | null = null;
/** BENCH_PROFILE=1: the current API runs under node --cpu-prof; its phases' self time is printed. */
const PROFILE_DIR = process.env.BENCH_PROFILE ? join(REPO_ROOT, '.data/bench/profiles/traffic') : null;
const SEQUENCE_LENGTH = 200_000;
/**
 * What every shopper's request says it accepts, as a browser does: a server that compresses
 * answers pays for it (and sends fewer bytes); the raw reference, like a plain server, does not.
 */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };
/** URLs of each kind of the tail whose miss is timed (missCost). */
const MISS_SAMPLES = 20;
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
if (!emulatorHost) {
  console.error('Run it with the Auth Emulator: npm run bench:traffic (from the repository root).');
  process.exit(1);
}

const started = Date.now();
const log = (line: string) => {
  const s = Math.round((Date.now() - started) / 1000);
  console.log(`[${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}] ${line}`);
};

interface Sampled {
  ids: string[];
  skus: string[];
  names: string[];
  brands: string[];
}

/** Rows spread over the catalogue (a repeatable sample), to draw the long tail from. */
async function sampleRows(url: string): Promise<Sampled> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const percent = Math.min(100, Math.max(0.05, (5_000 / PRODUCTS) * 100));
    const { rows } = await client.query<{ id: string; sku: string | null; name: string; brand: string }>(
      `SELECT id, sku, name, brand FROM products TABLESAMPLE SYSTEM (${percent}) REPEATABLE (${SEED}) LIMIT 5000`,
    );
    return {
      ids: rows.map((r) => r.id),
      skus: rows.flatMap((r) => (r.sku ? [r.sku] : [])),
      names: rows.map((r) => r.name),
      brands: [...new Set(rows.map((r) => r.brand).filter(Boolean))],
    };
  } finally {
    await client.end();
  }
}

/**
 * Before each server's measurement and before the paired rounds: VACUUM ANALYZE, then a
 * CHECKPOINT. Every server but the first would otherwise start on what the one before it wrote
 * (purchases, price edits, an import) and a production server's autovacuum would long since have
 * cleaned up (this machine's PostgreSQL runs with autovacuum off): dead row versions, the search
 * index's pending list, and cleared visibility bits, which make index-only reads of deep pages and
 * counts visit the heap (docs/benchmarks.md, "Each server on a settled database").
 */
async function settle(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const from = Date.now();
    await client.query('VACUUM ANALYZE');
    await client.query('CHECKPOINT');
    log(`  VACUUM ANALYZE and CHECKPOINT: ${((Date.now() - from) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}

/** The words of product names, most common first. */
function commonWords(names: string[]): string[] {
  const counts = new Map<string, number>();
  for (const name of names) {
    for (const word of name.toLowerCase().match(/[a-z]{4,}/g) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([word]) => word);
}

/** The long tail's kinds of URL, each a generator drawing from `next`. */
function tailKinds(sampled: Sampled, words: string[], next: () => number): Record<string, () => string> {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return {
    'deep page': () => `/api/products?offset=${24 * Math.floor(next() * 416)}`,
    'category page': () =>
      `/api/categories/${encodeURIComponent(pick(CATEGORY_VALUES))}?offset=${24 * Math.floor(next() * 100)}`,
    'one product': () => `/api/products/${pick(sampled.ids)}`,
    SKU: () => `/api/products?q=${encodeURIComponent(pick(sampled.skus))}`,
    'word and part number': () => {
      // A part number with a word of its name: "steel 4242" as a buyer types it.
      const name = pick(sampled.names).toLowerCase();
      const number = /\d{2,}/.exec(name)?.[0];
      const word = /[a-z]{4,}/.exec(name)?.[0] ?? pick(words);
      return `/api/products?q=${encodeURIComponent(number ? `${word} ${number}` : word)}`;
    },
    'two words': () =>
      `/api/products?q=${encodeURIComponent(`${pick(words.slice(0, 60))} ${pick(words.slice(0, 60))}`)}`,
    'brand, prices, available': () =>
      `/api/products?brand=${encodeURIComponent(pick(sampled.brands))}&priceMin=${5 * Math.floor(next() * 10)}` +
      `&priceMax=${50 + 10 * Math.floor(next() * 20)}&available=true`,
    'facets of a word': () => `/api/products/facets?q=${encodeURIComponent(pick(words.slice(0, 60)))}`,
  };
}

/**
 * The URL sequence: 60% from the head, weighted by rank (Zipf: the first is asked most), 40% from
 * the tail, where most URLs are asked once or a few times.
 */
function urlSequence(
  sampled: Sampled,
  length: number,
): { urls: string[]; head: string[]; samples: [string, string[]][] } {
  const words = commonWords(sampled.names);
  const head = [
    '/api/products',
    '/api/products?available=true',
    '/api/products/facets',
    ...CATEGORY_VALUES.map((category) => `/api/categories/${encodeURIComponent(category)}`),
    ...words.slice(0, 20).map((word) => `/api/products?q=${word}`),
    ...CATEGORY_VALUES.map((category) => `/api/products/facets?category=${encodeURIComponent(category)}`),
  ];
  const weights = head.map((_, rank) => 1 / (rank + 1));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const next = seededRandom(SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const fromHead = () => {
    let r = next() * totalWeight;
    for (const [i, w] of weights.entries()) {
      r -= w;
      if (r <= 0) return head[i] as string;
    }
    return head[0] as string;
  };
  const tail = tailKinds(sampled, words, next);
  // Single products twice over: a shop's tail is mostly product pages.
  const tailUrls = [tail['deep page'], tail['category page'], tail['one product'], ...Object.values(tail).slice(2)];
  const urls = Array.from({ length }, () => (next() < 0.6 ? fromHead() : (pick(tailUrls) as () => string)()));
  // For the cost of a miss: a few URLs of each kind of the tail, from a generator of their own.
  const samples = Object.entries(tailKinds(sampled, words, seededRandom(SEED + 1))).map(
    ([kind, url]) => [kind, Array.from({ length: MISS_SAMPLES }, url)] as [string, string[]],
  );
  return { urls, head, samples };
}

/**
 * What one miss of each kind of the tail costs a server with nothing else going on: each sample
 * URL asked twice on one connection, the API told to skip its cache (`Cache-Control: no-cache`),
 * and the second answer timed, so both servers meet the same warm database whichever went first.
 */
async function missCost(base: string, samples: [string, string[]][]): Promise<Map<string, number>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ask = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const sent = performance.now();
      http
        .get(`${base}${path}`, { agent, headers: { ...BROWSER_HEADERS, 'cache-control': 'no-cache' } }, (response) => {
          response.resume();
          response.on('end', () =>
            (response.statusCode ?? 0) < 300
              ? resolve(performance.now() - sent)
              : reject(new Error(`${response.statusCode} ${path}`)),
          );
        })
        .on('error', reject);
    });
  const means = new Map<string, number>();
  try {
    for (const [kind, paths] of samples) {
      let sum = 0;
      for (const path of paths) {
        await ask(path);
        sum += await ask(path);
      }
      means.set(kind, sum / paths.length);
    }
  } finally {
    agent.destroy();
  }
  return means;
}

interface Phase {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  failures: Record<string, number>;
  distinct: number;
}

/** A URL's kind, for the tally of what the cache did not answer. */
function kindOf(path: string): string {
  const [route = '', query = ''] = path.split('?');
  const names = [...new URLSearchParams(query).keys()].sort().join('+');
  const shape = route.replace(/\/[0-9a-f-]{36}$/, '/:id').replace(/\/categories\/[^/]+$/, '/categories/:c');
  return names ? `${shape}?${names}` : shape;
}

/**
 * Every connection takes the next URL of the sequence: all of them together walk it once, in
 * order, as fast as the server answers (a closed loop: saturation).
 */
/** A server's place in the URL sequence: each phase goes on from where the one before stopped. */
interface Walk {
  urls: string[];
  at: number;
}

async function readLoad(base: string, walk: Walk, seconds: number): Promise<Phase> {
  const asked = new Set<string>();
  const failed: string[] = [];
  // The API's answers that were not plain hits, by kind of URL: what a phase made it compute.
  const answered = new Map<string, number>();
  // Each answer's kind of URL and time, for the kinds of the slowest 1%.
  const timed: { kind: string; ms: number }[] = [];
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        method: 'GET',
        headers: BROWSER_HEADERS,
        setupRequest: (request, context) => {
          const path = walk.urls[walk.at % walk.urls.length] as string;
          walk.at += 1;
          asked.add(path);
          Object.assign(context, { path, sent: performance.now() });
          return { ...request, path };
        },
        onResponse: (status, body, context, headers) => {
          const { path = '', sent = 0 } = context as { path?: string; sent?: number };
          timed.push({ kind: kindOf(path), ms: performance.now() - sent });
          const cache = (headers as Record<string, string> | undefined)?.['x-cache'];
          if (cache && cache !== 'hit') {
            const kind = `${cache} ${kindOf((context as { path?: string }).path ?? '')}`;
            answered.set(kind, (answered.get(kind) ?? 0) + 1);
          }
          if (status >= 300 && failed.length < 3)
            failed.push(`${status} ${(context as { path?: string }).path} ${body.slice(0, 160)}`);
        },
      },
    ],
  });
  const failures = failuresOf(result);
  for (const line of failed) log(`  failed: ${line}`);
  if (answered.size > 0) {
    log(
      `  not hits: ${[...answered]
        .sort((a, b) => b[1] - a[1])
        .map(([kind, n]) => `${kind} ${n}`)
        .join(', ')}`,
    );
  }
  if (timed.length > 100) {
    const slowest = [...timed].sort((a, b) => b.ms - a.ms).slice(0, Math.ceil(timed.length / 100));
    const kinds = new Map<string, number>();
    for (const { kind } of slowest) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    log(
      `  the slowest 1% (${slowest.length}, from ${Math.round(slowest.at(-1)?.ms ?? 0)} ms): ${[...kinds]
        .sort((a, b) => b[1] - a[1])
        .map(([kind, n]) => `${kind} ${n}`)
        .join(', ')}`,
    );
  }
  return {
    rps: result['2xx'] / (result.duration || seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    failures,
    distinct: asked.size,
  };
}

/**
 * The same sequence offered at a steady rate: request i is due at i / rate seconds, whatever
 * became of the earlier ones (shoppers arrive whatever the shop's speed: an open loop), each on
 * a connection of its own when the others are busy, and its time counts from when it was due, so
 * a request that could not even start in time is counted as waiting (no coordinated omission).
 * A request reset on a kept-alive socket is sent once more, as a browser does (its time still
 * counts from when it was due).
 */
async function steadyLoad(base: string, walk: Walk, seconds: number, rate: number): Promise<Phase> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  const times: number[] = [];
  const failures: Record<string, number> = {};
  const asked = new Set<string>();
  const pending = new Set<Promise<void>>();
  let retried = 0;
  const started = performance.now();
  const total = Math.round(seconds * rate);
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const path = walk.urls[walk.at % walk.urls.length] as string;
    walk.at += 1;
    asked.add(path);
    const done = new Promise<void>((resolve) => {
      const send = (retry: boolean) => {
        const request = http.get(`${base}${path}`, { agent, timeout: 10_000, headers: BROWSER_HEADERS }, (response) => {
          response.resume();
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) times.push(performance.now() - due);
            else failures[status] = (failures[status] ?? 0) + 1;
            resolve();
          });
        });
        request.on('timeout', () => request.destroy(new Error('timeout')));
        request.on('error', (error: NodeJS.ErrnoException) => {
          // A kept-alive socket the server closed as this request went out (its idle timeout):
          // a browser sends the request again on a new connection, and so does this shopper.
          if (retry && request.reusedSocket && error.code === 'ECONNRESET') {
            retried += 1;
            send(false);
            return;
          }
          failures[error.message] = (failures[error.message] ?? 0) + 1;
          resolve();
        });
      };
      send(true);
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  if (retried > 0) log(`  sent again on a new connection after a kept-alive one was reset: ${retried}`);
  const { p50, p99 } = percentiles(times);
  return {
    rps: times.length / elapsed,
    p50: Math.round(p50),
    p99: Math.round(p99),
    errors: Object.values(failures).reduce((a, b) => a + b, 0),
    failures,
    distinct: asked.size,
  };
}

/**
 * BENCH_ROUNDS more reads-only phases, the raw server and the API in turn (both running, one
 * loaded at a time), each walking on through a part of the sequence no earlier phase asked for:
 * at saturation one phase's p99 moves by a tenth or more from run to run, so the goal's
 * comparison is repeated on the same machine minutes apart.
 */
async function pairedRounds(
  options: Parameters<typeof startServer>[1],
  urls: string[],
): Promise<{ raw: Phase; api: Phase }[]> {
  const raw = await startServer('raw', options);
  const api = await startServer('api', options);
  try {
    const walks = { raw: { urls, at: SEQUENCE_LENGTH / 4 }, api: { urls, at: SEQUENCE_LENGTH / 4 } };
    await readLoad(raw.base, walks.raw, WARMUP);
    await readLoad(api.base, walks.api, WARMUP);
    const rounds: { raw: Phase; api: Phase }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      log(`round ${i + 1} of ${ROUNDS}: reads only, raw then API`);
      const round = {
        raw: await readLoad(raw.base, walks.raw, SECONDS),
        api: await readLoad(api.base, walks.api, SECONDS),
      };
      log(`  raw ${phaseText(round.raw)}; API ${phaseText(round.api)}`);
      rounds.push(round);
    }
    return rounds;
  } finally {
    await raw.stop();
    await api.stop();
  }
}

interface Purchases {
  sent: number;
  ok: number;
  failed: Record<string, number>;
}

/** Purchases at a steady rate until stopped, one head product after another. */
function purchaseLoop(base: string, token: string, products: string[]) {
  const tally: Purchases = { sent: 0, ok: 0, failed: {} };
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const productId = products[tally.sent % products.length] as string;
    tally.sent += 1;
    const done = fetch(`${base}/api/carts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ productId, buyQuantity: 1 }),
    })
      .then(async (response) => {
        await response.body?.cancel();
        if (response.status === 201) tally.ok += 1;
        else tally.failed[response.status] = (tally.failed[response.status] ?? 0) + 1;
      })
      .catch((error: Error) => {
        tally.failed[error.message] = (tally.failed[error.message] ?? 0) + 1;
      })
      .finally(() => pending.delete(done));
    pending.add(done);
  }, 1000 / PURCHASE_RATE);
  return {
    async stop(): Promise<Purchases> {
      clearInterval(timer);
      await Promise.all(pending);
      return tally;
    },
  };
}

/**
 * Twice a second, a write from outside the API (a connection of its own, as a job or another
 * process) and the time until GET /api/products/:id answers with it.
 */
function stalenessProbe(base: string, databaseUrl: string, productId: string) {
  const delays: number[] = [];
  let running = true;
  const loop = (async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      while (running) {
        const { rows } = await client.query<{ quantity: number }>(
          'UPDATE products SET quantity = quantity + 1 WHERE id = $1 RETURNING quantity',
          [productId],
        );
        const written = rows[0]?.quantity;
        const committed = performance.now();
        for (;;) {
          const response = await fetch(`${base}/api/products/${productId}`);
          const { quantity } = (await response.json()) as { quantity: number };
          if (quantity === written) break;
          if (performance.now() - committed > 10_000) throw new Error('a change was not seen within 10 s');
        }
        delays.push(performance.now() - committed);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    } finally {
      await client.end();
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return delays;
    },
  };
}

/** Head products with stock for every purchase of the run: those the popular pages show. */
async function headProducts(base: string, databaseUrl: string): Promise<string[]> {
  const ids = new Set<string>();
  for (const path of ['/api/products', ...CATEGORY_VALUES.map((c) => `/api/categories/${c}`)]) {
    const page = (await (await fetch(`${base}${path}`)).json()) as { _id: string }[];
    for (const product of page.slice(0, 4)) ids.add(product._id);
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Plenty of stock, sold one by one: every purchase of the run can succeed, none crosses a threshold.
    await client.query(
      `UPDATE products SET quantity = 1000000, min_sell_qty = 1, pack_size = 1, max_order_qty = NULL, price_tiers = '[]'
       WHERE id = ANY($1)`,
      [[...ids]],
    );
  } finally {
    await client.end();
  }
  return [...ids];
}

interface Writes {
  priceEdits: Purchases;
  /** Import rows applied by the end of the phase, of `importRows`. */
  imported: number;
  importRows: number;
}

/** The seller's products whose prices phase 3 changes: a spread of their catalogue (in their SKUs' hash order). */
async function pricedRows(databaseUrl: string, owner: string): Promise<{ id: string; sku: string; price: string }[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; sku: string; price: string }>(
      `SELECT id, sku, price::text AS price FROM products WHERE owner_uid = $2 AND sku IS NOT NULL
       ORDER BY hashtext(sku) LIMIT $1`,
      [IMPORT_ROWS + EDITED_ROWS, owner],
    );
    return rows;
  } finally {
    await client.end();
  }
}

/** A new price a cent above the old one (prices are numeric(12,2)). */
const raised = (price: string) => (Math.round(Number(price) * 100) + 1) / 100;

/**
 * Phase 3's writes until stopped: price edits at a steady rate and one import. `api`: through
 * the API as the catalogue's owner; otherwise straight to the database, the import paced as the
 * API paces its own (a rest as long as each batch took).
 */
function sellerWrites(
  base: string,
  token: string,
  databaseUrl: string,
  rows: { id: string; sku: string; price: string }[],
  api: boolean,
) {
  const edits: Purchases = { sent: 0, ok: 0, failed: {} };
  const editing = rows.slice(0, EDITED_ROWS);
  const importing = rows.slice(EDITED_ROWS);
  const client = new pg.Client({ connectionString: databaseUrl });
  const connected = client.connect();
  const pending = new Set<Promise<void>>();
  const count = (tally: Purchases, outcome: string | null) => {
    if (outcome === null) tally.ok += 1;
    else tally.failed[outcome] = (tally.failed[outcome] ?? 0) + 1;
  };
  const timer = setInterval(() => {
    const row = editing[edits.sent % editing.length] as (typeof editing)[number];
    edits.sent += 1;
    row.price = String(raised(row.price));
    const done = (
      api
        ? fetch(`${base}/api/products/${row.id}`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ price: Number(row.price) }),
          }).then(async (response) => {
            await response.body?.cancel();
            return response.status === 200 ? null : String(response.status);
          })
        : connected
            .then(() =>
              client.query('UPDATE products SET price = $2, updated_at = now() WHERE id = $1', [row.id, row.price]),
            )
            .then(() => null)
    )
      .catch((error: Error) => error.message)
      .then((outcome) => count(edits, outcome))
      .finally(() => pending.delete(done));
    pending.add(done);
  }, 1000 / PRICE_EDITS);

  let running = true;
  let imported = 0;
  let importId: string | null = null;
  const importing$ = (async () => {
    if (api) {
      const csv = ['sku,price', ...importing.map((r) => `${r.sku},${raised(r.price)}`)].join('\n');
      const response = await fetch(`${base}/api/imports`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` },
        body: csv,
      });
      if (response.status !== 202)
        throw new Error(`the import was refused: ${response.status} ${await response.text()}`);
      importId = ((await response.json()) as { importId: string }).importId;
      return;
    }
    await connected;
    for (let at = 0; running && at < importing.length; at += IMPORT_BATCH) {
      const batch = importing.slice(at, at + IMPORT_BATCH);
      const from = performance.now();
      await client.query(
        `UPDATE products p SET price = v.price, updated_at = now()
         FROM unnest($1::uuid[], $2::numeric[]) AS v(id, price) WHERE p.id = v.id`,
        [batch.map((r) => r.id), batch.map((r) => raised(r.price))],
      );
      imported += batch.length;
      await new Promise((resolve) => setTimeout(resolve, performance.now() - from));
    }
  })();
  return {
    async stop(): Promise<Writes> {
      clearInterval(timer);
      running = false;
      await Promise.all(pending);
      await importing$;
      if (importId) {
        const status = (await (
          await fetch(`${base}/api/imports/${importId}`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as { processed: number };
        imported = status.processed;
      }
      await client.end();
      return { priceEdits: edits, imported, importRows: importing.length };
    },
  };
}

/**
 * The catalogue triggers of the commit being measured: a commit before migration 0015 knows one
 * notification payload (the schema) for every statement; it would miss the itemised ones.
 */
async function useTriggers(databaseUrl: string, which: 'current' | 'before-0015') {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      which === 'before-0015'
        ? `ALTER TABLE products DISABLE TRIGGER products_catalogue_updated;
           CREATE TRIGGER products_catalogue_updated_before AFTER UPDATE ON products
             FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();`
        : `DROP TRIGGER IF EXISTS products_catalogue_updated_before ON products;
           ALTER TABLE products ENABLE TRIGGER products_catalogue_updated;`,
    );
  } finally {
    await client.end();
  }
}

interface ServerResult {
  label: string;
  readsOnly: Phase;
  steady: Phase;
  beyond: Phase;
  withPurchases: Phase;
  purchases: Purchases;
  withSellerWrites: Phase;
  writes: Writes;
  staleness: number[] | null;
  coldStart: Phase | null;
  misses: Map<string, number>;
}

async function measureServer(
  label: string,
  start: () => Promise<RunningServer>,
  fixture: Fixture,
  { urls, samples }: { urls: string[]; samples: [string, string[]][] },
  token: string,
  probeId: string | null,
): Promise<ServerResult> {
  await settle(fixture.databaseUrl as string);
  let server = await start();
  try {
    log(`${label}: warm-up ${WARMUP} s, then reads only for ${SECONDS} s`);
    // Every phase asks for URLs this server has not been asked in an earlier one (the sequence's
    // own repeats aside): a phase never starts on answers the warm-up already cached.
    const walk: Walk = { urls, at: 0 };
    await readLoad(server.base, walk, WARMUP);
    const misses = await missCost(server.base, samples);
    log(`  one miss of each kind: ${[...misses].map(([kind, ms]) => `${kind} ${ms.toFixed(1)} ms`).join(', ')}`);
    const windows: [string, [number, number]][] = [];
    const timed = async <T>(phase: string, run: () => Promise<T>) => {
      const from = monotonicMicros();
      const result = await run();
      windows.push([phase, [from, monotonicMicros()]]);
      return result;
    };
    const readsOnly = await timed('reads only', () => readLoad(server.base, walk, SECONDS));
    log(`  ${phaseText(readsOnly)}`);
    // The offered load of phase 1b: most of what the raw server (measured first) answered at saturation.
    steadyRate ??= Math.max(1, Math.round(STEADY_SHARE * readsOnly.rps));
    log(`${label}: the same reads offered at ${steadyRate} req/s`);
    // From the middle of the sequence for every server: the same URLs in the same order, none asked before.
    const steady = await steadyLoad(server.base, { urls, at: SEQUENCE_LENGTH / 2 }, SECONDS, steadyRate);
    log(`  ${phaseText(steady)}`);
    beyondRate ??= Math.max(1, Math.round(BEYOND_SHARE * readsOnly.rps));
    log(`${label}: the same reads offered at ${beyondRate} req/s`);
    const beyond = await steadyLoad(server.base, { urls, at: (SEQUENCE_LENGTH * 3) / 4 }, SECONDS, beyondRate);
    log(`  ${phaseText(beyond)}`);
    const products = await headProducts(server.base, fixture.databaseUrl as string);
    log(`${label}: the same reads while ${PURCHASE_RATE} purchases/s go on`);
    const buying = purchaseLoop(server.base, token, products);
    const probe = probeId ? stalenessProbe(server.base, fixture.databaseUrl as string, probeId) : null;
    const withPurchases = await timed('reads while purchases', () => readLoad(server.base, walk, SECONDS));
    const purchases = await buying.stop();
    const staleness = probe ? await probe.stop() : null;
    log(`  ${phaseText(withPurchases)}; purchases ${purchases.ok}/${purchases.sent}`);
    log(
      `${label}: the same reads while a seller edits ${PRICE_EDITS} prices/s and an import of ${IMPORT_ROWS} prices runs`,
    );
    const writing = sellerWrites(
      server.base,
      token,
      fixture.databaseUrl as string,
      await pricedRows(fixture.databaseUrl as string, buyer.uid),
      label !== 'raw',
    );
    const withSellerWrites = await readLoad(server.base, walk, SECONDS);
    const writes = await writing.stop();
    log(
      `  ${phaseText(withSellerWrites)}; price edits ${writes.priceEdits.ok}/${writes.priceEdits.sent} ${JSON.stringify(writes.priceEdits.failed)}, imported ${writes.imported}`,
    );
    let coldStart: Phase | null = null;
    if (label !== 'raw') {
      await server.stop();
      const file = PROFILE_DIR && server.child.pid ? mainThreadProfile(PROFILE_DIR, server.child.pid) : null;
      for (const [phase, window] of file ? windows : []) {
        const summary = summariseProfile(file as string, phase, `${int(PRODUCTS)} products`, window, 25);
        console.log(profileLines(summary).join('\n'));
      }
      server = await start();
      const cold = ['/api/products?q=model%204242&available=true'];
      coldStart = await readLoad(server.base, { urls: cold, at: 0 }, 5);
      log(`  cold start, one uncached search: ${phaseText(coldStart)}`);
    }
    return {
      label,
      readsOnly,
      steady,
      beyond,
      withPurchases,
      purchases,
      withSellerWrites,
      writes,
      staleness,
      coldStart,
      misses,
    };
  } finally {
    await server.stop();
  }
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const phaseText = (p: Phase) =>
  `${int(p.rps)} req/s, p50 ${p.p50} ms, p99 ${int(p.p99)} ms${p.errors ? `, ${p.errors} errors ${JSON.stringify(p.failures)}` : ''}`;

function report(results: ServerResult[], distinct: { reads: number }, goalsText: string[]): string {
  const raw = results.find((r) => r.label === 'raw') as ServerResult;
  const rows = results.flatMap((r) => [
    `| ${r.label} | reads only | ${phaseText(r.readsOnly)} | ${(r.readsOnly.rps / raw.readsOnly.rps).toFixed(2)}× |`,
    `| ${r.label} | reads offered at ${int(steadyRate ?? 0)} req/s | ${phaseText(r.steady)} | ${(r.steady.p99 / raw.steady.p99).toFixed(2)}× p99 |`,
    `| ${r.label} | reads offered at ${int(beyondRate ?? 0)} req/s | ${phaseText(r.beyond)} | ${(r.beyond.rps / raw.readsOnly.rps).toFixed(2)}× raw's saturated throughput |`,
    `| ${r.label} | reads while ${PURCHASE_RATE} purchases/s | ${phaseText(r.withPurchases)} (purchases ${r.purchases.ok}/${r.purchases.sent}) | ${(r.withPurchases.rps / raw.withPurchases.rps).toFixed(2)}× |`,
    `| ${r.label} | reads while ${PRICE_EDITS} price edits/s and an import | ${phaseText(r.withSellerWrites)} (edits ${r.writes.priceEdits.ok}/${r.writes.priceEdits.sent}, ${int(r.writes.imported)} of ${int(r.writes.importRows)} rows imported) | ${(r.withSellerWrites.rps / raw.withSellerWrites.rps).toFixed(2)}× |`,
  ]);
  const extra = results.flatMap((r) => {
    const lines: string[] = [];
    if (r.coldStart)
      lines.push(`- ${r.label}, cold start (64 connections on one uncached search, 5 s): ${phaseText(r.coldStart)}.`);
    if (r.staleness && r.staleness.length > 0) {
      const s = percentiles(r.staleness);
      lines.push(
        `- ${r.label}, a write from another connection until the API answers with it (${r.staleness.length} writes, during the purchases): p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms.`,
      );
    }
    return lines;
  });
  const kinds = [...raw.misses.keys()];
  const missRows = kinds.map(
    (kind) =>
      `| ${kind} | ${results.map((r) => `${(r.misses.get(kind) ?? 0).toFixed(1)} ms`).join(' | ')} | ${(
        (results.at(-1)?.misses.get(kind) ?? 0) / (raw.misses.get(kind) ?? 1)
      ).toFixed(2)}× |`,
  );
  return [
    '## The catalogue under real traffic',
    '',
    `\`npm run bench:traffic\`, ${new Date().toISOString().slice(0, 10)}: ${int(PRODUCTS)} products on PostgreSQL, ${CONNECTIONS} connections, ` +
      `${SECONDS} s per phase after ${WARMUP} s of warm-up, database pools of ${POOL}. One seeded sequence of URLs (60% a popular ` +
      `head of ${distinct.reads} URLs weighted by rank, 40% a long tail: deep pages, single products, SKUs, part numbers, ` +
      'two-word searches, filtered lists, facets of searches), walked in order by all connections together, the same for every server; ' +
      'each phase goes on from where the one before stopped, so none starts on answers an earlier phase cached. Each ' +
      "server's phases, and the paired rounds, start on a database vacuumed, analyzed and checkpointed, as autovacuum " +
      "would keep it, not on the dead rows an earlier server's writes left. Every request accepts brotli and gzip, as " +
      "a browser's does (the raw server sends its answers uncompressed).",
    '',
    '| server | workload | throughput and latency | ÷ raw |',
    '|---|---|---|---|',
    ...rows,
    '',
    ...extra,
    '',
    `What one miss of each kind of the tail costs with nothing else going on (${MISS_SAMPLES} URLs of each kind, each asked ` +
      'twice on one connection and the second timed; the API told to skip its cache):',
    '',
    `| kind | ${results.map((r) => r.label).join(' | ')} | ${results.at(-1)?.label} ÷ raw |`,
    `|---|${results.map(() => '---|').join('')}---|`,
    ...missRows,
    '',
    ...goalsText.map((g) => `- ${g}`),
  ].join('\n');
}

const buyer: EmulatorUser = await createBuyer(emulatorHost);
const token = await idToken(emulatorHost, buyer);
let fixture: Fixture | null = null;
let before: { dir: string; commit: string } | null = null;
try {
  fixture = await setupFixture('postgres', PRODUCTS, buyer, BENCH_ADMIN_URL, log);
  const databaseUrl = fixture.databaseUrl as string;
  const sampled = await sampleRows(databaseUrl);
  const sequence = urlSequence(sampled, SEQUENCE_LENGTH);
  const { urls, head } = sequence;
  log(
    `${urls.length.toLocaleString('en-US')} URLs in the sequence, ${new Set(urls).size.toLocaleString('en-US')} distinct`,
  );
  const serverOptions = { fixture, poolSize: POOL, dist: false, buyer };
  const probeId = sampled.ids[sampled.ids.length - 1] as string;
  const results: ServerResult[] = [];
  const f = fixture;
  results.push(await measureServer('raw', () => startServer('raw', serverOptions), f, sequence, token, null));
  if (BEFORE) {
    before = exportSnapshot(REPO_ROOT, BEFORE);
    await useTriggers(databaseUrl, 'before-0015');
    const apiRoot = before.dir;
    results.push(
      await measureServer(
        `API ${before.commit}`,
        () => startServer('api', { ...serverOptions, apiRoot }),
        f,
        sequence,
        token,
        probeId,
      ),
    );
    await useTriggers(databaseUrl, 'current');
  }
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  const profiled = PROFILE_DIR ? { nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] } : {};
  results.push(
    await measureServer(
      'API',
      () => startServer('api', { ...serverOptions, ...profiled }),
      f,
      sequence,
      token,
      probeId,
    ),
  );

  if (ROUNDS > 0) await settle(databaseUrl);
  const rounds = ROUNDS > 0 ? await pairedRounds(serverOptions, urls) : [];

  const api = results.at(-1) as ServerResult;
  const raw = results[0] as ServerResult;
  const stale = percentiles(api.staleness ?? []);
  const goals: [boolean, string][] = [
    [
      api.readsOnly.rps >= 1.2 * raw.readsOnly.rps && api.readsOnly.p99 <= raw.readsOnly.p99,
      `reads only: ≥ 1.2× the raw server's throughput (${(api.readsOnly.rps / raw.readsOnly.rps).toFixed(2)}×), p99 ≤ raw's (${api.readsOnly.p99} vs ${raw.readsOnly.p99} ms)`,
    ],
    [
      api.withPurchases.rps >= 0.8 * raw.withPurchases.rps &&
        api.withPurchases.p99 <= 2 * raw.withPurchases.p99 &&
        api.purchases.ok === api.purchases.sent,
      `with purchases: ≥ 0.8× raw (${(api.withPurchases.rps / raw.withPurchases.rps).toFixed(2)}×), p99 ≤ 2× raw's (${api.withPurchases.p99} vs ${raw.withPurchases.p99} ms), every purchase succeeds (${api.purchases.ok}/${api.purchases.sent})`,
    ],
    [
      api.steady.p99 <= raw.steady.p99 && api.steady.errors === 0,
      `reads offered at ${int(steadyRate ?? 0)} req/s to each: p99 ≤ raw's (${int(api.steady.p99)} vs ${int(raw.steady.p99)} ms), no errors (${api.steady.errors})`,
    ],
    [
      api.beyond.rps >= 0.98 * (beyondRate ?? 0) && api.beyond.p99 <= raw.readsOnly.p99 && api.beyond.errors === 0,
      `reads offered at ${BEYOND_SHARE}× raw's saturated throughput (${int(beyondRate ?? 0)} req/s): all answered (${int(api.beyond.rps)} req/s), p99 ≤ raw's at saturation (${int(api.beyond.p99)} vs ${int(raw.readsOnly.p99)} ms), no errors (${api.beyond.errors})`,
    ],
    [api.coldStart?.errors === 0, `cold start: 0 errors (${api.coldStart?.errors ?? '?'})`],
  ];
  const goalsText = goals.map(([ok, text]) => `${verdict(ok)} ${text}`);
  if (rounds.length > 0) {
    const ratios = rounds.map((r) => r.api.p99 / r.raw.p99).sort((a, b) => a - b);
    const median = ratios[Math.floor((ratios.length - 1) / 2)] as number;
    goalsText.push(
      `reads only, ${rounds.length} more rounds, raw and API in turn (${SECONDS} s each): ` +
        rounds
          .map(
            (r, i) =>
              `${i + 1}: raw ${int(r.raw.rps)} req/s p99 ${int(r.raw.p99)} ms, API ${int(r.api.rps)} req/s p99 ${int(r.api.p99)} ms`,
          )
          .join('; ') +
        `; the API's p99 ≤ raw's in ${ratios.filter((x) => x <= 1).length} of ${rounds.length}, median API ÷ raw ${median.toFixed(2)}`,
    );
  }
  const text = report(results, { reads: head.length }, [
    ...goalsText,
    `staleness bound measured: p99 ${stale.p99.toFixed(1)} ms, max ${stale.max.toFixed(1)} ms`,
  ]);
  console.log(`\n${text}\n`);
  if (!process.env.BENCH_NO_DOCS) {
    const file = join(REPO_ROOT, 'docs/benchmarks.md');
    writeFileSync(file, withSection(readFileSync(file, 'utf8'), 'traffic', text));
    log('wrote the traffic section of docs/benchmarks.md');
  }
} finally {
  if (fixture) await teardownFixture(fixture, BENCH_ADMIN_URL);
  if (before) rmSync(before.dir, { recursive: true, force: true });
}
process.exit(0);
