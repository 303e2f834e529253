import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { productBody } from '../helpers/factories.js';
import { usesPostgres } from '../helpers/database.js';
import { emulatorHost, TEST_PROJECT_ID } from '../helpers/env.js';
import { redisReachable, TEST_REDIS_URL, uniqueAddress } from '../helpers/redis.js';
import { createUser, type TestUser } from '../helpers/users.js';

/*
 * Two API processes (the production entry point, src/server.ts) on one PostgreSQL database and
 * one Redis, as behind a load balancer: the write limit is one budget across both, and an
 * Idempotency-Key sent to both at once buys once. PostgreSQL project only (PGlite is embedded
 * in one process); skipped, saying so, when no Redis answers.
 */

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
const LIMIT = 5;
const redis = usesPostgres() ? await redisReachable() : false;

interface ApiProcess {
  url: string;
  child: ChildProcess;
}

async function startApi(databaseUrl: string): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: databaseUrl,
      REDIS_URL: TEST_REDIS_URL,
      TRUST_PROXY: '127.0.0.1',
      WRITE_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      SEED_ON_EMPTY: 'false',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
      WEB_DIST_DIR: '/nonexistent/web-dist',
    },
  });
  let output = '';
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`API did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /B2B Wholesale Platform: (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolveStart({ url, child });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`API exited (${code}):\n${output}`));
    });
  });
}

async function stopApi(api: ApiProcess | undefined): Promise<void> {
  if (!api || api.child.exitCode !== null) return;
  const exited = new Promise((r) => api.child.once('exit', r));
  api.child.kill('SIGTERM');
  await exited;
}

describe.skipIf(!redis)('two API processes behind one balancer', () => {
  const database = `b2b_scale_${randomBytes(5).toString('hex')}`;
  const admin = () => new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  let a: ApiProcess | undefined;
  let b: ApiProcess | undefined;
  let seller: TestUser;
  let productId: string;
  // Each test is a client of its own (through the balancer): a first, not yet verified token
  // counts against its address's write budget too.
  let client = uniqueAddress();

  const post = (api: ApiProcess, path: string, user: TestUser, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${api.url}${path}`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json', 'x-forwarded-for': client, ...headers },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`CREATE DATABASE ${database}`);
    await c.end();
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${database}`;
    // One after the other: the first applies the migrations.
    a = await startApi(url.toString());
    b = await startApi(url.toString());
    seller = await createUser();
    const created = await post(a, '/api/products', seller, productBody({ quantity: 1000, minSellQty: 1 }));
    expect(created.status).toBe(201);
    productId = ((await created.json()) as { insertedId: string }).insertedId;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopApi(a), stopApi(b)]);
    const c = admin();
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await c.end();
  });

  test(`the write limit (${LIMIT}/min) holds across both processes`, async () => {
    client = uniqueAddress();
    const buyer = await createUser();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const api = (i % 2 === 0 ? a : b) as ApiProcess;
      statuses.push((await post(api, '/api/carts', buyer, { productId, buyQuantity: 1 })).status);
    }
    // In each process's memory this would be 10 purchases (5 + 5).
    expect(statuses.filter((s) => s === 201)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - LIMIT);
    const cart = await fetch(`${a?.url}/api/carts/${encodeURIComponent(buyer.email)}`, {
      headers: { ...buyer.headers, 'x-forwarded-for': client },
    });
    expect(((await cart.json()) as unknown[]).length).toBe(LIMIT);
  });

  test('one Idempotency-Key sent to both processes at once buys once', async () => {
    client = uniqueAddress();
    const buyer = await createUser();
    const key = randomUUID();
    const answers = await Promise.all(
      [a, b, a, b].map((api) =>
        post(api as ApiProcess, '/api/carts', buyer, { productId, buyQuantity: 2 }, { 'idempotency-key': key }),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201]);
    const ids = await Promise.all(
      answers.map(async (res) => ((await res.json()) as { insertedId: string }).insertedId),
    );
    expect(new Set(ids).size).toBe(1);
    const cart = await fetch(`${b?.url}/api/carts/${encodeURIComponent(buyer.email)}`, {
      headers: { ...buyer.headers, 'x-forwarded-for': client },
    });
    expect(((await cart.json()) as unknown[]).length).toBe(1);
  });
});
