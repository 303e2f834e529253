import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createDatabase, MIGRATIONS_DIR, queryRows } from '../../src/db/client.js';

/*
 * Drizzle applies only the migrations whose journal time is later than the last one a database
 * has: a migration dated before an earlier one would never reach a database that is already
 * past it. A database migrated by every earlier release must get every later migration.
 */

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}
const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as Journal;
const work = mkdtempSync(join(tmpdir(), 'b2b-migrations-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

test('the journal’s times increase with the migrations', () => {
  const times = journal.entries.map((entry) => entry.when);
  expect(times).toEqual([...times].sort((a, b) => a - b));
  expect(new Set(times).size).toBe(times.length);
});

test('a database migrated up to any earlier migration gets every later one', async () => {
  for (const upTo of [5, journal.entries.length - 2]) {
    const folder = join(work, `upto-${upTo}`);
    cpSync(MIGRATIONS_DIR, folder, { recursive: true });
    writeFileSync(
      join(folder, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo + 1) }),
    );
    const older = await createDatabase({ url: null, pgliteDir: join(work, `db-${upTo}`), migrationsFolder: folder });
    await older.migrate();
    await older.close();
    const current = await createDatabase({ url: null, pgliteDir: join(work, `db-${upTo}`) });
    try {
      await current.migrate();
      const [applied] = await queryRows<{ n: number }>(
        current.db,
        sql`select count(*)::integer as n from drizzle.__drizzle_migrations`,
      );
      expect(applied?.n).toBe(journal.entries.length);
    } finally {
      await current.close();
    }
  }
}, 120_000);
