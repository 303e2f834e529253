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
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('API_TEST_DB=postgres needs TEST_DATABASE_URL.');
  const schema = `api_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const database = await createDatabase({ url, pgliteDir: 'memory://', schema, ...(pool ? { pool } : {}) });
  await database.migrate();
  return {
    database,
    async dispose() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      // The job queue's tables (pg-boss) live beside it: Database.jobsSchema.
      await cleanup.query(`DROP SCHEMA IF EXISTS ${database.jobsSchema} CASCADE`);
      await cleanup.end();
    },
  };
}
