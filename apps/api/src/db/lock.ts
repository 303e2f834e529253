import { randomBytes } from 'node:crypto';
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { dirname, resolve } from 'node:path';

/*
 * One process at a time per PGlite data directory (docs/architecture.md, "The embedded
 * database"). PGlite is PostgreSQL in single-user mode inside the process: two processes writing
 * one directory corrupt it, and nothing in PGlite stops the second one (its own postmaster.pid
 * holds a fixed fake pid). So every opener takes this lock first, the way PostgreSQL's
 * postmaster.pid works:
 *
 *   - `<dir>.lock`, beside the directory (so dumps never contain it and a restore can swap the
 *     directory while holding it), created atomically: written to a private file, then hard-linked
 *     to the lock's name, which fails if it exists, so the lock never exists half-written;
 *   - it holds the owner's pid, what it is, when it started, and once known the app's address
 *     and the socket where it serves dumps of itself (db/dump-socket.ts);
 *   - a second opener fails at once with a DataDirLockedError naming the owner and how to stop it;
 *   - a lock whose process is gone (or whose pid now belongs to another process: a start time
 *     that differs, Linux only) is stale and is taken over, and only then.
 */

export interface LockInfo {
  pid: number;
  /** What holds it, in words: "the API", "npm run seed", "npm run backup"… */
  program: string;
  startedAt: string;
  hostname: string;
  /** Boot id and start time of the process (Linux), so a reused pid is not taken for the owner. */
  identity: string | null;
  /** The app's address, once it listens. */
  url?: string;
  /** Unix socket where the owner serves dumps of the database, and the secret it asks for. */
  socket?: string;
  secret?: string;
  /** The Auth Emulator the owner uses, whose accounts a backup saves with the database. */
  authEmulatorHost?: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockInfo | null,
  ) {
    super(describeOwner(dataDir, owner));
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly path: string;
  readonly info: LockInfo;
  /** Adds what became known later (the app's address, the dump socket). */
  update(patch: Partial<Pick<LockInfo, 'url' | 'socket' | 'secret' | 'authEmulatorHost'>>): void;
  /** Removes the lock if it is still ours; safe to call twice. */
  release(): void;
}

export const lockPathFor = (dataDir: string) => `${resolve(dataDir)}.lock`;

/** Locks this process holds, so an exit (even process.exit) leaves none behind. */
const held = new Map<string, LockInfo>();
let exitHookInstalled = false;

const sameOwner = (a: LockInfo, b: LockInfo) =>
  a.pid === b.pid && a.startedAt === b.startedAt && a.hostname === b.hostname;

/** The lock file's contents; null when there is none. Throws when it exists but cannot be read as a lock. */
export function readLock(dataDir: string): LockInfo | null {
  return readLockFile(lockPathFor(dataDir));
}

function readLockFile(path: string): LockInfo | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const info = JSON.parse(text) as Partial<LockInfo>;
  if (typeof info.pid !== 'number' || typeof info.startedAt !== 'string') throw new Error(`${path} is not a lock file`);
  return info as LockInfo;
}

/** The owner of the directory's lock when it is a running process; null when free or stale. */
export function runningOwner(dataDir: string): LockInfo | null {
  const path = lockPathFor(dataDir);
  const owner = readLockFile(path);
  return owner && isRunning(path, owner) ? owner : null;
}

