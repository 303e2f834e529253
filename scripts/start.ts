import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import pinoPretty from 'pino-pretty';
import { DEMO_PROJECT_ID } from '@b2b/shared';
import { freePort, startAuthEmulator, type RunningEmulator } from './lib/emulator.js';
import { loadEnvFile, repoRoot, usesRealFirebase } from './lib/env-file.js';
import { buildWebIfStale } from './lib/web-build.js';

/*
 * `npm start`: the whole product in one command.
 *   1. builds the web app when its build is missing or older than its sources,
 *   2. starts the Firebase Auth Emulator (accounts kept in .data/auth) unless real Firebase is configured,
 *   3. runs the API, which opens PGlite (.data/db) or DATABASE_URL, migrates, seeds an empty
 *      database and serves app + API on PORT.
 * `npm run dev` does the same with the Vite dev server (hot reload) and the API in watch mode.
 * Ctrl-C stops every child and keeps the data.
 * The API logs JSON (one line per request); in a terminal, and always with --dev, those lines
 * are printed readably here (pino-pretty). Redirected to a file or a pipe, they stay JSON.
 */

loadEnvFile();
const dev = process.argv.includes('--dev');
const children: ChildProcess[] = [];
let emulator: RunningEmulator | undefined;
let stopping = false;
const prettyLogs = dev || Boolean(process.stdout.isTTY);

type RequestLine = { method?: string; url?: string; statusCode?: number; ms?: number; msg?: string };

/** The API's JSON lines as `12:00:01 INFO: GET /api/products 200 in 4 ms`; other lines pass unchanged. */
function prettyPrinter() {
  return pinoPretty({
    colorize: Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,method,url,statusCode,ms',
    singleLine: true,
    messageFormat: (log) => {
      const { method, url, statusCode, ms, msg } = log as RequestLine;
      return method && url && statusCode !== undefined
        ? `${method} ${url} ${statusCode} in ${ms ?? '?'} ms`
        : (msg ?? '');
    },
  });
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, { pretty = false } = {}): ChildProcess {
  // Own process group: Ctrl-C reaches only this script, which stops each child exactly once.
  const child = spawn(command, args, {
    cwd: repoRoot,
    stdio: ['inherit', pretty ? 'pipe' : 'inherit', 'inherit'],
    env,
    detached: true,
  });
  // pino-pretty writes to this process's stdout itself.
  if (pretty) child.stdout?.pipe(prettyPrinter());
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${command} ${args.join(' ')} exited (${signal ?? code}); stopping.`);
      void shutdown(code ?? 1);
    }
  });
  return child;
}

/** Each child leads its own process group: signal the group, so wrappers like npx/npm take their children along. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

async function shutdown(exitCode = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 10_000);
          child.once('exit', () => (clearTimeout(timer), resolve()));
          signalGroup(child, 'SIGINT');
        }),
    ),
  );
  await emulator?.stop(); // exports the accounts to .data/auth
  process.exit(exitCode);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));
process.on('exit', () => children.forEach((c) => c.exitCode === null && signalGroup(c, 'SIGKILL')));

try {
  if (!dev) buildWebIfStale();
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (!usesRealFirebase() && !env.FIREBASE_AUTH_EMULATOR_HOST) {
    if (env.NODE_ENV === 'production') {
      throw new Error(
        'NODE_ENV=production needs a real Firebase project (FIREBASE_API_KEY, FIREBASE_PROJECT_ID); the Auth Emulator is for local use only.',
      );
    }
    const wanted = Number(env.AUTH_EMULATOR_PORT ?? 9099);
    const port = (await isPortFree(wanted)) ? wanted : await freePort();
    console.log(`Starting the Firebase Auth Emulator on 127.0.0.1:${port} (accounts kept in .data/auth)…`);
    emulator = await startAuthEmulator({ port, dataDir: join(repoRoot, '.data/auth'), quiet: true, detached: true });
    env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
    env.FIREBASE_PROJECT_ID = DEMO_PROJECT_ID;
  }
  if (dev) {
    const apiPort = env.PORT ?? '3000';
    run('npm', ['run', 'dev', '-w', '@b2b/api'], { ...env, PORT: apiPort }, { pretty: prettyLogs });
    run('npm', ['run', 'dev', '-w', '@b2b/web'], { ...env, API_PORT: apiPort });
  } else {
    run(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], env, { pretty: prettyLogs });
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}

async function isPortFree(port: number): Promise<boolean> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
