import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { processAlive } from '../../apps/api/src/db/lock.js';

/*
 * `npm start` is four processes: npm → sh -c → tsx → scripts/start.ts. Killing npm (kill -9, a
 * crashed terminal multiplexer, an IDE's stop button) kills none of the others, and start.ts
 * would keep the shop running with nobody left to stop it. So start.ts watches the processes
 * that launched it, up to npm itself, and stops cleanly when one of them is gone
 * (docs/architecture.md, "Run modes").
 */

interface ProcessInfo {
  ppid: number;
  command: string;
}

function processInfo(pid: number): ProcessInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return { ppid, command };
  } catch {
    // No /proc (macOS): ps says the same.
    const ps = spawnSync('ps', ['-o', 'ppid=,args=', '-p', String(pid)], { encoding: 'utf8' });
    const match = /^\s*(\d+)\s+(.*)$/.exec(ps.stdout?.trim() ?? '');
    return match ? { ppid: Number(match[1]), command: match[2] ?? '' } : null;
  }
}

const NPM = /(^|\/)(npm|npx)( |$)|\/np[mx]-cli\.js/;
const LAUNCHER = /(^|\/|\s)tsx( |$)|\/tsx\/dist\/cli|^(\/usr)?(\/bin\/)?(sh|bash|dash) -c /;

/**
 * The processes that launched this one, nearest first: tsx, the npm script's shell and npm
 * (stopping there), as far as they are those; run straight from a shell, just tsx.
 */
export function launchers(): number[] {
  const chain: number[] = [];
  let pid = process.ppid;
  for (let depth = 0; depth < 6 && pid > 1; depth++) {
    const info = processInfo(pid);
    if (!info) break;
    if (NPM.test(info.command)) return [...chain, pid];
    if (!LAUNCHER.test(info.command)) break;
    chain.push(pid);
    pid = info.ppid;
  }
  return chain;
}

/** Calls `onGone` once, when any of this process's launchers has exited. */
export function onLauncherGone(onGone: (pid: number) => void, everyMs = 500): void {
  const watched = launchers();
  const timer = setInterval(() => {
    const gone = watched.find((pid) => !processAlive(pid));
    if (gone === undefined) return;
    clearInterval(timer);
    onGone(gone);
  }, everyMs);
  timer.unref();
}
