import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase, type AppDb, type Database, generateCatalogue } from '@b2b/api/tooling';

/*
 * One catalogue per measured size: a fresh database (PostgreSQL: bench_<size> on the given
 * server, dropped afterwards; PGlite: a temporary folder), migrated, filled by
 * generateCatalogue, plus a few rows the scenarios need, then VACUUM ANALYZE.
 */

export type Engine = 'postgres' | 'pglite';

export interface Account {
  uid: string;
  email: string;
  displayName: string;
}

export interface Fixture {
  engine: Engine;
  size: number;
  /** For the servers: DATABASE_URL (PostgreSQL) or PGLITE_DIR (PGlite). */
  databaseUrl: string | null;
  pgliteDir: string | null;
  /** A product each server's purchase storm buys from (stock reset to initialStock, packs of HOT_PACK, no maximum or tiers). */
  hot: { api: string; raw: string };
  initialStock: number;
  /** A product in the middle of the catalogue (oldest-first order). */
  middleId: string;
  /** A word present in exactly RARE_ROWS product names. */
  rareWord: string;
  /** A common word and a part number in exactly PART_ROWS names ("steel 4242"). */
  partSearch: string;
  /** The SKU of one of those products, exactly. */
  partSku: string;
  setupSeconds: { generate: number; total: number };
  /** Write transactions one connection commits per second, one after the other (null on PGlite). */
  commitsPerSecond: number | null;
}

export const RARE_WORD = 'quokka';
export const RARE_ROWS = 5;
/** Rows named "Stainless Steel Hex Bolt Model 4242-<n>" (SKU BENCH-4242-<n>): "steel" is common, "4242" is not. */
export const PART_ROWS = 5;
export const PART_SEARCH = 'steel 4242';
export const PART_SKU = 'BENCH-4242-3';
export const INITIAL_STOCK = 1_000_000;
/** The hot product is sold in packs of this many (its minimum too), so the storm runs the pack rule. */
export const HOT_PACK = 6;

