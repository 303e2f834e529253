import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
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
  poolSize?: number;
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? createPostgres(options.url, options) : createPglite(options.pgliteDir);
}

async function createPglite(dataDir: string): Promise<Database> {
  if (dataDir !== 'memory://') mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir);
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
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // A stuck statement or an abandoned transaction must not hold row locks forever.
    statement_timeout: 15_000,
    idle_in_transaction_session_timeout: 15_000,
    ...(options.schema ? { options: `-c search_path=${quoteIdent(options.schema)}` } : {}),
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
