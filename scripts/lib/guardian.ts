import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './env-file.js';
import type { RunningEmulator } from './emulator.js';

/*
 * The guardian of `npm start` / `npm run dev` (docs/architecture.md, "Run modes"): a small
 * process of its own that stops what start.ts started when start.ts itself is killed and cannot
 * (kill -9). start.ts runs its children in process groups of their own, so a terminal's Ctrl-C
 * reaches only start.ts, which stops each child once, and exports the emulator's accounts; but a
 * start.ts killed with SIGKILL used to leave them running, holding the ports and the database.
 *
 * start.ts tells the guardian, over an IPC channel, each child's process group and the emulator.
 * When that channel closes without a `release` first (the kernel closes it when start.ts dies,
 * however it dies), the guardian exports the emulator's accounts as a normal stop would, stops
 * every group (SIGINT, then SIGKILL after 15 s) and exits (`guardian-process.ts`).
 */

export type GuardianMessage =
  | { type: 'watch'; pid: number; name: string }
  | {
      type: 'emulator';
      pid: number;
      host: string;
      hubHost: string;
      tmpDir: string;
      dataDir: string;
    }
  | { type: 'release' }
  /** From the guardian: it listens (messages sent earlier could be lost). */
  | { type: 'ready' };

export interface Guardian {
  /** Stops `child`'s process group should start.ts die. */
  watch(child: ChildProcess, name: string): void;
  /** Exports the accounts of `emulator` (watched too) to `dataDir` should start.ts die. */
  watchEmulator(emulator: RunningEmulator, dataDir: string): void;
  /** start.ts stopped everything itself: the guardian leaves. */
  release(): void;
}

/** Starts the guardian and resolves once it listens, so nothing start.ts starts is unguarded. */
export async function startGuardian(): Promise<Guardian> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts/lib/guardian-process.ts')], {
    cwd: repoRoot,
    // Its own process group: a terminal's Ctrl-C or a group kill of start.ts does not reach it.
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.unref();
  child.channel?.unref();
  await new Promise<void>((resolveReady) => {
    const timer = setTimeout(() => {
      console.error('The guardian did not start: if npm start is killed, what it started may keep running.');
      resolveReady();
    }, 20_000);
    child.once('message', () => (clearTimeout(timer), resolveReady()));
    child.once('error', () => (clearTimeout(timer), resolveReady()));
    child.once('exit', () => (clearTimeout(timer), resolveReady()));
  });
  const send = (message: GuardianMessage) => {
    if (child.connected) child.send(message);
  };
  return {
    watch(watched, name) {
      if (watched.pid) send({ type: 'watch', pid: watched.pid, name });
    },
    watchEmulator(emulator, dataDir) {
      const pid = emulator.process.pid;
      if (!pid) return;
      send({ type: 'emulator', pid, host: emulator.host, hubHost: emulator.hubHost, tmpDir: emulator.tmpDir, dataDir });
    },
    release() {
      send({ type: 'release' });
      if (child.connected) child.disconnect();
    },
  };
}
