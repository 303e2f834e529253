import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { localDataDirs, MEMORY_DB } from '../apps/api/src/config.js';
import { listBackups, megabytes, restoreDataDir } from '../apps/api/src/db/backup.js';
import { DataDirLockedError, runningOwner } from '../apps/api/src/db/lock.js';
import {
  accountCount,
  accountsFileFor,
  readAccountsBackup,
  restoreAccounts,
  savedAccounts,
  writeAccountsBackup,
} from './lib/accounts-backup.js';
import { loadEnvFile, repoRoot, shownPath as shown } from './lib/env-file.js';

/*
 * `npm run restore -- <file>`: puts a backup of `npm run backup` (or an automatic one) back as
 * the embedded database, and its accounts file, when there is one, as the Auth Emulator's saved
 * accounts. Refuses while any process has the database open (the app, the seed…). What it
 * replaces is backed up first (`<time>-before-restore.tar.gz`, and its accounts beside it).
 * Without a file, lists the backups.
 */

loadEnvFile();
const dirs = localDataDirs(process.env);
const arg = process.argv[2];

if (process.env.DATABASE_URL) {
  console.error(
    'DATABASE_URL is set: restore PostgreSQL with its own tools, e.g.\n' +
      '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" b2b.dump\n' +
      '(see "Back up and restore" in the README).',
  );
  process.exit(1);
}
if (dirs.pgliteDir === MEMORY_DB) {
  console.error('PGLITE_DIR is memory://: there is no data folder to restore into.');
  process.exit(1);
}

if (!arg) {
  const backups = listBackups(dirs.backupsDir);
  console.log(
    backups.length
      ? `Backups in ${shown(dirs.backupsDir)}, newest first:\n${backups
          .map(
            (file) => `  ${shown(file)}  ${megabytes(file)}${existsSync(accountsFileFor(file)) ? ' + accounts' : ''}`,
          )
          .join('\n')}`
      : `No backups in ${shown(dirs.backupsDir)} yet (npm run backup makes one).`,
  );
  console.log('Restore one with: npm run restore -- <file>');
  process.exit(backups.length ? 0 : 1);
}

// npm runs scripts from the repository root; a relative path means the caller's folder. A bare
// name is looked for in the backups folder.
const candidates = [
  resolve(process.env.INIT_CWD ?? process.cwd(), arg),
  resolve(repoRoot, arg),
  join(dirs.backupsDir, arg),
];
const file = candidates.find((candidate) => existsSync(candidate));
if (!file) {
  console.error(`No such backup: ${arg}`);
  process.exit(1);
}

const owner = runningOwner(dirs.pgliteDir);
if (owner) {
  console.error(
    `${owner.program} (pid ${owner.pid}${owner.url ? `, ${owner.url}` : ''}) has the database open: stop it first ` +
      `(Ctrl-C in its terminal, or: kill ${owner.pid}), then restore. Nothing was changed.`,
  );
  process.exit(1);
}

try {
  const { replaced } = await restoreDataDir(dirs.pgliteDir, file, {
    backupsDir: dirs.backupsDir,
    program: 'npm run restore',
  });
  console.log(`Restored the database in ${shown(dirs.pgliteDir)} from ${basename(file)}.`);
  const accountsFile = accountsFileFor(file);
  if (existsSync(accountsFile)) {
    const current = savedAccounts(dirs.authDir);
    if (replaced && current) writeAccountsBackup(accountsFileFor(replaced), current);
    const accounts = readAccountsBackup(accountsFile);
    restoreAccounts(dirs.authDir, accounts);
    console.log(`Restored ${accountCount(accounts)} Auth Emulator accounts in ${shown(dirs.authDir)}.`);
  } else {
    console.log(
      `${basename(file)} has no accounts file beside it: the Auth Emulator's accounts were left as they are.`,
    );
  }
  if (replaced) console.log(`What was there before is kept in ${shown(replaced)}.`);
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(`${error.message}\nNothing was changed.`);
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(1);
}
