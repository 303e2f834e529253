import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Column, fillPlaceholders, is, sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DEFAULT_POOL_LIMITS, type PoolLimits } from '../config.js';
import * as schema from './schema.js';

/*
 * One Drizzle schema and one set of migrations for both engines: PostgreSQL through `pg`
 * in production, the embedded PGlite otherwise. Routes only see `AppDb`, the query
 * builder both drivers share.
 */

export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;
export type AppTx = Parameters<Parameters<AppDb['transaction']>[0]>[0];

// Beside this file in source; the build (apps/api/build.ts) copies it beside dist/server.js.
export const MIGRATIONS_DIR = resolve(import.meta.dirname, 'migrations');

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: AppDb;
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when null, PGlite is used. */
  url: string | null;
  /** PGlite data directory, or `memory://`. */
  pgliteDir: string;
  /** PostgreSQL schema to work in (tests use one per file); defaults to the server's search_path. */
  schema?: string;
  pool?: Partial<PoolLimits>;
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? createPostgres(options.url, options) : createPglite(options.pgliteDir);
}

async function createPglite(dataDir: string): Promise<Database> {
  if (dataDir !== 'memory://') mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(dataDir === 'memory://' ? {} : { dataDir }),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, schema });
  arrayRunners.set(db, async ({ text, values }) => {
    const result = await client.query<unknown[]>(text, values, { rowMode: 'array', parsers: RAW_TIMESTAMPS });
    return result.rows;
  });
  return {
    kind: 'pglite',
    db,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function createPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const limits = { ...DEFAULT_POOL_LIMITS, ...options.pool };
  const pool = new pg.Pool({
    connectionString: url,
    max: limits.size,
    // An overloaded database answers a quick 503 instead of queueing requests for seconds.
    connectionTimeoutMillis: limits.acquireTimeoutMs,
    idleTimeoutMillis: 30_000,
    // A slow statement or an abandoned transaction must not hold a connection or row locks.
    statement_timeout: limits.statementTimeoutMs,
    idle_in_transaction_session_timeout: limits.statementTimeoutMs * 2,
    // A test schema first, then public, where the pg_trgm extension lives.
    ...(options.schema ? { options: `-c search_path=${quoteIdent(options.schema)},public` } : {}),
  });
  // An idle client losing its connection emits here; without a listener the process dies.
  pool.on('error', () => undefined);
  const db = drizzleNodePg({ client: pool, schema });
  arrayRunners.set(db, async ({ name, text, values }) => {
    const result = await pool.query<unknown[]>({ name, text, values, rowMode: 'array', types: RAW_TIMESTAMP_TYPES });
    return result.rows;
  });
  let closed = false;
  return {
    kind: 'postgres',
    db,
    migrate: () =>
      migrateNodePg(db, {
        migrationsFolder: MIGRATIONS_DIR,
        ...(options.schema ? { migrationsSchema: options.schema } : {}),
      }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
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
  name: string;
  text: string;
  values: unknown[];
}
type ArrayRunner = (query: ArrayQuery) => Promise<unknown[][]>;
const arrayRunners = new WeakMap<object, ArrayRunner>();

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
 * keyed like `fields`.
 */
export function prepareFast<T>(
  db: AppDb,
  name: string,
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
      const rows = await run({ name, text, values: fillPlaceholders(params, placeholders) });
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
