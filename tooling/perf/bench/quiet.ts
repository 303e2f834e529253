import { readFileSync } from 'node:fs';
import os from 'node:os';

/*
 * The bench shares its machine with whatever else runs there; another process's load would be
 * measured as the API's slowness. Before each scenario it samples how busy the CPUs are and
 * waits (up to a limit) until they are quiet, and it records how busy they were.
 */

function cpuTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const t = cpu.times;
    const all = t.user + t.nice + t.sys + t.idle + t.irq;
    busy += all - t.idle;
    total += all;
  }
  return { busy, total };
}

/** The share (0–1) of all CPUs in use over `ms` milliseconds. */
export async function cpuBusy(ms = 1_000): Promise<number> {
  const a = cpuTimes();
  await new Promise((r) => setTimeout(r, ms));
  const b = cpuTimes();
  return (b.busy - a.busy) / Math.max(1, b.total - a.total);
}

/** Waits until the machine's CPUs are below `threshold` busy, for at most `maxSeconds`; returns the last reading. */
export async function waitForQuiet(
  threshold: number,
  maxSeconds: number,
  onWait: (busy: number) => void,
): Promise<number> {
  const deadline = Date.now() + maxSeconds * 1000;
  let busy = await cpuBusy();
  let told = 0;
  while (busy > threshold && Date.now() < deadline) {
    if (Date.now() - told > 30_000) {
      onWait(busy);
      told = Date.now();
    }
    await new Promise((r) => setTimeout(r, 4_000));
    busy = await cpuBusy();
  }
  return busy;
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU time (user + system) used so far by process `pid`, in milliseconds; null where /proc is missing. */
export function processCpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start at ") ".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
