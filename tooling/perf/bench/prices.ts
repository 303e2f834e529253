import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT } from '@b2b/shared';
import { createDatabase, generateCatalogue } from '@b2b/api/tooling';
import { withSection } from './doc-sections.js';
import { serverVersion } from './fixture.js';
import { createBuyer, idToken, REPO_ROOT, type EmulatorUser } from './servers.js';
import {
  BENCH_ADMIN_URL,
  createThrowawayDatabase,
  percentiles,
  startBenchApi,
  verdict,
  type BenchApi,
} from './throwaway.js';
import { seededRandom } from './random.js';

/*
 * `npm run bench:prices` (root; it starts the Auth Emulator around this script): contract prices
 * at catalogue scale (issue 38), on a fresh PostgreSQL database of BENCH_PRODUCTS generated
 * products, the API as its own process with its catalogue cache on, as in production.
 *
 * One generated seller has a price list of BENCH_CONTRACT_LINES lines (its products on the pages
 * browsed, the rest spread over its catalogue) assigned to one buyer; another buyer has none.
 * Each browses the same seeded sequence of page views, as the web asks for them:
 *   - a list page: GET /api/products (one of the first 417 pages, oldest first), then
 *     POST /api/prices for its 24 products ("Your price" on the cards);
 *   - a product page: GET /api/products/:id, then the buyer's hold of it and POST /api/prices for
 *     one unit, side by side (half of them products of the contract, half any product).
 * Page views are offered at a steady BENCH_VIEW_RATE a second (an open loop: a view's time runs
 * from when it was due, so a slow answer delays none after it), in phases (three rounds, each in another
 * order) after one unmeasured pass that warms the catalogue cache, and a visitor's (the shared
 * catalogue's answers alone: what the pages cost before contract prices). Goal: the contract buyer's p99
 * ≤ 1.5× the other's. Then POST /api/prices for 24 distinct products at a steady
 * BENCH_PRICES_RATE a second, each buyer: goal p99 ≤ 30 ms.
 *
 *   BENCH_ADMIN_URL       PostgreSQL to create the throw-away database on
 *   BENCH_PRODUCTS        catalogue size (default 1000000)
 *   BENCH_CONTRACT_LINES  lines of the contract (default 10000)
 *   BENCH_SECONDS         seconds per phase (default 20)
 *   BENCH_VIEW_RATE       page views a second (default 40)
 *   BENCH_PRICES_RATE     POST /api/prices a second (default 100)
 *   BENCH_SEED            the sequence's seed (default 42)
 *   BENCH_KEEP_DB=true    keep the database afterwards (to EXPLAIN its queries)
 */

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const LINES = Number(process.env.BENCH_CONTRACT_LINES ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const VIEW_RATE = Number(process.env.BENCH_VIEW_RATE ?? 40);
const PRICES_RATE = Number(process.env.BENCH_PRICES_RATE ?? 100);
const SEED = Number(process.env.BENCH_SEED ?? 42);
const ROUNDS = 3;
const LIST_PAGES = 417;
const SELLER = 'generated-seller-001';
const GOALS = { pageRatio: 1.5, pricesP99Ms: 30 };
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
if (!emulatorHost) {
  console.error('Run it with the Auth Emulator: npm run bench:prices (from the repository root).');
  process.exit(1);
}

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function seed(url: string) {
  const database = await createDatabase({ url, pgliteDir: 'memory://', pool: { statementTimeoutMs: 3_600_000 } });
  await database.migrate();
  const started = Date.now();
  await generateCatalogue(database.db, { products: PRODUCTS, owners: [] });
  await database.close();
  await query(url, 'VACUUM ANALYZE');
  console.log(`Seeded ${PRODUCTS.toLocaleString('en-US')} products in ${Math.round((Date.now() - started) / 1000)} s.`);
}

/**
 * The contract, as the API would write it (the rows of POST /price-lists, PUT …/lines and POST
 * …/customers): the seller's products on the browsed pages first, then every k-th of the rest
 * of its catalogue, priced 10% under the list price with a tier 15% under from 10.
 */
async function contract(url: string, buyer: EmulatorUser): Promise<string[]> {
  const browsed = LIST_PAGES * DEFAULT_PAGE_SIZE;
  const [list] = await query<{ id: string }>(
    url,
    `WITH c AS (INSERT INTO customers (seller_id, buyer_uid, name) VALUES ($1, $2, 'Bench key account') RETURNING id),
          l AS (INSERT INTO price_lists (seller_id, name) VALUES ($1, 'Bench key account 2027') RETURNING id),
          a AS (INSERT INTO price_list_customers (price_list_id, customer_id) SELECT l.id, c.id FROM l, c)
     SELECT id FROM l`,
    [SELLER, buyer.uid],
  );
  const rows = await query<{ product_id: string }>(
    url,
    `WITH browsed AS (SELECT id FROM products ORDER BY created_at, id LIMIT $3),
          mine AS (SELECT id, row_number() OVER (ORDER BY id) AS n, (id IN (SELECT id FROM browsed)) AS seen
                   FROM products WHERE owner_uid = $2),
          picked AS (SELECT id FROM mine ORDER BY seen DESC, (n * 7919) % 100003 LIMIT $4)
     INSERT INTO price_list_lines (price_list_id, product_id, price, tiers)
     SELECT $1, p.id, round(p.price * 0.9, 2),
            jsonb_build_array(jsonb_build_object('minQty', 10, 'price', round(p.price * 0.85, 2)))
     FROM picked JOIN products p USING (id)
     RETURNING product_id`,
    [list?.id, SELLER, browsed, LINES],
  );
  await query(url, 'ANALYZE price_list_lines');
  if (rows.length < LINES) throw new Error(`Only ${rows.length} contract lines for ${SELLER}.`);
  return rows.map((row) => row.product_id);
}

type View = { kind: 'list'; offset: number } | { kind: 'product'; id: string };

function views(count: number, lined: string[], sampled: string[]): View[] {
  const next = seededRandom(SEED);
  const pick = (items: string[]) => items[Math.floor(next() * items.length)] as string;
  return Array.from({ length: count }, (): View => {
    if (next() < 0.5) return { kind: 'list', offset: DEFAULT_PAGE_SIZE * Math.floor(next() * LIST_PAGES) };
    return { kind: 'product', id: next() < 0.5 ? pick(lined) : pick(sampled) };
  });
}

interface Browser {
  base: string;
  /** Null for a visitor: the shared catalogue's answers alone. */
  user: EmulatorUser | null;
  token: string | null;
}

async function call<T>(b: Browser, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${b.base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(b.token ? { authorization: `Bearer ${b.token}` } : {}), 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** One page view as the web makes it; answers how many contract prices it showed. */
async function view(b: Browser, v: View): Promise<number> {
  const priced = (lines: { productId: string; quantity: number }[]) =>
    call<{ lines: { source: string }[] }>(b, '/api/prices', { lines });
  const contracts = (answer: { lines: { source: string }[] }) =>
    answer.lines.filter((line) => line.source === 'contract').length;
  if (v.kind === 'list') {
    const items = await call<{ _id: string }[]>(
      b,
      `/api/products?limit=${DEFAULT_PAGE_SIZE}&offset=${v.offset}&sort=${DEFAULT_SORT}`,
    );
    return b.user ? contracts(await priced(items.map((p) => ({ productId: p._id, quantity: 1 })))) : 0;
  }
  await call(b, `/api/products/${v.id}`);
  if (!b.user) return 0;
  const [, answer] = await Promise.all([
    call(b, `/api/carts/${encodeURIComponent(b.user.email)}/products/${v.id}`),
    priced([{ productId: v.id, quantity: 1 }]),
  ]);
  return contracts(answer);
}

interface Phase {
  times: { list: number[]; product: number[] };
  contractPrices: number;
  errors: number;
}

/** `items` offered at `rate` a second for `seconds`, each timed from when it was due. */
async function steady<T>(items: T[], rate: number, seconds: number, run: (item: T) => Promise<number>) {
  const times: { item: T; ms: number; shown: number }[] = [];
  let errors = 0;
  const started = performance.now();
  const count = Math.min(items.length, Math.floor(rate * seconds));
  const pending: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const item = items[i] as T;
    pending.push(
      run(item).then(
        (shown) => void times.push({ item, ms: performance.now() - due, shown }),
        (error: unknown) => {
          if (errors === 0) console.error(`  first error: ${String(error)}`);
          errors += 1;
        },
      ),
    );
  }
  await Promise.all(pending);
  return { times, errors };
}

async function browse(b: Browser, sequence: View[], seconds = SECONDS): Promise<Phase> {
  const { times, errors } = await steady(sequence, VIEW_RATE, seconds, (v) => view(b, v));
  return {
    times: {
      list: times.filter((t) => t.item.kind === 'list').map((t) => t.ms),
      product: times.filter((t) => t.item.kind === 'product').map((t) => t.ms),
    },
    contractPrices: times.reduce((sum, t) => sum + t.shown, 0),
    errors,
  };
}

const merge = (phases: Phase[]): Phase => ({
  times: {
    list: phases.flatMap((p) => p.times.list),
    product: phases.flatMap((p) => p.times.product),
  },
  contractPrices: phases.reduce((sum, p) => sum + p.contractPrices, 0),
  errors: phases.reduce((sum, p) => sum + p.errors, 0),
});

/** The "Contract prices" section of docs/benchmarks.md (bench/doc-sections.ts). */
async function writeSection(table: string[]) {
  const file = join(REPO_ROOT, 'docs', 'benchmarks.md');
  const pg = await serverVersion(BENCH_ADMIN_URL);
  const body = [
    '## Contract prices',
    '',
    `\`npm run bench:prices\` (tooling/perf/bench/prices.ts): ${PRODUCTS.toLocaleString('en-US')} generated products on ` +
      `PostgreSQL ${pg.version}, one seller's price list of ${LINES.toLocaleString('en-US')} lines (its products on the ` +
      `first ${LIST_PAGES} list pages, the rest spread over its catalogue) assigned to one buyer, the API as its own ` +
      `process with the catalogue cache on. The buyer with the contract, a buyer without one and a visitor browse the ` +
      `same seeded sequence of page views as the web asks for them (a list page: the page, then \`POST /api/prices\` for ` +
      `its ${DEFAULT_PAGE_SIZE} products; a product page: the product, then the buyer's hold of it and its price side by ` +
      `side), ${VIEW_RATE} views a second offered steadily (a view's time runs from when it was due), ${SECONDS} s ` +
      `phases (each of three rounds in another order), after one unmeasured pass. Measured ` +
      `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}.`,
    '',
    ...table,
  ].join('\n');
  let text = withSection(existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n', 'contract-prices', body);
  const prettier = await import('prettier');
  text = await prettier.format(text, { ...((await prettier.resolveConfig(file)) ?? {}), filepath: file });
  writeFileSync(file, text);
  console.log('wrote the "Contract prices" section of docs/benchmarks.md');
}

const database = await createThrowawayDatabase('prices');
let api: BenchApi | undefined;
try {
  await seed(database.url);
  const withContract = await createBuyer(emulatorHost);
  const without = await createBuyer(emulatorHost);
  const lined = await contract(database.url, withContract);
  const sampled = (
    await query<{ id: string }>(
      database.url,
      `SELECT id FROM products TABLESAMPLE SYSTEM (${Math.min(100, Math.max(0.05, (5_000 / PRODUCTS) * 100))}) REPEATABLE (${SEED}) LIMIT 5000`,
    )
  ).map((row) => row.id);
  api = await startBenchApi(database.url, { CATALOGUE_CACHE: 'true' });
  const browsers = {
    contract: { base: api.base, user: withContract, token: await idToken(emulatorHost, withContract) },
    none: { base: api.base, user: without, token: await idToken(emulatorHost, without) },
  };
  const sequence = views(Math.ceil(VIEW_RATE * SECONDS), lined, sampled);

  await browse(browsers.none, sequence);
  const visitor: Browser = { base: api.base, user: null, token: null };
  const phases = { contract: [] as Phase[], none: [] as Phase[], visitor: [] as Phase[] };
  // Each round in another order, so no one always follows the same phase.
  const orders = [
    ['contract', 'none', 'visitor'],
    ['none', 'visitor', 'contract'],
    ['visitor', 'contract', 'none'],
  ] as const;
  const who = { ...browsers, visitor };
  for (const [round, order] of orders.slice(0, ROUNDS).entries()) {
    for (const name of order) {
      const phase = await browse(who[name], sequence);
      phases[name].push(phase);
      const p99 = (times: number[]) => Math.round(percentiles(times).p99);
      console.log(
        `  round ${round + 1}, ${name}: list p99 ${p99(phase.times.list)} ms, product p99 ${p99(phase.times.product)} ms`,
      );
    }
  }
  const pages = { contract: merge(phases.contract), none: merge(phases.none), visitor: merge(phases.visitor) };

  // POST /prices for 24 distinct products (a third of them the contract's), one body per request.
  const next = seededRandom(SEED + 1);
  const bodies = Array.from({ length: Math.ceil(PRICES_RATE * SECONDS) }, () => ({
    lines: Array.from({ length: DEFAULT_PAGE_SIZE }, () => {
      const from = next() < 1 / 3 ? lined : sampled;
      return { productId: from[Math.floor(next() * from.length)] as string, quantity: 1 + Math.floor(next() * 20) };
    }),
  }));
  const quotes = async (b: Browser) =>
    steady(bodies, PRICES_RATE, SECONDS, async (body) => {
      await call(b, '/api/prices', body);
      return 0;
    });
  const pricesRuns = { contract: await quotes(browsers.contract), none: await quotes(browsers.none) };

  const WHO = {
    contract: 'a buyer with a contract',
    none: 'a buyer without one',
    visitor: 'a visitor (the catalogue alone, no prices asked)',
  };
  const ms = (n: number) => `${Math.round(n)} ms`;
  const out = [
    '| who browses | list page p50 | list page p99 | product page p50 | product page p99 | contract prices shown | errors |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const [who, phase] of Object.entries(pages)) {
    const list = percentiles(phase.times.list);
    const product = percentiles(phase.times.product);
    out.push(
      `| ${WHO[who as keyof typeof WHO]} | ${ms(list.p50)} | ${ms(list.p99)} | ${ms(product.p50)} | ${ms(product.p99)} | ${phase.contractPrices.toLocaleString('en-US')} | ${phase.errors} |`,
    );
  }
  out.push('');
  let met = true;
  for (const kind of ['list', 'product'] as const) {
    const ratio = percentiles(pages.contract.times[kind]).p99 / percentiles(pages.none.times[kind]).p99;
    met &&= ratio <= GOALS.pageRatio;
    out.push(
      `- ${kind} page p99, with ÷ without a contract: ${ratio.toFixed(2)}× — ${verdict(ratio <= GOALS.pageRatio)} (goal ≤ ${GOALS.pageRatio}×)`,
    );
  }
  for (const [who, run] of Object.entries(pricesRuns)) {
    const p = percentiles(run.times.map((t) => t.ms));
    const ok = p.p99 <= GOALS.pricesP99Ms && run.errors === 0;
    met &&= ok;
    out.push(
      `- \`POST /api/prices\`, ${DEFAULT_PAGE_SIZE} products at ${PRICES_RATE}/s, ${WHO[who as keyof typeof WHO]}: ` +
        `p50 ${ms(p.p50)}, p99 ${ms(p.p99)}, ${run.errors} errors — ${verdict(ok)} (goal p99 ≤ ${GOALS.pricesP99Ms} ms)`,
    );
  }
  console.log(`\n${out.join('\n')}`);
  process.exitCode = met ? 0 : 1;
  if (process.env.BENCH_WRITE !== 'false') await writeSection(out);
} finally {
  await api?.stop();
  if (process.env.BENCH_KEEP_DB === 'true') console.log(`Kept the database: ${database.url}`);
  else await database.drop();
}
