import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DEMO_PROJECT_ID } from '@b2b/shared';
import { freePort, startAuthEmulator, type RunningEmulator } from './lib/emulator.js';
import { repoRoot } from './lib/env-file.js';
import { startMailDev, type RunningMailDev } from './lib/maildev.js';
import { apiEnv, stopChild, waitForHealth } from './lib/stack.js';
import { buildWebIfStale } from './lib/web-build.js';

/*
 * `npm run test:e2e [-- <playwright args>]`: the stack `npm start` runs, fresh and isolated:
 *   1. builds the web app when its build is missing or older than its sources,
 *   2. starts a throw-away Auth Emulator on free ports,
 *   3. starts MailDev (the mail catcher) on free ports; journeys read the mail through its REST API,
 *   4. starts the API on a free port with a new PGlite folder, or, when E2E_DATABASE_URL
 *      names a PostgreSQL server, with a newly created database that is dropped afterwards,
 *   5. runs Playwright against it and prints `N passed, N failed` for CI.
 * Everything is stopped on success, failure and Ctrl-C; the exit code is Playwright's.
 *
 * A test run takes no pictures. `npm run screenshots` (`--screenshots`) runs only the specs that
 * photograph (the screens, and the notifications journey's emails and inbox) with
 * E2E_PHOTOGRAPHS=1, into test-results/screenshots (ignored by git), and when they pass copies
 * the pictures to docs/screenshots for the README.
 */

const apiLogPath = join(repoRoot, '.data', 'tmp', `e2e-api-${process.pid}.log`);
const reportPath = join(repoRoot, 'test-results', 'e2e-report.json');
const SCREENSHOTS_FLAG = '--screenshots';
const refreshScreenshots = process.argv.includes(SCREENSHOTS_FLAG);
const playwrightArgs = process.argv.slice(2).filter((arg) => arg !== SCREENSHOTS_FLAG);
/** The specs that photograph, where they write, and where the README's copies live. */
const photographingSpecs = ['e2e/screens/', 'e2e/journeys/notifications.spec.ts'];
const screenshotsOut = join(repoRoot, 'test-results', 'screenshots');
const screenshotsDocs = join(repoRoot, 'docs', 'screenshots');

let emulator: RunningEmulator | undefined;
let mail: RunningMailDev | undefined;
let api: ChildProcess | undefined;
let playwright: ChildProcess | undefined;
let runDir: string | undefined;
let database: { adminUrl: string; name: string } | undefined;
let cleaning: Promise<void> | undefined;
let interrupted = false;

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function createDatabase(adminUrl: string): Promise<string> {
  const name = `b2b_e2e_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  database = { adminUrl, name };
  return withDatabase(adminUrl, name);
}

async function dropDatabase(): Promise<void> {
  if (!database) return;
  const { adminUrl, name } = database;
  database = undefined;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await stopChild(playwright);
    await stopChild(api);
    await emulator?.stop().catch(() => undefined);
    await mail?.stop();
    await dropDatabase().catch((error: unknown) => console.error('Could not drop the e2e database:', error));
    if (runDir) rmSync(runDir, { recursive: true, force: true });
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the e2e stack…`);
    void cleanup().then(() => process.exit(130));
  });
}

/** The API's warnings and errors (and anything that is not a JSON log line), last ones first seen. */
function printProblems(path: string): void {
  if (!existsSync(path)) return;
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !/^\{"level":(10|20|30),/.test(line));
  if (lines.length === 0) return;
  console.error(`--- API warnings and errors (full log: ${path}) ---\n${lines.slice(-40).join('\n')}`);
}

interface ReportStats {
  expected: number;
  unexpected: number;
  flaky: number;
  skipped: number;
}

function closingLine(code: number): string {
  try {
    const { stats } = JSON.parse(readFileSync(reportPath, 'utf8')) as { stats: ReportStats };
    const failed = stats.unexpected + stats.flaky;
    return `${stats.expected} passed, ${failed} failed${stats.skipped ? `, ${stats.skipped} skipped` : ''}`;
  } catch {
    // No report: Playwright did not get as far as running tests.
    return `0 passed, ${code === 0 ? 0 : 1} failed`;
  }
}

/** After a passing `npm run screenshots`: the pictures taken replace their copies in docs/screenshots. */
function copyScreenshots(code: number): void {
  if (code !== 0) {
    console.log(`docs/screenshots left as it was (the run failed); this run's pictures are in ${screenshotsOut}.`);
    return;
  }
  const pictures = existsSync(screenshotsOut) ? readdirSync(screenshotsOut).filter((f) => f.endsWith('.png')) : [];
  mkdirSync(screenshotsDocs, { recursive: true });
  for (const name of pictures) copyFileSync(join(screenshotsOut, name), join(screenshotsDocs, name));
  console.log(`Copied ${pictures.length} screenshots to docs/screenshots.`);
}

async function main(): Promise<number> {
  const started = Date.now();
  buildWebIfStale();
  // A private copy of the build: a rebuild elsewhere during the run must not pull files from under the app.
  runDir = mkdtempSync(join(tmpdir(), 'b2b-e2e-'));
  cpSync(join(repoRoot, 'apps/web/dist'), join(runDir, 'web'), { recursive: true });
  mkdirSync(join(repoRoot, '.data', 'tmp'), { recursive: true });
  rmSync(reportPath, { force: true });

  emulator = await startAuthEmulator({ quiet: true });
  console.log(`Auth Emulator ready on ${emulator.host}`);
  mail = await startMailDev();
  console.log(`MailDev ready: ${mail.smtpUrl}, inbox ${mail.webUrl}`);

  const adminUrl = process.env.E2E_DATABASE_URL;
  const databaseUrl = adminUrl ? await createDatabase(adminUrl) : undefined;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = createWriteStream(apiLogPath);
  api = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: apiEnv(port, emulator.host, databaseUrl, runDir, mail.smtpUrl),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  api.stdout?.pipe(log);
  api.stderr?.pipe(log);
  try {
    await waitForHealth(baseUrl, api);
  } catch (error) {
    printProblems(apiLogPath);
    throw error;
  }
  const db = database ? `PostgreSQL database ${database.name}` : `PGlite in ${join(runDir, 'db')}`;
  console.log(`API ready on ${baseUrl} (${db}); log: ${apiLogPath}`);

  const playwrightBin = join(repoRoot, 'node_modules', '.bin', 'playwright');
  const args = refreshScreenshots ? [...photographingSpecs, ...playwrightArgs] : playwrightArgs;
  playwright = spawn(playwrightBin, ['test', ...args], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      BASE_URL: baseUrl,
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      FIREBASE_PROJECT_ID: DEMO_PROJECT_ID,
      MAILDEV_URL: mail.webUrl,
      ...(refreshScreenshots ? { E2E_PHOTOGRAPHS: '1' } : {}),
    },
  });
  const code = await new Promise<number>((resolve) =>
    playwright?.once('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))),
  );
  if (interrupted) return 130;
  if (code !== 0) printProblems(apiLogPath);
  else rmSync(apiLogPath, { force: true });
  console.log(
    `\nEnd-to-end run took ${Math.round((Date.now() - started) / 1000)} s on ${database ? 'PostgreSQL' : 'PGlite'}.`,
  );
  console.log(closingLine(code));
  if (refreshScreenshots) copyScreenshots(code);
  return code;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.log('0 passed, 1 failed');
} finally {
  await cleanup();
}
process.exit(exitCode);