async function rows<T>(db: AppDb, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const seconds = (since: number) => (performance.now() - since) / 1000;

/** The URL of database `name` on the server of `adminUrl`. */
function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function serverVersion(adminUrl: string): Promise<{ version: string; settings: Record<string, string> }> {
  return admin(adminUrl, async (client) => {
    const version =
      (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]?.v ?? '?';
    const names = ['shared_buffers', 'work_mem', 'max_connections', 'effective_cache_size', 'synchronous_commit'];
    const settings = await client.query<{ name: string; setting: string; unit: string | null }>(
      'SELECT name, current_setting(name) AS setting FROM pg_settings WHERE name = ANY($1)',
      [names],
    );
    return { version, settings: Object.fromEntries(settings.rows.map((r) => [r.name, r.setting])) };
  });
}

export async function setupFixture(
  engine: Engine,
  size: number,
  owner: Account,
  adminUrl: string,
  log: (line: string) => void,
): Promise<Fixture> {
  const started = performance.now();
  let url: string | null = null;
  let dir: string | null = null;
  if (engine === 'postgres') {
    const name = `bench_${size}`;
    await admin(adminUrl, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${name}`);
      // BENCH_LOG_SQL=1: the server logs every statement of this database (to compare the API's SQL with the raw server's).
      // BENCH_LOG_SLOW_MS=n: only the statements that ran n ms or longer (what the tail of a load waits for).
      const logFrom = process.env.BENCH_LOG_SQL ? 0 : Number(process.env.BENCH_LOG_SLOW_MS ?? -1);
      if (logFrom >= 0)
        await client.query(`ALTER DATABASE ${name} SET log_min_duration_statement = ${Math.floor(logFrom)}`);
    });
    url = databaseUrl(adminUrl, name);
  } else {
    dir = mkdtempSync(join(tmpdir(), `bench-pglite-${size}-`));
  }
  // Generating a million rows (and rebuilding the indexes) runs longer than a request may.
  const database = await createDatabase({
    url,
    pgliteDir: dir ?? '',
    pool: { size: 2, statementTimeoutMs: 3_600_000 },
  });
  try {
    await database.migrate();
    const generateStarted = performance.now();
    let lastShown = 0;
    await generateCatalogue(database.db, {
      products: size,
      owners: [{ uid: owner.uid, email: owner.email }],
      onProgress: (done) => {
        if (done === size || performance.now() - lastShown > 5_000) {
          lastShown = performance.now();
          log(`  generated ${done.toLocaleString('en-US')} / ${size.toLocaleString('en-US')} products`);
        }
      },
    });
    const generate = seconds(generateStarted);
    const fixture = await prepareRows(database, engine, size, owner);
    log('  VACUUM ANALYZE');
    await database.db.execute(sql`VACUUM ANALYZE`);
    if (engine === 'postgres') await database.db.execute(sql`CHECKPOINT`);
    const commitsPerSecond = url ? await commitRate(url) : null;
    return {
      ...fixture,
      databaseUrl: url,
      pgliteDir: dir,
      setupSeconds: { generate, total: seconds(started) },
      commitsPerSecond,
    };
  } finally {
    // PGlite is one process's folder: the API can only open it once this handle is closed.
    await database.close();
  }
}

/**
 * How many one-row write transactions one connection commits per second, one after the other:
 * every commit waits for its WAL flush, so this is the ceiling for purchases of one product made
 * one per transaction, whose row lock is held until the commit (the API batches past it).
 */
async function commitRate(url: string, ms = 2_000): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE TABLE bench_commit_probe (n integer)');
    let n = 0;
    const from = performance.now();
    while (performance.now() - from < ms) {
      await client.query('INSERT INTO bench_commit_probe VALUES ($1)', [n]);
      n += 1;
    }
    const rate = n / ((performance.now() - from) / 1000);
    await client.query('DROP TABLE bench_commit_probe');
    return rate;
  } finally {
    await client.end();
  }
}

/** The rows the scenarios refer to: the rare word's products, the middle product, the hot products. */
async function prepareRows(
  database: Database,
  engine: Engine,
  size: number,
  owner: Account,
): Promise<
  Pick<Fixture, 'engine' | 'size' | 'hot' | 'initialStock' | 'middleId' | 'rareWord' | 'partSearch' | 'partSku'>
> {
  const { db } = database;
  await db.execute(sql`
    INSERT INTO products (owner_uid, owner_email, name, image, brand, category, description, content,
                          price, quantity, min_sell_qty, rating)
    SELECT ${owner.uid}, ${owner.email}, ${'Benchmark Quokka Plush Toy No. '} || g, '', 'Benchmark', 'others',
           'A soft toy that only the rare-search scenario looks for.', 'One toy.', 9.99, 500, 1, 4.5
    FROM generate_series(1, ${RARE_ROWS}) AS g`);
  await db.execute(sql`
    INSERT INTO products (owner_uid, owner_email, name, image, brand, category, description, content,
                          price, quantity, min_sell_qty, rating, sku)
    SELECT ${owner.uid}, ${owner.email}, ${'Stainless Steel Hex Bolt Model 4242-'} || g, '', 'Benchmark', 'others',
           'A part the part-number scenarios look for.', 'One bolt.', 0.99, 500, 1, 4, 'BENCH-4242-' || g
    FROM generate_series(1, ${PART_ROWS}) AS g`);
  const at = async (offset: number) => {
    const [row] = await rows<{ id: string }>(
      db,
      sql`SELECT id FROM products ORDER BY created_at, id OFFSET ${offset} LIMIT 1`,
    );
    if (!row) throw new Error(`no product at offset ${offset}`);
    return row.id;
  };
  const middleId = await at(Math.floor(size / 2));
  const hot = { api: await at(Math.floor(size / 3)), raw: await at(Math.floor(size / 3) + 1) };
  await db.execute(sql`
    UPDATE products SET quantity = ${INITIAL_STOCK}, min_sell_qty = ${HOT_PACK}, pack_size = ${HOT_PACK},
                        max_order_qty = NULL, price_tiers = '[]'
    WHERE id IN (${hot.api}, ${hot.raw})`);
  return {
    engine,
    size,
    hot,
    initialStock: INITIAL_STOCK,
    middleId,
    rareWord: RARE_WORD,
    partSearch: PART_SEARCH,
    partSku: PART_SKU,
  };
}

/** Opens the fixture's database for a moment (on PGlite, only while no server holds it). */
export async function withFixtureDb<T>(fixture: Fixture, run: (db: AppDb) => Promise<T>): Promise<T> {
  const database = await createDatabase({
    url: fixture.databaseUrl,
    pgliteDir: fixture.pgliteDir ?? '',
    pool: { size: 1 },
  });
  try {
    return await run(database.db);
  } finally {
    await database.close();
  }
}

export interface StockCheck {
  stock: number;
  /** Cart rows for the product, and the units they bought. */
  rows: number;
  bought: number;
  /** stock + bought − initial: 0 when every unit sold is in exactly one cart row. */
  drift: number;
  /** Units in cart rows beyond what left the stock (the oversell): max(0, −drift). */
  oversold: number;
}

export async function checkStock(db: AppDb, productId: string, initial: number): Promise<StockCheck> {
  const [product] = await rows<{ quantity: number }>(db, sql`SELECT quantity FROM products WHERE id = ${productId}`);
  const [cart] = await rows<{ rows: string; bought: string }>(
    db,
    sql`SELECT count(*) AS rows, coalesce(sum(buy_quantity), 0) AS bought FROM cart_items WHERE product_id = ${productId}`,
  );
  const stock = Number(product?.quantity ?? NaN);
  const bought = Number(cart?.bought ?? 0);
  return {
    stock,
    rows: Number(cart?.rows ?? 0),
    bought,
    drift: stock + bought - initial,
    oversold: Math.max(0, bought - (initial - stock)),
  };
}

export async function teardownFixture(fixture: Fixture, adminUrl: string): Promise<void> {
  if (fixture.engine === 'postgres') {
    await admin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS bench_${fixture.size} WITH (FORCE)`));
  } else if (fixture.pgliteDir) {
    rmSync(fixture.pgliteDir, { recursive: true, force: true });
  }
}
