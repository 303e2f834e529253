import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDatabase } from '@b2b/api/tooling';
import { withSection } from './doc-sections.js';
import { serverVersion } from './fixture.js';
import { createBuyer, idToken, REPO_ROOT } from './servers.js';
import { BENCH_ADMIN_URL, createThrowawayDatabase, startBenchApi, type BenchApi } from './throwaway.js';

/*
 * `npm run bench:dashboard` (root; it starts the Auth Emulator around this script): the seller
 * dashboard (GET /api/dashboard) for a seller with 100,000 orders (a year of them, three lines
 * each, every status) among 100,000 orders of 200 other sellers, on a fresh PostgreSQL
 * database, with the API as its own process. Prints latency percentiles and throughput; the goal
 * is p99 ≤ 200 ms (docs/benchmarks.md, "Seller dashboard").
 *
 *   BENCH_ADMIN_URL   PostgreSQL to create the throw-away database on
 *                     (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_ORDERS      the seller's orders (default 100000)
 *   BENCH_SECONDS     seconds of load (default 20)
 *   BENCH_CONNECTIONS concurrent connections (default 10)
 *   BENCH_KEEP_DB     true: keep the seeded database afterwards (its URL is printed), for EXPLAIN
 */

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const GOAL_P99_MS = 200;
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
if (!emulatorHost) {
  console.error('Run it with the Auth Emulator: npm run bench:dashboard (from the repository root).');
  process.exit(1);
}

/** The seller's catalogue and a year of orders, made inside the database. */
let seedSeconds = 0;

