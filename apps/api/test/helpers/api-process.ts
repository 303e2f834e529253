import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { emulatorHost, TEST_PROJECT_ID } from './env.js';

/* The API as its own process (src/server.ts, as `npm start` runs it), for tests of what only a real process shows. */

export const REPO_ROOT = resolve(import.meta.dirname, '../../../..');

export interface ApiProcess {
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/** Runs a TypeScript entry point of the repository (`apps/api/src/…`) with `env` on top of the emulator's. */
export function spawnScript(script: string, env: Record<string, string>): ApiProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
      ...env,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  return { child, output: () => output, exited };
}

/** Starts src/server.ts with `env` on top of a test environment (emulator, port 0, no seed, no web build). */
export const spawnApi = (env: Record<string, string>): ApiProcess =>
  spawnScript('apps/api/src/server.ts', {
    HOST: '127.0.0.1',
    PORT: '0',
    SEED_ON_EMPTY: 'false',
    WEB_DIST_DIR: '/nonexistent/web-dist',
    ...env,
  });

/** Starts the API and resolves with its address once it listens. */
export async function startApi(env: Record<string, string>): Promise<ApiProcess & { url: string }> {
  const api = spawnApi(env);
  const deadline = Date.now() + 90_000;
  for (;;) {
    const url = /B2B Wholesale Platform: (http:\/\/127\.0\.0\.1:\d+)/.exec(api.output())?.[1];
    if (url) return { ...api, url };
    if (api.child.exitCode !== null || Date.now() > deadline) {
      api.child.kill('SIGKILL');
      throw new Error(`The API did not start (exit ${api.child.exitCode}):\n${api.output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function stopApi(api: ApiProcess | undefined): Promise<void> {
  if (!api || api.child.exitCode !== null || api.child.signalCode !== null) return;
  api.child.kill('SIGTERM');
  await api.exited;
}
