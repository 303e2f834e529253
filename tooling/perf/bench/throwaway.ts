import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { stopChild, waitForHealth } from '../../../scripts/lib/stack.js';
import { freePort, REPO_ROOT } from './servers.js';

/*
 * What the feature benches (quick order, import) share: a throw-away PostgreSQL database,
 * created on BENCH_ADMIN_URL's server and dropped at the end, and the API from source as its own
 * process on it, with the rate limits lifted (the bench is one user hammering on purpose).
 */

export const BENCH_ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: BENCH_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface ThrowawayDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database `b2b_bench_<purpose>_<random>`. */
export async function createThrowawayDatabase(purpose: string): Promise<ThrowawayDatabase> {
  const name = `b2b_bench_${purpose}_${randomBytes(4).toString('hex')}`;
  const url = new URL(BENCH_ADMIN_URL);
  url.pathname = `/${name}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  return { name, url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface BenchApi {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The API from source on `databaseUrl`, healthy; `env` adds or overrides settings. */
export async function startBenchApi(databaseUrl: string, env: Record<string, string> = {}): Promise<BenchApi> {
  const port = await freePort();
  // BENCH_CPU_PROF=<dir>: the API writes a V8 CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SEED_ON_EMPTY: 'false',
      LOG_LEVEL: 'warn',
      READ_RATE_LIMIT_PER_MINUTE: '100000000',
      WRITE_RATE_LIMIT_PER_MINUTE: '100000000',
      ...env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, child);
  return { base, child, stop: () => stopChild(child) };
}

/** p50, p99 and the largest of `samples` (milliseconds). */
export function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  return { p50: at(50), p99: at(99), max: sorted.at(-1) ?? NaN };
}

export const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/** The resident memory of process `pid` in MB (Linux). */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}
