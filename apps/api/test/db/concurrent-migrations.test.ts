import { afterAll, expect, test } from 'vitest';
import { createDatabase, type Database } from '../../src/db/client.js';
import { createScratchDatabase, usesPostgres, type ScratchDatabase } from '../helpers/database.js';

/*
 * Processes that start together on a fresh database (several API instances of a deploy, or test
 * files each migrating a schema of their own) migrate one at a time (db/client.ts): the extension
 * the first one creates is found by the others, not created twice.
 */

const opened: Database[] = [];
let scratch: ScratchDatabase | undefined;
afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
  await scratch?.drop();
});

test.runIf(usesPostgres())('four migrations started at once on a fresh database all succeed', async () => {
  scratch = await createScratchDatabase('migrate_race');
  const url = scratch.url;
  const databases = await Promise.all(
    ['race_a', 'race_b', 'race_c', 'race_d'].map(async (schema) => {
      const database = await createDatabase({ url, pgliteDir: 'memory://', schema });
      opened.push(database);
      await database.executeSql(`create schema ${schema}`);
      return database;
    }),
  );
  const results = await Promise.allSettled(databases.map((database) => database.migrate()));
  expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual([
    'ok',
    'ok',
    'ok',
    'ok',
  ]);
});
