import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { authEmulator } from '@b2b/shared/testing/auth-emulator';
import type { Account, Fixture } from './fixture.js';

/*
 * The servers under test run as their own processes, like in production, so the load
 * generator (this process) never shares their event loop: the API (src/server.ts through tsx,
 * or dist/server.js with --dist) and the reference server (raw-server.ts).
 */

/** tooling/perf/bench → the repository root, and the API workspace it starts. */
export const REPO_ROOT = resolve(import.meta.dirname, '../../..');
export const API_DIR = resolve(REPO_ROOT, 'apps/api');
const BENCH_DIR = import.meta.dirname;

export type ServerKind = 'api' | 'raw';

export interface RunningServer {
  kind: ServerKind;
  base: string;
  child: ChildProcess;
  alive(): boolean;
  /** How it ended, with the end of its output. */
  exit(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

export interface ServerOptions {
  fixture: Fixture;
  poolSize: number;
  dist: boolean;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeFlags?: string[];
  /** The account the raw server writes into cart rows (it has no authentication). */
  buyer: Account;
  /** More environment for the server (the raw server's BENCH_RAW_* switches). */
  env?: Record<string, string>;
  /** The API of another checkout (an exported commit: snapshot.ts), measured beside this one. */
  apiRoot?: string;
}

/** Settings that must not leak from the bench's own environment into the servers'. */
const CLEARED = ['DATABASE_URL', 'PGLITE_DIR', 'PORT', 'HOST', 'NODE_ENV', 'SEED_ON_EMPTY', 'LOG_LEVEL'];

function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of CLEARED) delete env[key];
  return env;
}

export async function startServer(kind: ServerKind, options: ServerOptions): Promise<RunningServer> {
  const { fixture } = options;
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...baseEnv(),
    PORT: String(port),
    HOST: '127.0.0.1',
    // BENCH_SERVER_LOG_LEVEL=info shows every request (and BENCH_DEBUG=1 prints the servers' output).
    LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'warn',
    DATABASE_POOL_SIZE: String(options.poolSize),
    ...(fixture.databaseUrl ? { DATABASE_URL: fixture.databaseUrl } : { PGLITE_DIR: fixture.pgliteDir ?? '' }),
    ...options.env,
  };
  let args: string[];
  if (kind === 'api') {
    Object.assign(env, {
      NODE_ENV: 'development',
      SEED_ON_EMPTY: 'false',
      WEB_DIST_DIR: resolve(REPO_ROOT, '.data/bench/no-web'),
      // The bench is one user (and one IP) hammering on purpose.
      WRITE_RATE_LIMIT_PER_MINUTE: '1000000000',
      READ_RATE_LIMIT_PER_MINUTE: '1000000000',
    });
    const apiDir = options.apiRoot ? resolve(options.apiRoot, 'apps/api') : API_DIR;
    const built = resolve(apiDir, 'dist/server.js');
    if (options.dist && !existsSync(built))
      throw new Error('--dist: apps/api/dist/server.js is missing (npm run build)');
    args = options.dist ? ['--enable-source-maps', built] : ['--import', 'tsx', resolve(apiDir, 'src/server.ts')];
  } else {
    Object.assign(env, {
      BENCH_BUYER_UID: options.buyer.uid,
      BENCH_BUYER_EMAIL: options.buyer.email,
      BENCH_BUYER_NAME: options.buyer.displayName,
    });
    args = ['--import', 'tsx', resolve(BENCH_DIR, 'raw-server.ts')];
  }
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), ...args], {
    cwd: options.apiRoot ?? REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The ${kind} server exited during start-up:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The ${kind} server did not answer /api/health within 2 minutes:\n${output}`);
    }
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    kind,
    base,
    child,
    alive: () => child.exitCode === null && child.signalCode === null,
    exit: () =>
      `${child.signalCode ? `signal ${child.signalCode}` : `exit code ${child.exitCode}`}: ` +
      JSON.stringify(output.slice(-300)),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
      if (process.env.BENCH_DEBUG) console.log(`--- ${kind} server output ---\n${output}`);
      if (child.exitCode !== 0 && child.signalCode !== 'SIGTERM') {
        console.warn(`  ${kind} server ended with ${child.exitCode ?? child.signalCode}:\n${output.slice(-2000)}`);
      }
    },
  };
}

export interface EmulatorUser extends Account {
  password: string;
}

/** A buyer account in the Auth Emulator (the root `npm run bench` provides the emulator). */
export async function createBuyer(emulatorHost: string): Promise<EmulatorUser> {
  const email = `bench-buyer-${Date.now()}@example.com`;
  const password = 'Bench#2026';
  // No display name: the API takes it from the token's name claim, else the email's local part.
  const user = await authEmulator(emulatorHost).signUp({ email, password });
  return { uid: user.uid, email: user.email, displayName: email.split('@')[0] ?? email, password };
}

/** A fresh ID token (they last an hour; one per catalogue size keeps long runs valid). */
export async function idToken(emulatorHost: string, user: EmulatorUser): Promise<string> {
  return (await authEmulator(emulatorHost).signIn(user.email, user.password)).idToken;
}
