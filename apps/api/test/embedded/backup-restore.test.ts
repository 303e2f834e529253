import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildShipTo } from '@b2b/shared/testing';
import {
  accountIds,
  exportedAccountIds,
  startAuthEmulator,
  type RunningEmulator,
} from '../../../../scripts/lib/emulator.js';
import { createDatabase, queryRows } from '../../src/db/client.js';
import { MEMORY_DIR, openPglite } from '../../src/db/pglite.js';
import { REPO_ROOT, startApi, stopApi, type ApiProcess } from '../helpers/api-process.js';
import { productBody } from '../helpers/factories.js';
import { createUser, type TestUser } from '../helpers/users.js';

/*
 * npm run backup / npm run restore (scripts/backup.ts, scripts/restore.ts) on a data folder of
 * their own, with an Auth Emulator of their own, so the accounts can be compared exactly: a
 * backup taken while the API runs, changes after it, and a restore that gives back exactly the
 * rows and accounts there were.
 */

const TABLES = ['products', 'cart_items', 'orders', 'order_lines', 'profiles'] as const;

let work: string;
let emulator: RunningEmulator;
let api: (ApiProcess & { url: string }) | undefined;
const dataDir = () => join(work, 'data');
const dbDir = () => join(dataDir(), 'db');

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'b2b-backup-test-'));
  emulator = await startAuthEmulator({ quiet: true });
}, 120_000);
afterAll(async () => {
  await stopApi(api);
  await emulator?.stop();
  rmSync(work, { recursive: true, force: true });
});

const startShop = () => startApi({ DATA_DIR: dataDir(), FIREBASE_AUTH_EMULATOR_HOST: emulator.host });

/** Runs `npm run <name> -- args` as npm would (the script, from the repository root). */
function runScript(name: 'backup' | 'restore', args: string[] = []): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Blank values win over a developer's .env: this folder, PGlite, the emulator.
    env: { PATH: process.env.PATH, DATA_DIR: dataDir(), PGLITE_DIR: '', DATABASE_URL: '', FIREBASE_API_KEY: '' },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolveRun) => child.once('exit', (code) => resolveRun({ code, output })));
}

/** Every row of the shop's tables, as PostgreSQL writes them in JSON, in id order (the API must be stopped). */
async function rows(): Promise<Record<string, string[]>> {
  const database = await createDatabase({ url: null, pgliteDir: dbDir(), program: 'the test' });
  try {
    const result: Record<string, string[]> = {};
    for (const table of TABLES) {
      const key = table === 'profiles' ? 'uid' : table === 'order_lines' ? 'order_id, position' : 'id';
      const found = await queryRows<{ row: string }>(
        database.db,
        sql.raw(`SELECT row_to_json(t)::text AS row FROM ${table} t ORDER BY ${key}`),
      );
      result[table] = found.map((r) => r.row);
    }
    return result;
  } finally {
    await database.close();
  }
}

