import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabase } from '../../src/db/client.js';
import {
  acquireLock,
  DataDirLockedError,
  lockPathFor,
  processIdentity,
  readLock,
  type LockInfo,
} from '../../src/db/lock.js';
import { REPO_ROOT, spawnApi, spawnScript, startApi, stopApi, type ApiProcess } from '../helpers/api-process.js';
import { productBody } from '../helpers/factories.js';
import { createUser, type TestUser } from '../helpers/users.js';

/*
 * One process at a time per PGlite data folder (src/db/lock.ts). PGlite itself lets a second
 * process open a folder another one is writing, and the two corrupt it.
 */

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'b2b-lock-test-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const LOCK_MODULE = pathToFileURL(join(REPO_ROOT, 'apps/api/src/db/lock.ts')).href;

/** Another process that takes the lock of `dir`, says so, and waits to be killed. */
async function holderProcess(dir: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { acquireLock } = await import(${JSON.stringify(LOCK_MODULE)});
       await acquireLock(${JSON.stringify(dir)}, 'a test holder');
       console.log('locked');
       setInterval(() => {}, 1000);`,
    ],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolveLocked, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolveLocked());
    child.once('exit', (code) => reject(new Error(`the holder exited (${code})`)));
  });
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  return { pid: child.pid as number, kill9: async () => (child.kill('SIGKILL'), await exited) };
}

describe('the lock', () => {
  test('a second opener in this process is refused until the first releases it', async () => {
    const dir = join(work, 'same-process');
    const lock = await acquireLock(dir, 'first');
    await expect(acquireLock(dir, 'second')).rejects.toThrow(
      /in use by first \(pid \d+.*\n.*\nThis process has it open/,
    );
    lock.release();
    expect(existsSync(lockPathFor(dir))).toBe(false);
    (await acquireLock(dir, 'second')).release();
  });

  test('a live process keeps its lock: the opener is refused at once, told its pid and how to stop it', async () => {
    const dir = join(work, 'live');
    const holder = await holderProcess(dir);
    try {
      const started = Date.now();
      const error = await acquireLock(dir, 'me').catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as Error).message).toContain(`in use by a test holder (pid ${holder.pid}`);
      expect((error as Error).message).toContain(`kill ${holder.pid}`);
      expect(readLock(dir)?.pid).toBe(holder.pid);
    } finally {
      await holder.kill9();
    }
  });

  test('the lock of a process that was killed (kill -9) is stale and taken over', async () => {
    const dir = join(work, 'stale');
    const holder = await holderProcess(dir);
    await holder.kill9();
    expect(readLock(dir)?.pid).toBe(holder.pid); // left behind
    const lock = await acquireLock(dir, 'me');
    expect(readLock(dir)).toMatchObject({ pid: process.pid, program: 'me' });
    lock.release();
  });

  test.runIf(processIdentity(process.pid) !== null)(
    'a lock whose pid now belongs to another process (another start time) is stale too',
    async () => {
      const dir = join(work, 'reused-pid');
      const reused: LockInfo = {
        pid: process.ppid, // alive, but not the process that wrote the lock
        program: 'an earlier API',
        startedAt: '2020-01-01T00:00:00.000Z',
        hostname: hostname(),
        identity: 'another-boot:1',
      };
      writeFileSync(lockPathFor(dir), JSON.stringify(reused));
      const lock = await acquireLock(dir, 'me');
      expect(readLock(dir)?.pid).toBe(process.pid);
      lock.release();
    },
  );

  test('a lock file this code did not write is left to a person', async () => {
    const dir = join(work, 'foreign');
    writeFileSync(lockPathFor(dir), 'not ours');
    await expect(acquireLock(dir, 'me')).rejects.toThrow(/which this program did not write/);
    expect(readFileSync(lockPathFor(dir), 'utf8')).toBe('not ours');
  });

  test('createDatabase takes the lock before PGlite opens the folder, and gives it back on close', async () => {
    const dir = join(work, 'database');
    const first = await createDatabase({ url: null, pgliteDir: dir, program: 'the first' });
    try {
      await expect(createDatabase({ url: null, pgliteDir: dir, program: 'the second' })).rejects.toThrow(
        /in use by the first/,
      );
      await first.ping();
    } finally {
      await first.close();
    }
    expect(existsSync(lockPathFor(dir))).toBe(false);
    const second = await createDatabase({ url: null, pgliteDir: dir, program: 'the second' });
    await second.close();
  }, 120_000);
});

describe('two API processes on one PGlite folder', () => {
  let first: (ApiProcess & { url: string }) | undefined;
  let seller: TestUser;
  let productId: string;
  const dir = () => join(work, 'shop', 'db');
  const env = () => ({ PGLITE_DIR: dir(), DATA_DIR: join(work, 'shop') });

  beforeAll(async () => {
    first = await startApi(env());
    seller = await createUser();
    const res = await fetch(`${first.url}/api/products`, {
      method: 'POST',
      headers: { ...seller.headers, 'content-type': 'application/json' },
      body: JSON.stringify(productBody({ name: 'Kept safe', quantity: 40 })),
    });
    expect(res.status).toBe(201);
    productId = ((await res.json()) as { insertedId: string }).insertedId;
  }, 120_000);
  afterAll(() => stopApi(first));

  test('the second refuses with who holds the folder; the first keeps serving with its data', async () => {
    const second = spawnApi(env());
    // Should it start after all, it must not outlive the test.
    const timer = setTimeout(() => second.child.kill('SIGKILL'), 30_000);
    expect(await second.exited).toBe(1);
    clearTimeout(timer);
    expect(second.output()).toContain(`is in use by the API (pid ${first?.child.pid}`);
    expect(second.output()).toContain(`serving ${first?.url}`);
    expect(second.output()).toContain(`kill ${first?.child.pid}`);
    expect(second.output()).not.toMatch(/RuntimeError|Aborted/);

    const health = await fetch(`${first?.url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', db: 'up' });
    const product = await fetch(`${first?.url}/api/products/${productId}`);
    expect(await product.json()).toMatchObject({ _id: productId, name: 'Kept safe', quantity: 40 });
    // And it still writes.
    const adjusted = await fetch(`${first?.url}/api/products/quantity/${productId}`, {
      method: 'PATCH',
      headers: { ...seller.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ decBy: 5 }),
    });
    expect(adjusted.status).toBe(200);
  }, 60_000);

  test('npm run seed refuses too, naming the API', async () => {
    const seed = spawnScript('apps/api/src/seed/cli.ts', env());
    expect(await seed.exited).toBe(1);
    expect(seed.output()).toContain(`is in use by the API (pid ${first?.child.pid}`);
    const product = await fetch(`${first?.url}/api/products/${productId}`);
    expect(await product.json()).toMatchObject({ quantity: 35 });
  }, 60_000);
});
