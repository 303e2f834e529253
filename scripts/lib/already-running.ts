import { localDataDirs, MEMORY_DB } from '../../apps/api/src/config.js';
import { runningOwner } from '../../apps/api/src/db/lock.js';
import { shownPath } from './env-file.js';

/*
 * `npm start` / `npm run dev` while the shop already runs on the same embedded database: say so
 * and where, instead of starting a second emulator and an API that could only fail on the
 * database's lock (apps/api/src/db/lock.ts) or its port.
 */

/** Exits (code 1) when another process holds this checkout's PGlite folder. */
export function exitIfAlreadyRunning(env: NodeJS.ProcessEnv): void {
  if (env.DATABASE_URL) return; // PostgreSQL: any number of processes may share it
  const { pgliteDir } = localDataDirs(env);
  if (pgliteDir === MEMORY_DB) return;
  const owner = runningOwner(pgliteDir);
  if (!owner) return;
  const since = `since ${new Date(owner.startedAt).toLocaleString()}`;
  console.log(
    owner.url
      ? `The shop is already running at ${owner.url} (${owner.program}, pid ${owner.pid}, ${since}).`
      : `${owner.program} (pid ${owner.pid}, ${since}) has the database in ${shownPath(pgliteDir)} open.`,
  );
  console.log(
    `Not starting a second one. To restart it, stop that one first (Ctrl-C in its terminal, or: kill ${owner.pid}).`,
  );
  process.exit(1);
}
