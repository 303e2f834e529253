import { stripVTControlCharacters } from 'node:util';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { authEmulator } from '@b2b/shared/testing/auth-emulator';
import { freePort } from '../../../../scripts/lib/emulator.js';
import { processAlive } from '../../src/db/lock.js';

/*
 * npm start and npm run dev (scripts/start.ts) leave nothing running when they die, however
 * they die: killing npm with kill -9 (start.ts watches its launchers and stops cleanly), and
 * killing start.ts itself with kill -9 (its guardian stops what it started). Either way the
 * Auth Emulator's accounts are exported first, and no port stays open. Also: a second npm start
 * says where the first one runs instead of starting.
 */

const REPO_ROOT = join(import.meta.dirname, '../../../..');
let work: string;
const started: number[] = [];

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'b2b-no-orphans-'));
  // A build of our own: npm start then has nothing to build.
  mkdirSync(join(work, 'web'));
  writeFileSync(join(work, 'web', 'index.html'), '<!doctype html><title>test</title>');
});
afterAll(() => {
  // Whatever a failed test left behind.
  for (const pid of [...started, ...runningWith(work)]) if (processAlive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

/** Processes whose environment names a data folder under `dir` (every process of a shop has it). */
function runningWith(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (
        readFileSync(`/proc/${entry}/environ`, 'utf8')
          .split('\0')
          .some((v) => v.startsWith(`DATA_DIR=${dir}`))
      ) {
        pids.push(Number(entry));
      }
    } catch {
      // gone, or not ours
    }
  }
  return pids.filter((pid) => processAlive(pid));
}

interface Shop {
  npm: ChildProcess;
  url: string;
  ports: number[];
  dataDir: string;
  output(): string;
}

async function shopEnv(name: string) {
  const [port, authPort] = [await freePort(), await freePort()];
  const dataDir = join(work, name);
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env))
    if (/^(FIREBASE_|DATABASE_|PGLITE_DIR$|API_TEST_DB$|VITEST)/.test(key)) delete env[key];
  return {
    port,
    authPort,
    dataDir,
    env: {
      ...env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(work, 'web'),
      PORT: String(port),
      AUTH_EMULATOR_PORT: String(authPort),
      SEED_ON_EMPTY: 'false',
      // Blank values win over a developer's .env.
      DATABASE_URL: '',
      FIREBASE_API_KEY: '',
      FIREBASE_AUTH_EMULATOR_HOST: '',
    },
  };
}

function npm(args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; output(): string } {
  const child = spawn('npm', args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid) started.push(child.pid);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function startShop(name: string, mode: 'start' | 'dev'): Promise<Shop> {
  const { port, authPort, dataDir, env } = await shopEnv(name);
  const run = npm(mode === 'start' ? ['start'] : ['run', 'dev'], env);
  const deadline = Date.now() + 150_000;
  for (;;) {
    // Without colour codes: Vite colours its port ("localhost:\x1b[1m5173\x1b[22m") when FORCE_COLOR is set.
    const text = stripVTControlCharacters(run.output());
    const url = /B2B Wholesale Platform: (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
    const vite = /Local:\s+http:\/\/localhost:(\d+)/.exec(text)?.[1];
    if (url && (mode === 'start' || vite)) {
      return {
        npm: run.child,
        url,
        ports: [port, authPort, ...(vite ? [Number(vite)] : [])],
        dataDir,
        output: run.output,
      };
    }
    if (run.child.exitCode !== null || Date.now() > deadline) throw new Error(`npm ${mode} did not start:\n${text}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Every process below `pid`, with its command line. */
function descendants(pid: number): { pid: number; command: string }[] {
  const ps = spawnSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' });
  const rows = ps.stdout
    .trim()
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), command: m[3] ?? '' }));
  const found: { pid: number; command: string }[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const row of rows.filter((r) => r.ppid === parent)) {
      found.push({ pid: row.pid, command: row.command });
      queue.push(row.pid);
    }
  }
  started.push(...found.map((p) => p.pid));
  return found;
}

const listening = (port: number) =>
  new Promise<boolean>((resolveCheck) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolveCheck(true)));
    socket.once('error', () => resolveCheck(false));
  });

/** An account on the shop's own emulator, for its export to keep. */
const signUp = (authPort: number, email: string) =>
  authEmulator(`127.0.0.1:${authPort}`).signUp({ email, password: 'Secret#123' });

const savedEmails = (dataDir: string) => {
  const file = join(dataDir, 'auth', 'auth_export', 'accounts.json');
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as { users: { email: string }[] }).users.map((u) => u.email);
};

/** Waits until none of `pids`, nor any other process of the shop, runs, and no port of it answers. */
async function expectAllGone(shop: Shop, pids: number[]): Promise<void> {
  const running = () => [...new Set([...pids, ...runningWith(shop.dataDir)])].filter((pid) => processAlive(pid));
  await expect.poll(running, { timeout: 45_000, interval: 500 }).toEqual([]);
  for (const port of shop.ports) expect(await listening(port), `port ${port}`).toBe(false);
}

test('kill -9 of npm start: start.ts notices, stops everything and saves the accounts; a second start had said where the first runs', async () => {
  const shop = await startShop('start', 'start');
  const second = npm(['start'], await secondEnv(shop));
  const code = await new Promise((r) => second.child.once('exit', r));
  expect(code).not.toBe(0);
  expect(second.output()).toContain(`The shop is already running at ${shop.url}`);
  expect(await listening(shop.ports[0] as number)).toBe(true);

  await signUp(shop.ports[1] as number, 'kept-after-kill@example.com');
  const tree = descendants(shop.npm.pid as number);
  expect(tree.map((p) => p.command).join('\n')).toMatch(/guardian-process/);
  process.kill(shop.npm.pid as number, 'SIGKILL');

  await expectAllGone(
    shop,
    tree.map((p) => p.pid),
  );
  expect(savedEmails(shop.dataDir)).toContain('kept-after-kill@example.com');
  expect(existsSync(join(shop.dataDir, 'db.lock'))).toBe(false);
}, 300_000);

test('kill -9 of start.ts itself under npm run dev: the guardian stops the API, Vite and the emulator and saves the accounts', async () => {
  const shop = await startShop('dev', 'dev');
  await signUp(shop.ports[1] as number, 'kept-by-the-guardian@example.com');
  const tree = descendants(shop.npm.pid as number);
  const startTs = tree.find((p) => /loader\.mjs scripts\/start\.ts --dev/.test(p.command));
  expect(startTs).toBeDefined();
  process.kill(startTs?.pid as number, 'SIGKILL');

  await expectAllGone(
    shop,
    tree.map((p) => p.pid),
  );
  expect(savedEmails(shop.dataDir)).toContain('kept-by-the-guardian@example.com');
  expect(shop.output()).toContain('[guardian] npm start');
}, 300_000);

/** The environment of `shop` again: a second npm start on the same data folder and ports. */
async function secondEnv(shop: Shop): Promise<NodeJS.ProcessEnv> {
  const { env } = await shopEnv('start');
  return { ...env, DATA_DIR: shop.dataDir, PORT: String(shop.ports[0]), AUTH_EMULATOR_PORT: String(shop.ports[1]) };
}
