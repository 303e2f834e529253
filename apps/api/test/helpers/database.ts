import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { PoolLimits } from '../../src/config.js';
import { createDatabase, type Database } from '../../src/db/client.js';

export interface TestDatabase {
  database: Database;
  /** Closes the connection and, on PostgreSQL, drops the file's schema. */
  dispose(): Promise<void>;
}

export const usesPostgres = () => process.env.API_TEST_DB === 'postgres';

/** TEST_DATABASE_URL, which the "postgres" project sets. */
function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('API_TEST_DB=postgres needs TEST_DATABASE_URL.');
  return url;
}

/** Runs `statements` in TEST_DATABASE_URL on a connection of their own (DDL outside any app's pool). */
async function runAsAdmin(...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (project "postgres")
 * a uniquely named schema in TEST_DATABASE_URL so parallel files and runs never collide.
 */
export async function openTestDatabase(pool?: Partial<PoolLimits>): Promise<TestDatabase> {
  if (!usesPostgres()) {
    const database = await createDatabase({ url: null, pgliteDir: 'memory://' });
    await database.migrate();
    return { database, dispose: () => database.close() };
  }
  const url = testDatabaseUrl();
  const schema = `api_test_${randomBytes(6).toString('hex')}`;
  await runAsAdmin(`CREATE SCHEMA ${schema}`);
  const database = await createDatabase({ url, pgliteDir: 'memory://', schema, ...(pool ? { pool } : {}) });
  await database.migrate();
  return {
    database,
    async dispose() {
      await database.close();
      await runAsAdmin(
        `DROP SCHEMA IF EXISTS ${schema} CASCADE`,
        // The job queue's tables (pg-boss) live beside it: Database.jobsSchema.
        `DROP SCHEMA IF EXISTS ${database.jobsSchema} CASCADE`,
      );
    },
  };
}

export interface ScratchDatabase {
  /** A DATABASE_URL for API processes of a test. */
  url: string;
  drop(): Promise<void>;
}

/**
 * A whole, empty PostgreSQL database beside TEST_DATABASE_URL's, for API processes started by a
 * test (they migrate it themselves, in their default schema). Named `<prefix>_<random>`.
 */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await runAsAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => runAsAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
