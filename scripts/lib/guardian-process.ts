import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { accountIds, exportSafely } from './emulator.js';
import { repoRoot } from './env-file.js';
import type { GuardianMessage } from './guardian.js';

/*
 * The guardian process (see guardian.ts): waits for start.ts to go, and cleans up after it
 * unless it said `release` first.
 */

const groups = new Map<number, string>();
let emulator: Extract<GuardianMessage, { type: 'emulator' }> | undefined;
let released = false;
const launcher = process.ppid;

const groupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};
const signalGroup = (pgid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Signals each group, then waits up to `graceMs` for it to be gone, and kills what is left. */
async function stopGroups(pgids: number[], signal: NodeJS.Signals, graceMs: number): Promise<void> {
  for (const pgid of pgids) signalGroup(pgid, signal);
  const deadline = Date.now() + graceMs;
  while (pgids.some(groupAlive) && Date.now() < deadline) await sleep(100);
  for (const pgid of pgids.filter(groupAlive)) signalGroup(pgid, 'SIGKILL');
}

async function cleanUp(): Promise<void> {
  console.error(`\n[guardian] npm start (pid ${launcher}) is gone: stopping ${[...groups.values()].join(', ')}…`);
  // The accounts first, as a normal stop exports them, while the emulator still answers.
  if (emulator && groupAlive(emulator.pid)) {
    const { host, hubHost, dataDir } = emulator;
    try {
      await exportSafely({ hubHost, dataDir, accounts: () => accountIds(host), workDir: join(repoRoot, '.data/tmp') });
    } catch (error) {
      console.error(`[guardian] accounts not saved: ${error instanceof Error ? error.message : error}`);
    }
  }
  // The API closes its database (and gives back its lock) on SIGINT; npm passes it on.
  await stopGroups([...groups.keys()], 'SIGINT', 15_000);
  if (emulator) rmSync(emulator.tmpDir, { recursive: true, force: true });
  process.exit(0);
}

process.on('message', (message: GuardianMessage) => {
  if (message.type === 'watch') groups.set(message.pid, message.name);
  else if (message.type === 'emulator') emulator = message;
  else if (message.type === 'release') released = true;
});
process.on('disconnect', () => {
  if (released) process.exit(0);
  void cleanUp();
});
// Signals meant for the terminal's foreground group are not for the guardian.
process.on('SIGINT', () => undefined);
process.on('SIGHUP', () => undefined);
process.send?.({ type: 'ready' } satisfies GuardianMessage);
