import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AUTO_BACKUPS_KEPT, listBackups } from '../../src/db/backup.js';
import { createDatabase, MIGRATIONS_DIR, queryRows } from '../../src/db/client.js';
import { MEMORY_DIR, openPglite } from '../../src/db/pglite.js';
import { insertProduct } from '../helpers/factories.js';

/*
 * Before the API applies migrations to an embedded database that holds data, it backs it up
 * (db/backup.ts, backupBeforeMigrating) and keeps the last AUTO_BACKUPS_KEPT of those backups.
 * Here a migration that fails halfway: the backup is there, names itself in the error, and is
 * the database as it was.
 */

let work: string;
const seller = { uid: 'seller-uid', email: 'seller@example.com' };

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'b2b-migration-backup-test-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The shipped migrations plus one more, `9999_breaks`, that changes a table and then fails. */
function migrationsWithABrokenOne(): string {
  const folder = mkdtempSync(join(work, 'migrations-'));
  rmSync(folder, { recursive: true });
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { when: number; tag: string }[] };
  // Drizzle applies what is newer than the newest `when` it recorded, whatever the journal's order.
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  journal.entries.push({
    ...journal.entries.at(-1),
    idx: journal.entries.length,
    when: newest + 1,
    tag: '9999_breaks',
  } as never);
  writeFileSync(journalFile, JSON.stringify(journal));
  writeFileSync(
    join(folder, '9999_breaks.sql'),
    'ALTER TABLE "products" ADD COLUMN "broken" integer;--> statement-breakpoint\nSELECT 1 / 0;',
  );
  return folder;
}

/** A shop folder of its own for each test: `db` (migrated, one product) and `backups`. */
async function shop(name: string) {
  const dirs = { db: join(work, name, 'db'), backups: join(work, name, 'backups') };
  const open = (migrationsFolder?: string) =>
    createDatabase({
      url: null,
      pgliteDir: dirs.db,
      program: 'the test',
      backupsDir: dirs.backups,
      ...(migrationsFolder ? { migrationsFolder } : {}),
    });
  const database = await open();
  await database.migrate();
  await insertProduct(database.db, seller, { name: 'Before the upgrade' });
  await database.close();
  return { ...dirs, open };
}

test('a new database and one with nothing to apply are not backed up', async () => {
  const { backups, open } = await shop('nothing-to-apply');
  const again = await open();
  await again.migrate();
  await again.close();
  expect(existsSync(backups)).toBe(false);
}, 120_000);

test('a migration that fails leaves the automatic backup of the database as it was', async () => {
  const { backups, open } = await shop('fails');
  const database = await open(migrationsWithABrokenOne());
  const error = (await database.migrate().catch((e: unknown) => e)) as Error;
  await database.close();

  const [backup, ...others] = listBackups(backups);
  expect(others).toEqual([]);
  expect(basename(backup ?? '')).toMatch(/^[\dT-]+Z-before-9999_breaks\.tar\.gz$/);
  expect(error).toBeInstanceOf(Error);
  expect(error.message).toContain('division by zero');
  expect(error.message).toContain(`npm run restore -- ${backup}`);

  const copy = await openPglite(MEMORY_DIR, new Blob([readFileSync(backup ?? '')], { type: 'application/x-gzip' }));
  try {
    const { rows } = await copy.query<{ name: string }>('SELECT name FROM products');
    expect(rows).toEqual([{ name: 'Before the upgrade' }]);
    const { rows: columns } = await copy.query(
      "SELECT 1 FROM information_schema.columns WHERE table_name = 'products' AND column_name = 'broken'",
    );
    expect(columns).toEqual([]);
  } finally {
    await copy.close();
  }
}, 120_000);

test(`only the last ${AUTO_BACKUPS_KEPT} automatic backups are kept; others are left alone`, async () => {
  const { backups, open } = await shop('keeps-five');
  mkdirSync(backups, { recursive: true });
  writeFileSync(join(backups, '2020-01-01T00-00-00-000Z-manual.tar.gz'), 'a backup someone made');
  const broken = migrationsWithABrokenOne();
  for (let i = 0; i < AUTO_BACKUPS_KEPT + 1; i++) {
    const database = await open(broken);
    await expect(database.migrate()).rejects.toThrow(/division by zero/);
    await database.close();
  }
  const names = listBackups(backups).map((file) => basename(file));
  expect(names.filter((name) => name.includes('-before-'))).toHaveLength(AUTO_BACKUPS_KEPT);
  expect(names).toContain('2020-01-01T00-00-00-000Z-manual.tar.gz');

  // The database itself is still usable with the shipped migrations.
  const database = await open();
  await database.migrate();
  const rows = await queryRows<{ name: string }>(database.db, sql`SELECT name FROM products`);
  expect(rows).toEqual([{ name: 'Before the upgrade' }]);
  await database.close();
}, 120_000);
