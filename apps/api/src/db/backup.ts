import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { acquireLock } from './lock.js';
import { dumpPglite, openPglite } from './pglite.js';

/*
 * Backups of the embedded database (docs/architecture.md, "The embedded database"): files named
 * `<time>-<reason>.tar.gz` in the backups folder (`.data/backups`), each PGlite's own dump of
 * the data folder, which `PGlite.create({ loadDataDir })` opens as it was. Written under a
 * temporary name and renamed, so a backup that exists is complete.
 *
 * Reasons: `manual` (npm run backup), `before-<migration>` (the API, before it applies
 * migrations to a database that holds data; the last AUTO_BACKUPS_KEPT are kept) and
 * `before-restore` (npm run restore, of what it replaces).
 */

export const AUTO_BACKUPS_KEPT = 5;
const BEFORE_MIGRATION = 'before-';

/** `2026-05-01T12-00-00-000Z`: sorts by time, and is a valid file name everywhere. */
export const backupStamp = (at = new Date()) => at.toISOString().replace(/[:.]/g, '-');

export function writeBackup(dir: string, name: string, bytes: Buffer): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  const draft = `${file}.partial-${process.pid}`;
  writeFileSync(draft, bytes, { mode: 0o600 });
  renameSync(draft, file);
  return file;
}

/** The database backups in `dir`, newest first. */
export function listBackups(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.tar.gz'))
    .sort()
    .reverse()
    .map((name) => join(dir, name));
}

/** Keeps the newest `keep` automatic (before-migration) backups and deletes the older ones. */
export function pruneAutomaticBackups(dir: string, keep = AUTO_BACKUPS_KEPT): string[] {
  const automatic = listBackups(dir).filter((file) => /^[\dT-]+Z-before-\d/.test(basename(file)));
  const gone = automatic.slice(keep);
  for (const file of gone) rmSync(file, { force: true });
  return gone;
}

interface JournalEntry {
  when: number;
  tag: string;
}

/**
 * The migrations of `folder` that drizzle's migrator would apply to this database: those newer
 * than the last one it recorded (drizzle.__drizzle_migrations), or null when it recorded none
 * (a new, empty database: nothing to back up).
 */
export async function pendingMigrations(client: PGlite, folder: string): Promise<string[] | null> {
  const table = await client.query<{ exists: boolean }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS exists`,
  );
  if (!table.rows[0]?.exists) return null;
  const { rows } = await client.query<{ last: string | null }>(
    'SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations',
  );
  const last = rows[0]?.last;
  if (last === null || last === undefined) return null;
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.filter((entry) => entry.when > Number(last)).map((entry) => entry.tag);
}

/**
 * Before migrations change a database that holds data: a backup named after the first pending
 * migration, and only the last AUTO_BACKUPS_KEPT such backups kept. Returns the file, or null when
 * nothing is pending or the database is new.
 */
export async function backupBeforeMigrating(client: PGlite, migrationsFolder: string, backupsDir: string) {
  const pending = await pendingMigrations(client, migrationsFolder);
  if (!pending?.length) return null;
  const file = writeBackup(
    backupsDir,
    `${backupStamp()}-${BEFORE_MIGRATION}${pending[0]}.tar.gz`,
    await dumpPglite(client),
  );
  pruneAutomaticBackups(backupsDir);
  return { file, pending };
}

/** A dump of a data folder no process has open: takes its lock for the while (or throws DataDirLockedError). */
export async function dumpClosedDataDir(dataDir: string, program: string): Promise<Buffer> {
  const lock = await acquireLock(dataDir, program);
  try {
    const client = await openPglite(dataDir);
    try {
      return await dumpPglite(client);
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

export interface RestoreResult {
  /** A backup of what the restore replaced, when the folder held a database. */
  replaced: string | null;
}

/**
 * Puts a dump back as the data folder, refusing (DataDirLockedError) while any process has it
 * open: under the folder's lock, the current database is first backed up (`before-restore`), the
 * dump is loaded into a new folder beside it and opened once to check it, and only then does the
 * new folder take the old one's place.
 */
export async function restoreDataDir(
  dataDir: string,
  dumpFile: string,
  options: { backupsDir: string; program: string },
): Promise<RestoreResult> {
  const bytes = readFileSync(dumpFile);
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const lock = await acquireLock(dataDir, options.program);
  try {
    let replaced: string | null = null;
    if (existsSync(join(dataDir, 'PG_VERSION'))) {
      const current = await openPglite(dataDir);
      try {
        replaced = writeBackup(options.backupsDir, `${backupStamp()}-before-restore.tar.gz`, await dumpPglite(current));
      } finally {
        await current.close();
      }
    }
    const staging = `${dataDir}.restoring-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    try {
      const restored = await openPglite(
        staging,
        new Blob([bytes], { type: gzipped ? 'application/x-gzip' : 'application/x-tar' }),
      );
      try {
        await restored.query('SELECT 1');
      } finally {
        await restored.close();
      }
      const old = `${dataDir}.replaced-${process.pid}`;
      if (existsSync(dataDir)) renameSync(dataDir, old);
      renameSync(staging, dataDir);
      rmSync(old, { recursive: true, force: true });
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
    return { replaced };
  } finally {
    lock.release();
  }
}

/** The size of a file in MB, for messages. */
export const megabytes = (file: string) => `${(statSync(file).size / 1_000_000).toFixed(1)} MB`;
