import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { onOneConnection, queryRows } from '../../src/db/client.js';
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

test.runIf(usesPostgres())(
  'onOneConnection sends every statement of its read on one connection, while other statements take others',
  async () => {
    const { db } = t.database;
    // pg warns (once a process) when a statement is sent to a client still running one.
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const pid = async () => (await queryRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid`))[0]?.pid;
    // Five statements at once: the pool gives them several connections.
    expect(new Set(await Promise.all(Array.from({ length: 5 }, pid))).size).toBeGreaterThan(1);
    const pinned = onOneConnection(db, async () => {
      const first = await Promise.all(Array.from({ length: 5 }, pid));
      await db.execute(sql`select pg_sleep(0.2)`);
      return [...first, await pid()];
    });
    // Meanwhile a statement from outside the read runs on another connection, without waiting for it.
    const outside = await pid();
    const inside = await pinned;
    expect(new Set(inside).size).toBe(1);
    expect(inside).not.toContain(outside);
    // A failed statement gives its connection back, and the pool goes on.
    await expect(onOneConnection(db, () => db.execute(sql`select 1/0`))).rejects.toThrow();
    expect(await onOneConnection(db, pid)).toEqual(expect.any(Number));
    // The five sent at once inside the read went one after another, never two on the client at once.
    process.off('warning', onWarning);
    expect(warnings.filter((message) => /already executing a query/.test(message))).toEqual([]);
  },
);