/** The "Seller dashboard" section of docs/benchmarks.md (bench/doc-sections.ts). */
async function writeSection(row: string, seeded: number, ok: boolean) {
  const file = join(REPO_ROOT, 'docs', 'benchmarks.md');
  const pg = await serverVersion(BENCH_ADMIN_URL);
  const body = [
    '## Seller dashboard',
    '',
    `\`GET /api/dashboard\` for a seller with ${ORDERS.toLocaleString('en-US')} orders (a year of them, three lines each, ` +
      `every status) among as many orders of 200 other sellers, on PostgreSQL ${pg.version}, the API as its own process ` +
      `(\`npm run bench:dashboard\`, tooling/perf/bench/dashboard.ts; seeding took ${seeded} s). Measured ` +
      `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}: ` +
      `${CONNECTIONS} connections for ${SECONDS} s after 3 s of warm-up. Goal: p99 ≤ ${GOAL_P99_MS} ms — ${ok ? 'met' : 'not met'}.`,
    '',
    '| seller’s orders | connections | req/s | p50 ms | p90 ms | p99 ms | max ms | non-2xx |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    row,
    '',
    'The orders and revenue per day and the top products are read from the rollups `seller_daily_sales` (30 rows) and ' +
      '`seller_product_sales` (a row per product and day, about 16,000 here), kept by triggers in the orders’ own ' +
      'transactions (migration 0010); the waiting orders and low stock from their indexes (docs/architecture.md, "Seller dashboard").',
    '',
    'Before the rollups (request-time aggregation of the window’s 7,557 orders and their lines, commit 4c658f5 with the ' +
      'bench’s two seeding fixes), the same run measured 15 req/s, p50 603 ms, p90 880 ms, p99 1,080 ms, max 1,355 ms (goal not met; the ' +
      'dashboard tests ran during part of it, and both runs shared the machine with other work: load average 8–10 on 2 cores; ' +
      'seeding took 125 s without the triggers). EXPLAIN (ANALYZE, BUFFERS) showed why: the top ' +
      'products joined the window’s orders to their lines with a parallel sequential scan of all 600,000 order lines ' +
      '(12,300 buffers, 255 ms alone); the days query was an index-only scan of 7,954 index entries (4.7 ms). On the ' +
      'rollups the days are 30 rows of the primary key (0.2 ms, 31 buffers) and the top products 15,830 rows summed by a ' +
      'hash aggregate with the names looked up for the five only (11 ms, about 400 buffers); a status change that ' +
      'cancels an order costs its trigger under 7 ms, one that keeps it counted 0.1 ms. There is no raw reference: the ' +
      'bench measures the API only.',
  ].join('\n');
  let text = withSection(existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n', 'dashboard', body);
  const prettier = await import('prettier');
  const config = (await prettier.resolveConfig(file)) ?? {};
  text = await prettier.format(text, { ...config, filepath: file });
  writeFileSync(file, text);
  console.log('wrote the "Seller dashboard" section of docs/benchmarks.md');
}

async function seed(seller: { uid: string; email: string }) {
  const database = await createDatabase({
    url: databaseUrl,
    pgliteDir: 'memory://',
    pool: { statementTimeoutMs: 600_000 },
  });
  await database.migrate();
  await database.close();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  const started = Date.now();
  // 1,000 products of the seller (every 50th low on stock), 200 other sellers with 20 each.
  await q(
    `INSERT INTO products (owner_uid, owner_email, name, category, price, quantity, min_sell_qty)
     SELECT $1, $2, 'Seller product ' || g, 'kitchen', 5 + (g % 40), CASE WHEN g % 50 = 0 THEN g % 7 ELSE 500 + g END, 5
     FROM generate_series(1, 1000) g`,
    [seller.uid, seller.email],
  );
  await q(
    `INSERT INTO products (owner_uid, owner_email, name, category, price, quantity, min_sell_qty)
     SELECT 'other-' || (g % 200), 'other-' || (g % 200) || '@example.com', 'Other product ' || g, 'home', 10, 1000, 1
     FROM generate_series(1, 4000) g`,
  );
  // Orders: the seller's ORDERS over 365 days, and as many of the other sellers; every status.
  // The other sellers' statement has the count as its only parameter ($1), the seller's as $3.
  const insertOrders = (sellerUid: string, sellerEmail: string, count: number, spreadSellers: boolean) => {
    const n = spreadSellers ? '$1' : '$3';
    return q(
      `INSERT INTO orders (checkout_id, buyer_uid, buyer_email, buyer_name, seller_uid, seller_email, status,
                           ship_name, ship_line1, ship_city, ship_country, line_count, units, placed_at,
                           confirmed_at, shipped_at, delivered_at, cancelled_at, cancelled_by, updated_at)
       SELECT gen_random_uuid(), 'buyer-' || (g % 500), 'buyer-' || (g % 500) || '@example.com', 'Buyer ' || (g % 500),
              ${spreadSellers ? `'other-' || (g % 200), 'other-' || (g % 200) || '@example.com'` : '$1, $2'},
              s.status, 'Dock ' || g, 'Road ' || g, 'Chattogram', 'Bangladesh', 3, 30, t.at,
              CASE WHEN s.status IN ('confirmed', 'shipped', 'delivered') THEN t.at + interval '1 hour' END,
              CASE WHEN s.status IN ('shipped', 'delivered') THEN t.at + interval '1 day' END,
              CASE WHEN s.status = 'delivered' THEN t.at + interval '3 days' END,
              CASE WHEN s.status = 'cancelled' THEN t.at + interval '2 hours' END,
              CASE WHEN s.status = 'cancelled' THEN 'buyer' END,
              t.at
       FROM generate_series(1, ${n}::int) g
       CROSS JOIN LATERAL (SELECT now() - (g::float8 / ${n}::int) * interval '365 days' AS at) t
       CROSS JOIN LATERAL (SELECT CASE WHEN g % 20 = 0 THEN 'cancelled' WHEN g % 20 < 3 AND g < ${n}::int / 10 THEN 'placed'
                                       WHEN g % 20 < 6 AND g < ${n}::int / 5 THEN 'confirmed'
                                       WHEN g % 20 < 10 AND g < ${n}::int / 3 THEN 'shipped' ELSE 'delivered' END AS status) s`,
      spreadSellers ? [count] : [sellerUid, sellerEmail, count],
    );
  };
  await insertOrders(seller.uid, seller.email, ORDERS, false);
  await insertOrders('', '', ORDERS, true);
  // Three lines per order from the order's seller's products.
  await q(
    `WITH numbered AS (
       SELECT id, owner_uid, row_number() OVER (PARTITION BY owner_uid ORDER BY id) AS n,
              count(*) OVER (PARTITION BY owner_uid) AS of
       FROM products
     ), orders_n AS (
       SELECT o.id, o.seller_uid, row_number() OVER (PARTITION BY o.seller_uid ORDER BY o.id) AS k FROM orders o
     )
     INSERT INTO order_lines (order_id, position, product_id, name, image, brand, category, price, list_price, quantity)
     SELECT o.id, pos, p.id, pr.name, '', '', pr.category, pr.price, pr.price, 5 + pos * 5
     FROM orders_n o
     CROSS JOIN generate_series(1, 3) pos
     JOIN numbered p ON p.owner_uid = o.seller_uid AND p.n = 1 + ((o.k * 7 + pos * 13) % p.of)
     JOIN products pr ON pr.id = p.id`,
  );
  await q(
    `UPDATE orders o SET total = l.total FROM (SELECT order_id, sum(line_total) AS total FROM order_lines GROUP BY 1) l
     WHERE l.order_id = o.id`,
  );
  await q('VACUUM ANALYZE');
  const counted = await q('SELECT count(*)::int AS n FROM orders WHERE seller_uid = $1', [seller.uid]);
  await client.end();
  seedSeconds = Math.round((Date.now() - started) / 1000);
  console.log(
    `Seeded ${(counted.rows[0] as { n: number }).n.toLocaleString('en-US')} orders for the seller (and as many for 200 others) in ${Math.round((Date.now() - started) / 1000)} s.`,
  );
}

const database = await createThrowawayDatabase('dashboard');
const databaseUrl = database.url;
let api: BenchApi | undefined;
try {
  const seller = await createBuyer(emulatorHost);
  await seed(seller);
  api = await startBenchApi(databaseUrl, { SMTP_URL: '' });
  const { base } = api;
  const token = await idToken(emulatorHost, seller);
  const headers = { authorization: `Bearer ${token}` };
  const first = await fetch(`${base}/api/dashboard`, { headers });
  if (!first.ok) throw new Error(`GET /api/dashboard: ${first.status} ${await first.text()}`);
  const body = (await first.json()) as {
    totals: { orders: number; revenue: number };
    awaitingConfirmation: { count: number };
  };
  console.log(
    `The dashboard: ${body.totals.orders} orders and $${body.totals.revenue.toLocaleString('en-US')} in 30 days, ${body.awaitingConfirmation.count} waiting.`,
  );
  // Warm-up, then the measured run.
  await autocannon({ url: `${base}/api/dashboard`, headers, connections: CONNECTIONS, duration: 3 });
  const result = await autocannon({
    url: `${base}/api/dashboard`,
    headers,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  const l = result.latency;
  const line = `| ${ORDERS.toLocaleString('en-US')} | ${CONNECTIONS} | ${Math.round(result.requests.average)} | ${l.p50} | ${l.p90} | ${l.p99} | ${l.max} | ${result.non2xx} |`;
  console.log('\n| seller’s orders | connections | req/s | p50 ms | p90 ms | p99 ms | max ms | non-2xx |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  console.log(line);
  const ok = l.p99 <= GOAL_P99_MS && result.non2xx === 0;
  console.log(`\nGoal p99 ≤ ${GOAL_P99_MS} ms: ${ok ? 'met' : 'NOT met'}.`);
  process.exitCode = ok ? 0 : 1;
  if (process.env.BENCH_WRITE !== 'false') await writeSection(line, seedSeconds, ok);
} finally {
  await api?.stop();
  if (process.env.BENCH_KEEP_DB === 'true') console.log(`Kept the database: ${databaseUrl}`);
  else await database.drop();
}
