import { AsyncLocalStorage } from 'node:async_hooks';
import { resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Column, fillPlaceholders, is, sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DEFAULT_POOL_LIMITS, type PoolLimits } from '../config.js';
import { backupBeforeMigrating } from './backup.js';
import { serveDumps, type DumpServer } from './dump-socket.js';
import { listenPostgres } from './listen.js';
import { acquireLock, type DataDirLock, type LockInfo } from './lock.js';
import { dumpPglite, MEMORY_DIR, openPglite } from './pglite.js';
import * as schema from './schema.js';

/*
 * One Drizzle schema and one set of migrations for both engines: PostgreSQL through `pg`
 * in production, the embedded PGlite otherwise. Routes only see `AppDb`, the query
 * builder both drivers share.
 */

export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;
export type AppTx = Parameters<Parameters<AppDb['transaction']>[0]>[0];
/**
 * Work a caller adds to a repository's transaction, run once the repository's own work there has
 * succeeded and committed with it (the stored answer of an Idempotency-Key request:
 * plugins/app/idempotency.ts).
 */
export type InTransaction<T> = (tx: AppTx, result: T) => Promise<void>;

// Beside this file in source; the build (apps/api/build.ts) copies it to dist/db/migrations.
export const MIGRATIONS_DIR = resolve(import.meta.dirname, 'migrations');

/** Plain SQL with positional parameters, as the job queue (pg-boss) talks to its database. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: AppDb;
  /** Runs SQL outside Drizzle; several statements at once when there are no values. */
  readonly executeSql: ExecuteSql;
  /** The schema the job queue keeps its tables in (one per test schema on PostgreSQL). */
  readonly jobsSchema: string;
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Listens for NOTIFY on `channel` (db/listen.ts): resolves once listening. On PostgreSQL a
   * connection of its own, re-opened when it breaks; `lost` says that notifications may have been
   * missed since, `listening` that they arrive again.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listening>;
  /** PGlite's own dump of its data folder, gzip'd (PGlite only; PostgreSQL has pg_dump). */
  dump(): Promise<Buffer>;
  /** Tells the data folder's lock what became known later (PGlite in a folder only). */
  announce(info: Pick<LockInfo, 'url' | 'authEmulatorHost'>): void;
  close(): Promise<void>;
}

export interface ListenHandlers {
  notify(payload: string): void;
  lost(): void;
  listening(): void;
}

export interface Listening {
  /**
   * Resolves once every notification committed before the call has reached `notify` (at once
   * while the connection is broken: `lost` has said so).
   */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when null, PGlite is used. */
  url: string | null;
  /** PGlite data directory, or `memory://`. */
  pgliteDir: string;
  /** PostgreSQL schema to work in (tests use one per file); defaults to the server's search_path. */
  schema?: string;
  pool?: Partial<PoolLimits>;
  /** Who opens a PGlite folder, in words, for its lock ("the API", "npm run seed"). */
  program?: string;
  /** Where PGlite takes a backup before migrating a database that holds data; none without it. */
  backupsDir?: string;
  /** Defaults to MIGRATIONS_DIR. */
  migrationsFolder?: string;
  /** Notes worth a line in the output (a backup taken before migrating). */
  log?: (message: string) => void;
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? createPostgres(options.url, options) : createPglite(options.pgliteDir, options);
}

/**
 * PGlite in memory, or in a data folder that this process then holds alone (db/lock.ts): the lock
 * is taken before PGlite opens the folder and released after it is closed, and while it is open
 * the process serves dumps of it to `npm run backup` (db/dump-socket.ts).
 */