/** Takes the lock of `dataDir` or throws DataDirLockedError. */
export async function acquireLock(dataDir: string, program: string): Promise<DataDirLock> {
  const path = lockPathFor(dataDir);
  mkdirSync(dirname(path), { recursive: true });
  const info: LockInfo = {
    pid: process.pid,
    program,
    startedAt: new Date().toISOString(),
    hostname: hostname(),
    identity: processIdentity(process.pid),
  };
  const draft = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(draft, `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        linkSync(draft, path);
        return holding(path, info);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      let owner: LockInfo | null;
      try {
        owner = readLockFile(path);
      } catch {
        // Not written by us (we never write a lock in place): leave it to a person.
        throw new DataDirLockedError(dataDir, null);
      }
      if (owner === null) continue; // released a moment ago
      if (isRunning(path, owner)) throw new DataDirLockedError(dataDir, owner);
      await removeStale(path, owner);
    }
  } finally {
    unlinkQuietly(draft);
  }
  throw new Error(`Could not take the lock ${path}: it kept changing hands.`);
}

function holding(path: string, info: LockInfo): DataDirLock {
  held.set(path, info);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const [lockPath, owner] of held) releaseIfOurs(lockPath, owner);
    });
  }
  let current = info;
  return {
    path,
    get info() {
      return current;
    },
    update(patch) {
      const next = { ...current, ...patch };
      const onDisk = safeRead(path);
      if (!onDisk || !sameOwner(onDisk, current)) return; // not ours any more: never write over another's
      // Replaced atomically: a reader sees the old contents or the new, never a mix.
      const draft = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
      writeFileSync(draft, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
      renameSync(draft, path);
      current = next;
      held.set(path, next);
    },
    release() {
      if (!held.has(path)) return;
      held.delete(path);
      releaseIfOurs(path, current);
    },
  };
}

function releaseIfOurs(path: string, info: LockInfo): void {
  const onDisk = safeRead(path);
  if (onDisk && sameOwner(onDisk, info)) unlinkQuietly(path);
}

/**
 * Removes a stale lock, under a short-lived mutex (`<lock>.takeover`, created exclusively) so
 * that two openers that both found it stale cannot remove each other's new lock: the one that
 * gets the mutex checks that the file is still the stale one before removing it.
 */
async function removeStale(path: string, stale: LockInfo): Promise<void> {
  const mutex = `${path}.takeover`;
  let fd: number;
  try {
    fd = openSync(mutex, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another opener is taking over right now; a mutex this old belongs to one that died doing it.
    if (Date.now() - mtimeOf(mutex) > 10_000) unlinkQuietly(mutex);
    await new Promise((r) => setTimeout(r, 20));
    return;
  }
  try {
    const now = safeRead(path);
    if (now && sameOwner(now, stale)) unlinkSync(path);
  } finally {
    closeSync(fd);
    unlinkQuietly(mutex);
  }
}

function isRunning(path: string, owner: LockInfo): boolean {
  // Another machine's process cannot be checked from here (a shared network folder): assume it runs.
  if (owner.hostname !== hostname()) return true;
  if (owner.pid === process.pid) {
    // Ours (another PGlite of this process on the same folder would corrupt it just the same),
    // unless it is a leftover of an earlier process that had our pid (a container's pid 1).
    const mine = held.get(path);
    return mine !== undefined && sameOwner(mine, owner);
  }
  if (!processAlive(owner.pid)) return false;
  const identity = processIdentity(owner.pid);
  return !(owner.identity && identity && identity !== owner.identity);
}

/** True when `pid` is a live process (a zombie counts as gone). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const stat = procStat(pid);
  return stat === null || stat.state !== 'Z';
}

let bootId: string | null | undefined;

/** `<boot id>:<start time>` of a process on Linux; null elsewhere or when it cannot be read. */
export function processIdentity(pid: number): string | null {
  if (bootId === undefined) {
    try {
      bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    } catch {
      bootId = null;
    }
  }
  const stat = procStat(pid);
  return bootId && stat ? `${bootId}:${stat.startTime}` : null;
}

/** Linux's /proc/<pid>/stat: the state letter and the start time (clock ticks since boot). */
function procStat(pid: number): { state: string; startTime: string } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const [state, startTime] = [fields[0], fields[19]];
  return state && startTime ? { state, startTime } : null;
}

function describeOwner(dataDir: string, owner: LockInfo | null): string {
  const dir = resolve(dataDir);
  if (!owner) {
    return (
      `The embedded database ${dir} is locked by ${lockPathFor(dataDir)}, which this program did not write. ` +
      'Make sure no program uses the folder, then remove that file.'
    );
  }
  const serving = owner.url ? `, serving ${owner.url}` : '';
  const where = owner.hostname !== hostname() ? ` on ${owner.hostname}` : '';
  const stop =
    owner.pid === process.pid
      ? 'This process has it open already: close that database first.'
      : owner.hostname !== hostname()
        ? `Stop it on ${owner.hostname} first.`
        : `Stop it first (Ctrl-C in its terminal, or: kill ${owner.pid}).`;
  return [
    `The embedded database ${dir} is in use by ${owner.program} (pid ${owner.pid}${where}, since ${owner.startedAt}${serving}).`,
    'PGlite is single-user PostgreSQL: two processes on one data folder corrupt it, so this one does not open it.',
    `${stop} Several processes at once need PostgreSQL (DATABASE_URL).`,
  ].join('\n');
}

function safeRead(path: string): LockInfo | null {
  try {
    return readLockFile(path);
  } catch {
    return null;
  }
}

function mtimeOf(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Date.now();
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}
