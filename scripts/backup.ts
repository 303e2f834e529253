import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { localDataDirs, MEMORY_DB } from '../apps/api/src/config.js';
import { backupStamp, dumpClosedDataDir, megabytes, writeBackup } from '../apps/api/src/db/backup.js';
import { requestDump } from '../apps/api/src/db/dump-socket.js';
import { DataDirLockedError, runningOwner } from '../apps/api/src/db/lock.js';
import {
  accountCount,
  accountsFileFor,
  exportAccounts,
  savedAccounts,
  writeAccountsBackup,
  type AccountsBackup,
} from './lib/accounts-backup.js';
import { loadEnvFile, shownPath as shown } from './lib/env-file.js';

/*
 * `npm run backup`: a timestamped, consistent copy of the embedded database and of the Auth
 * Emulator's accounts in `.data/backups/` (docs/architecture.md, "The embedded database"):
 *   <time>-manual.tar.gz    PGlite's own dump of the data folder (dumpDataDir)
 *   <time>-manual.auth.json the emulator's accounts
 * While the app runs, the process that holds the database dumps itself, asked over its local
 * socket (named in the folder's lock), and the accounts come from its running emulator;
 * otherwise this script takes the lock, opens the folder and dumps it, and the accounts come
 * from the emulator's saved export in `.data/auth`.
 */

loadEnvFile();
const dirs = localDataDirs(process.env);

if (process.env.DATABASE_URL) {
  console.error(
    'DATABASE_URL is set: back up PostgreSQL with its own tools, e.g.\n' +
      '  pg_dump --format=custom --file=b2b.dump "$DATABASE_URL"\n' +
      '(see "Back up and restore" in the README).',
  );
  process.exit(1);
}
if (dirs.pgliteDir === MEMORY_DB) {
  console.error('PGLITE_DIR is memory://: an in-memory database has nothing on disk to back up.');
  process.exit(1);
}

async function dumpDatabase(): Promise<{ dump: Buffer; authEmulatorHost?: string }> {
  const owner = runningOwner(dirs.pgliteDir);
  if (owner) {
    console.log(`${owner.program} (pid ${owner.pid}) has the database open: asking it for a dump of itself…`);
    return { dump: await requestDump(owner), authEmulatorHost: owner.authEmulatorHost };
  }
  if (!existsSync(join(dirs.pgliteDir, 'PG_VERSION'))) {
    throw new Error(`There is no database in ${shown(dirs.pgliteDir)} yet: nothing to back up.`);
  }
  return { dump: await dumpClosedDataDir(dirs.pgliteDir, 'npm run backup') };
}

try {
  const { dump, authEmulatorHost } = await dumpDatabase();
  let accounts: AccountsBackup | null = null;
  if (authEmulatorHost) accounts = await exportAccounts(authEmulatorHost);
  else if (!process.env.FIREBASE_API_KEY) accounts = savedAccounts(dirs.authDir);

  const file = writeBackup(dirs.backupsDir, `${backupStamp()}-manual.tar.gz`, dump);
  console.log(`Database backed up to ${shown(file)} (${megabytes(file)}).`);
  if (accounts) {
    writeAccountsBackup(accountsFileFor(file), accounts);
    console.log(
      `${accountCount(accounts)} accounts of the Auth Emulator backed up to ${shown(accountsFileFor(file))}.`,
    );
  } else {
    console.log(
      process.env.FIREBASE_API_KEY
        ? 'Accounts live in your Firebase project, not here: nothing to back up for them.'
        : `No saved Auth Emulator accounts in ${shown(dirs.authDir)}: none backed up.`,
    );
  }
  console.log(`Restore with: npm run restore -- ${shown(file)}`);
} catch (error) {
  console.error(error instanceof DataDirLockedError || error instanceof Error ? error.message : error);
  process.exit(1);
}
