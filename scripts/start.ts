import { spawn, type ChildProcess } from 'node:child_process';
import pinoPretty from 'pino-pretty';
import { DEMO_PROJECT_ID } from '@b2b/shared';
import { localDataDirs } from '../apps/api/src/config.js';
import { exitIfAlreadyRunning } from './lib/already-running.js';
import { freePort, startAuthEmulator, type RunningEmulator } from './lib/emulator.js';
import { loadEnvFile, repoRoot, shownPath, usesRealFirebase } from './lib/env-file.js';
import { startGuardian } from './lib/guardian.js';
import { onLauncherGone } from './lib/launchers.js';
import { startLocalMailCatcher } from './lib/maildev.js';
import { buildWebIfStale } from './lib/web-build.js';

/*
 * `npm start`: the whole product in one command.
 *   1. builds the web app when its build is missing or older than its sources,
 *   2. starts the Firebase Auth Emulator (accounts kept in .data/auth) unless real Firebase is configured,
 *   3. starts MailDev, the local mail catcher (scripts/lib/maildev.ts), unless SMTP_URL is set,
 *   4. runs the API, which opens PGlite (.data/db) or DATABASE_URL, migrates, seeds an empty
 *      database and serves app + API on PORT.
 * `npm run dev` does the same with the Vite dev server (hot reload) and the API in watch mode.
 * Ctrl-C stops every child and keeps the data. So does the end of npm (kill -9 included: start.ts
 * watches its launchers), and the guardian stops the children if start.ts itself is killed.
 * When the shop already runs on this database, it says where instead (lib/already-running.ts).
 * The API logs JSON (one line per request); in a terminal, and always with --dev, those lines
 * are printed readably here (pino-pretty). Redirected to a file or a pipe, they stay JSON.
 */

loadEnvFile();
const dev = process.argv.includes('--dev');
exitIfAlreadyRunning(process.env);
const guardian = await startGuardian();
onLauncherGone((pid) => {
  // Its terminal or pipe may be gone with it: writing there must not stop the shutdown.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  console.error(`\nThe process that started this one (pid ${pid}) is gone.`);
  void shutdown(0);
});
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
  guardian.watch(child, `${command} ${args.join(' ')}`);
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
  guardian.release();
  process.exit(exitCode);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));
process.on('exit', () => children.forEach((c) => c.exitCode === null && signalGroup(c, 'SIGKILL')));

try {
  // A WEB_DIST_DIR of one's own is served as it is.
  if (!dev && !process.env.WEB_DIST_DIR) buildWebIfStale();
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (!usesRealFirebase() && !env.FIREBASE_AUTH_EMULATOR_HOST) {
    if (env.NODE_ENV === 'production') {
      throw new Error(
        'NODE_ENV=production needs a real Firebase project (FIREBASE_API_KEY, FIREBASE_PROJECT_ID); the Auth Emulator is for local use only.',
      );
    }
    const wanted = Number(env.AUTH_EMULATOR_PORT ?? 9099);
    const port = (await isPortFree(wanted)) ? wanted : await freePort();
    const { authDir } = localDataDirs(env);
    console.log(`Starting the Firebase Auth Emulator on 127.0.0.1:${port} (accounts kept in ${shownPath(authDir)})…`);
    emulator = await startAuthEmulator({
      port,
      dataDir: authDir,
      quiet: true,
      detached: true,
      logToFile: true,
      onSpawn: (child) => guardian.watch(child, 'the Auth Emulator'),
    });
    guardian.watchEmulator(emulator, authDir);
    env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
    env.FIREBASE_PROJECT_ID = DEMO_PROJECT_ID;
  }
  if (env.NODE_ENV !== 'production') {
    // Stopped with the other children (by process group), and by the guardian should start.ts die.
    const mail = await startLocalMailCatcher(env);
    if (mail) {
      children.push(mail.process);
      guardian.watch(mail.process, 'the mail catcher (MailDev)');
    }
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
