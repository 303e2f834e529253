import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestDatabase, usesPostgres, type TestDatabase } from '../helpers/database.js';

/*
 * What every PostgreSQL connection of the app is opened with (db/client.ts). JIT is off: for the
 * shop's short statements compiling cost far more than it saved (quick order's 500-SKU lookup
 * ran 1.5 ms and compiled for 342 ms).
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => t.dispose());

test.runIf(usesPostgres())('connections run without JIT, at the app’s statement timeout', async () => {
  const { rows } = (await t.database.executeSql('SHOW jit', [])) as { rows: { jit: string }[] };
  expect(rows[0]?.jit).toBe('off');
  const timeout = (await t.database.executeSql('SHOW statement_timeout', [])) as {
    rows: { statement_timeout: string }[];
  };
  expect(timeout.rows[0]?.statement_timeout).not.toBe('0');
});
