import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
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