async function call(user: TestUser, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${api?.url}${path}`, {
    method,
    headers: { ...user.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.ok, `${method} ${path}: ${res.status} ${text}`).toBe(true);
  return text ? (JSON.parse(text) as unknown) : undefined;
}

test('backup while the app runs → change → restore gives back the exact rows and accounts', async () => {
  // A shop with a product of each seller, profiles, an order and a cart.
  api = await startShop();
  const seller = await createUser({ host: emulator.host });
  const buyer = await createUser({ host: emulator.host });
  const { insertedId: productId } = (await call(seller, 'POST', '/api/products', productBody({ quantity: 500 }))) as {
    insertedId: string;
  };
  await call(seller, 'PUT', '/api/profile', { displayName: 'Seller', companyName: 'Backed Up Ltd' });
  await call(buyer, 'PUT', '/api/profile', { displayName: 'Buyer', companyName: 'Buying Co' });
  await call(buyer, 'POST', '/api/carts', { productId, buyQuantity: 10 });
  const placed = (await call(buyer, 'POST', '/api/orders', { shipTo: buildShipTo() })) as { orders: { _id: string }[] };
  await call(buyer, 'POST', '/api/carts', { productId, buyQuantity: 20 });
  await stopApi(api);
  const before = await rows();
  expect(TABLES.map((table) => before[table]?.length)).toEqual([1, 1, 1, 1, 2]);
  const accountsBefore = await accountIds(emulator.host);

  api = await startShop();
  const backup = await runScript('backup');
  expect(backup.code, backup.output).toBe(0);
  expect(backup.output).toContain('the API (pid');
  expect(backup.output).toContain('asking it for a dump of itself');
  expect(backup.output).toContain('2 accounts of the Auth Emulator backed up');
  const file = /npm run restore -- (\S+\.tar\.gz)/.exec(backup.output)?.[1] ?? '';
  expect(file).toMatch(new RegExp(`^${join(dataDir(), 'backups')}/\\d{4}-\\d\\d-\\d\\dT[\\d-]+Z-manual\\.tar\\.gz$`));
  const absolute = file;
  expect(existsSync(absolute.replace(/\.tar\.gz$/, '.auth.json'))).toBe(true);

  // Everything changes after the backup: a new account, a cancelled order, another purchase,
  // a changed profile, a deleted product.
  const latecomer = await createUser({ host: emulator.host });
  await call(buyer, 'PATCH', `/api/orders/${placed.orders[0]?._id}/status`, { status: 'cancelled' });
  await call(latecomer, 'POST', '/api/carts', { productId, buyQuantity: 10 });
  await call(seller, 'PUT', '/api/profile', { displayName: 'Renamed', companyName: 'Changed Ltd' });
  await call(seller, 'DELETE', `/api/products/${productId}`);

  // Not while the app runs.
  const refused = await runScript('restore', [absolute]);
  expect(refused.code).toBe(1);
  expect(refused.output).toContain(`the API (pid ${api.child.pid}, ${api.url}) has the database open: stop it first`);

  await stopApi(api);
  api = undefined;
  expect(await rows()).not.toEqual(before);

  const restored = await runScript('restore', [absolute]);
  expect(restored.code, restored.output).toBe(0);
  expect(restored.output).toContain('Restored 2 Auth Emulator accounts');
  expect(await rows()).toEqual(before);
  expect(exportedAccountIds(join(dataDir(), 'auth'))).toEqual(accountsBefore);
  expect(accountsBefore).not.toContain(latecomer.uid);
  // What the restore replaced was kept (accounts too, had there been saved ones in data/auth).
  const kept = readdirSync(join(dataDir(), 'backups')).filter((name) => name.includes('-before-restore.'));
  expect(kept).toEqual([expect.stringMatching(/^[\dT-]+Z-before-restore\.tar\.gz$/)]);

  // The Auth Emulator starts from the restored accounts.
  const next = await startAuthEmulator({ quiet: true, dataDir: join(dataDir(), 'auth') });
  try {
    // The emulator may answer before its import is in: ask again for a while.
    await expect.poll(() => accountIds(next.host), { timeout: 20_000, interval: 500 }).toEqual(accountsBefore);
  } finally {
    await next.stop();
  }
}, 300_000);

test('a backup while nothing runs takes the lock itself; its file is PGlite’s dump of the same database', async () => {
  await stopApi(api);
  if (!existsSync(dbDir())) {
    // Alone: a database with a product first.
    api = await startShop();
    await call(await createUser({ host: emulator.host }), 'POST', '/api/products', productBody());
    await stopApi(api);
  }
  const before = await rows();
  const backup = await runScript('backup');
  expect(backup.code, backup.output).toBe(0);
  expect(backup.output).not.toContain('asking it');
  const file = /npm run restore -- (\S+\.tar\.gz)/.exec(backup.output)?.[1] ?? '';
  const dump = readFileSync(file);
  const copy = await openPglite(MEMORY_DIR, new Blob([dump], { type: 'application/x-gzip' }));
  try {
    for (const table of TABLES) {
      const { rows: found } = await copy.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      expect(found[0]?.n, table).toBe(before[table]?.length);
    }
  } finally {
    await copy.close();
  }
}, 120_000);