async function createPglite(dataDir: string, options: DatabaseOptions): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_DIR;
  let lock: DataDirLock | null = null;
  let dumps: DumpServer | null = null;
  let client: PGlite | undefined;
  try {
    if (dataDir !== MEMORY_DIR) lock = await acquireLock(dataDir, options.program ?? `pid ${process.pid}`);
    const opened = await openPglite(dataDir);
    client = opened;
    if (lock) {
      dumps = await serveDumps(dataDir, () => dumpPglite(opened));
      lock.update({ socket: dumps.socket, secret: dumps.secret });
    }
  } catch (error) {
    await dumps?.close();
    await client?.close();
    lock?.release();
    throw error;
  }
  const pglite = client;
  const db = drizzlePglite({ client: pglite, schema });
  arrayRunners.set(db, async ({ text, values }) => {
    const result = await pglite.query<unknown[]>(text, values, { rowMode: 'array', parsers: RAW_TIMESTAMPS });
    return result.rows;
  });
  return {
    kind: 'pglite',
    db,
    // PGlite runs one statement per query() and several only through exec(), without values.
    executeSql: async (text, values) => {
      if (values && values.length > 0) return pglite.query(text, values);
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    jobsSchema: 'pgboss',
    migrate: async () => {
      const backup =
        lock && options.backupsDir ? await backupBeforeMigrating(pglite, migrationsFolder, options.backupsDir) : null;
      if (backup)
        options.log?.(`Backed up the database to ${backup.file} before migrating (${backup.pending.join(', ')}).`);
      try {
        await migratePglite(db, { migrationsFolder });
      } catch (error) {
        if (!backup) throw error;
        // Drizzle wraps the driver's error ("Failed query: …"); its cause says what went wrong.
        let reason: unknown = error;
        while (reason instanceof Error && reason.cause instanceof Error) reason = reason.cause;
        throw new Error(
          `Applying the migrations failed: ${reason instanceof Error ? reason.message : String(reason)}. ` +
            `The database as it was before is in ${backup.file}; npm run restore -- ${backup.file} puts it back.`,
          { cause: error },
        );
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    // One connection in this process: a notification arrives before the statement that sent it returns.
    listen: async (channel, handlers) => {
      const stop = await pglite.listen(channel, (payload) => handlers.notify(payload));
      handlers.listening();
      return {
        // One connection: PGlite hands over a statement's notifications with its results, so a
        // commit's have reached `notify` before the commit's promise resolves.
        caughtUp: () => Promise.resolve(),
        // Closing PGlite ends its listening too (and it can no longer run UNLISTEN).
        stop: async () => {
          if (!pglite.closed) await stop();
        },
      };
    },
    dump: () => dumpPglite(pglite),
    announce: (info) => lock?.update(info),
    close: async () => {
      await dumps?.close();
      if (!pglite.closed) await pglite.close();
      lock?.release();
    },
  };
}

/** The connection `onOneConnection` took, and the last statement sent on it. */
interface Pinned {
  client: pg.PoolClient;
  last: Promise<unknown>;
}

/**
 * A pool whose queries go to the connection `onOneConnection` took for the calling request, when
 * there is one (Drizzle and the array runners both send through `query`, as promises;
 * transactions take a connection of their own with `connect`). Statements sent at once there
 * (the facets' groups) run one after another, each after the one before has answered: a
 * connection runs one statement at a time anyway, and pg's own queue for a second statement on a
 * busy client is deprecated (pg 8 warns, pg 9 will refuse).
 */
class PinningPool extends pg.Pool {
  readonly pinned = new AsyncLocalStorage<Pinned>();
  override query(...args: unknown[]): never {
    const pinned = this.pinned.getStore();
    if (!pinned) return (super.query as (...a: unknown[]) => never).apply(this, args);
    const query = pinned.client.query as (...a: unknown[]) => Promise<unknown>;
    const sent = pinned.last.then(() => query.apply(pinned.client, args));
    pinned.last = sent.catch(() => undefined);
    return sent as never;
  }
}

async function createPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const limits = { ...DEFAULT_POOL_LIMITS, ...options.pool };
  const pool = new PinningPool({
    connectionString: url,
    max: limits.size,
    // An overloaded database answers a quick 503 instead of queueing requests for seconds.
    connectionTimeoutMillis: limits.acquireTimeoutMs,
    idleTimeoutMillis: 30_000,
    // A slow statement or an abandoned transaction must not hold a connection or row locks.
    statement_timeout: limits.statementTimeoutMs,
    idle_in_transaction_session_timeout: limits.statementTimeoutMs * 2,
    options: [
      // JIT compiles any plan whose estimated cost is high, and for a shop's short statements that
      // costs far more than it saves: quick order's lookup of 500 SKUs (500 index probes, 1.5 ms)
      // spent 342 ms compiling (EXPLAIN ANALYZE at 300,000 products; docs/benchmarks.md).
      '-c jit=off',
      // A test schema first, then public, where the pg_trgm extension lives.
      ...(options.schema ? [`-c search_path=${quoteIdent(options.schema)},public`] : []),
    ].join(' '),
  });
  // An idle client losing its connection emits here; without a listener the process dies.
  pool.on('error', () => undefined);
  const db = drizzleNodePg({ client: pool, schema });
  arrayRunners.set(db, async ({ name, text, values }) => {
    const result = (await pool.query({ name, text, values, rowMode: 'array', types: RAW_TIMESTAMP_TYPES })) as {
      rows: unknown[][];
    };
    return result.rows;
  });
  pinners.set(db, async (run) => {
    if (pool.pinned.getStore()) return run();
    const client = await pool.connect();
    try {
      const result = await pool.pinned.run({ client, last: Promise.resolve() }, run);
      client.release();
      return result;
    } catch (error) {
      // As pool.query does: a connection that saw an error is not handed out again.
      client.release(true);
      throw error;
    }
  });
  let closed = false;
  return {
    kind: 'postgres',
    db,
    executeSql: (text, values) => pool.query(text, values),
    jobsSchema: options.schema ? `${options.schema}_jobs` : 'pgboss',
    migrate: () =>
      oneMigrationAtATime(url, () =>
        migrateNodePg(db, {
          migrationsFolder: options.migrationsFolder ?? MIGRATIONS_DIR,
          ...(options.schema ? { migrationsSchema: options.schema } : {}),
        }),
      ),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    dump: () => Promise.reject(new Error('A PostgreSQL database is backed up with pg_dump (see the README).')),
    announce: () => undefined,
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * Runs `migrate` while holding a session advisory lock on the database, on a connection of its
 * own: API processes starting together on a fresh database (a deploy of several, or test files
 * each migrating a schema of their own) migrate one after the other, and the later ones find the
 * work done. Without it two of them can both pass `CREATE EXTENSION IF NOT EXISTS pg_trgm` and
 * one fails on the other's row (extensions are per database, not per schema).
 */
async function oneMigrationAtATime(url: string, migrate: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('b2b-wholesale migrations'))`);
    await migrate();
  } finally {
    // Ending the session releases the lock, also when the migration failed.
    await client.end();
  }
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe schema name: ${name}`);
  return name;
}

/** Runs raw SQL on either driver and returns its rows (both drivers return them in `rows`). */
export async function queryRows<T>(db: AppDb | AppTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/*
 * Prepared SELECTs on the hottest paths (catalogue pages) run below Drizzle's generic row mapping,
 * which looks up every field's kind on every row of every page (about 10% of the API's CPU on a
 * list page): the SQL is still built by Drizzle, once, and each column's own decoder is picked once.
 */

interface ArrayQuery {
  name: string | undefined;
  text: string;
  values: unknown[];
}
type ArrayRunner = (query: ArrayQuery) => Promise<unknown[][]>;
const arrayRunners = new WeakMap<object, ArrayRunner>();
const pinners = new WeakMap<object, <T>(run: () => Promise<T>) => Promise<T>>();

/**
 * Runs `run` with every statement it sends through `db` (outside a transaction) on one connection
 * of the pool, taken once. A read of several statements (a search: its words, two tiers, its
 * count) then waits for a connection once instead of once per statement behind every request
 * queued meanwhile: under load each wait is the whole queue's. Only for reads that open no
 * transaction: one would wait for a second connection while holding the first. On PGlite (one
 * connection) it just runs.
 */
export function onOneConnection<T>(db: AppDb, run: () => Promise<T>): Promise<T> {
  const pin = pinners.get(db);
  return pin ? pin(run) : run();
}

// Timestamps reach the column decoders as text, as with Drizzle's own drivers.
const RAW_TIMESTAMPS = { 1114: (value: string) => value, 1184: (value: string) => value };
const RAW_TIMESTAMP_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 1114 || oid === 1184
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export interface FastStatement<T> {
  execute(placeholders: Record<string, unknown>): Promise<T[]>;
}

/**
 * Prepares `query` (a Drizzle select of `fields`, with `sql.placeholder`s) as the statement
 * `name`: rows come back as arrays and are decoded by each field's column type into objects
 * keyed like `fields`. With `name` null the SQL text is still built once, but PostgreSQL parses
 * and plans it with its values on every execution (an unnamed statement): for queries whose best
 * plan depends on the values, such as searches.
 */
export function prepareFast<T>(
  db: AppDb,
  name: string | null,
  query: { toSQL(): { sql: string; params: unknown[] } },
  fields: Record<string, unknown>,
): FastStatement<T> {
  const run = arrayRunners.get(db);
  if (!run) throw new Error('prepareFast needs the root database of createDatabase, not a transaction.');
  const { sql: text, params } = query.toSQL();
  const keys = Object.keys(fields);
  const decoders = keys.map((key) => {
    const field = fields[key];
    if (is(field, Column)) return (value: unknown) => field.mapFromDriverValue(value);
    return (value: unknown) => value;
  });
  const width = keys.length;
  return {
    async execute(placeholders) {
      const rows = await run({ name: name ?? undefined, text, values: fillPlaceholders(params, placeholders) });
      return rows.map((values) => {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < width; i++) {
          const value = values[i];
          row[keys[i] as string] = value === null ? null : (decoders[i] as (v: unknown) => unknown)(value);
        }
        return row as T;
      });
    },
  };
}
