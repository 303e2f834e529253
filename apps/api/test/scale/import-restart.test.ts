import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ImportStatus } from '@b2b/shared';
import { createScratchDatabase, usesPostgres, type ScratchDatabase } from '../helpers/database.js';
import { startApi, type ApiProcess } from '../helpers/api-process.js';
import { createUser, type TestUser } from '../helpers/users.js';

/*
 * An import survives the end of its process (docs/architecture.md, "Catalogue import and
 * export"). Killed with SIGKILL half way, its job is taken up by a second process once it has
 * expired; stopped with SIGTERM half way, the process ends the job at its next row, exits
 * cleanly and queues the rest, which a second process takes up at once. Either way the import
 * finishes with every row applied exactly once. PostgreSQL only: two processes cannot share a
 * PGlite database.
 */

const ROWS = 12_000;

type Api = ApiProcess & { url: string };

const startImportApi = (databaseUrl: string, env: Record<string, string> = {}) =>
  startApi({
    DATABASE_URL: databaseUrl,
    JOB_MAINTENANCE_SECONDS: '2',
    JOB_POLL_SECONDS: '1',
    WRITE_RATE_LIMIT_PER_MINUTE: '100000',
    READ_RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
  });

let database: ScratchDatabase | undefined;
const running: Api[] = [];

beforeAll(async () => {
  if (usesPostgres()) database = await createScratchDatabase('b2b_import');
});

afterAll(async () => {
  for (const api of running) if (api.child.exitCode === null) api.child.kill('SIGKILL');
  await database?.drop();
});

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<T[]> {
  const c = new pg.Client({ connectionString: database?.url ?? '' });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

/** Uploads `ROWS` new products (SKUs starting with `prefix`) and returns once some, not all, are in. */
async function importUnderWay(api: Api, seller: TestUser, prefix: string) {
  const csv = `sku,name,category,price,quantity,minSellQty\n${Array.from(
    { length: ROWS },
    (_, i) => `${prefix}-${i},${prefix} product ${i},home,${(1 + (i % 50)).toFixed(2)},${i % 500},1`,
  ).join('\n')}\n`;
  const uploaded = await fetch(`${api.url}/api/imports`, {
    method: 'POST',
    headers: { ...seller.headers, 'content-type': 'text/csv' },
    body: csv,
  });
  expect(uploaded.status).toBe(202);
  const { importId } = (await uploaded.json()) as ImportStatus;
  const statusOf = async (on: Api) =>
    (await (await fetch(`${on.url}/api/imports/${importId}`, { headers: seller.headers })).json()) as ImportStatus;
  let underWay = false;
  for (let i = 0; i < 600 && !underWay; i++) {
    const status = await statusOf(api);
    underWay = status.processed > 0;
    if (underWay) expect(status.processed).toBeLessThan(ROWS);
    else await new Promise((r) => setTimeout(r, 20));
  }
  expect(underWay, 'some rows were applied').toBe(true);
  return { importId, statusOf };
}

/**
 * A second process finishes the import: done, every row once, and the catalogue's kept counts
 * agree with its rows.
 */
async function finishedByAnother(
  seller: TestUser,
  statusOf: (on: Api) => Promise<ImportStatus>,
  env: Record<string, string> = {},
) {
  const second = await startImportApi(database?.url ?? '', env);
  running.push(second);
  let finished: ImportStatus | null = null;
  for (let i = 0; i < 600 && !finished; i++) {
    const status = await statusOf(second);
    if (status.status === 'done' || status.status === 'failed') finished = status;
    else await new Promise((r) => setTimeout(r, 100));
  }
  expect(finished).toMatchObject({ status: 'done', total: ROWS, processed: ROWS, created: ROWS, failed: 0 });
  await expectEveryRowOnce(seller);
  second.child.kill('SIGTERM');
  await second.exited;
}

async function expectEveryRowOnce(seller: TestUser) {
  const [products] = await query<{ n: number; skus: number }>(
    'select count(*)::int as n, count(distinct sku)::int as skus from products where owner_uid = $1',
    [seller.uid],
  );
  expect(products).toEqual({ n: ROWS, skus: ROWS });
  const [counted] = await query<{ all: number; kept: number }>(
    'select (select count(*)::int from products) as all, (select sum(count)::int from product_counts) as kept',
    [],
  );
  expect(counted?.kept).toBe(counted?.all);
}

test.runIf(usesPostgres())(
  '(PostgreSQL only) an import whose process is killed half way is finished by another, every row once',
  async () => {
    // A dead worker's job is retried after 4 s (checked every 2 s) instead of 5 minutes.
    const fast = { IMPORT_JOB_EXPIRE_SECONDS: '4' };
    const first = await startImportApi(database?.url ?? '', fast);
    running.push(first);
    const seller = await createUser();
    const { statusOf } = await importUnderWay(first, seller, 'RS');
    first.child.kill('SIGKILL');
    await first.exited;

    await finishedByAnother(seller, statusOf, fast);
  },
  180_000,
);

test.runIf(usesPostgres())(
  '(PostgreSQL only) an import whose process is stopped half way hands on the rest at once: the process exits cleanly, another finishes it',
  async () => {
    // The job's expiry stays 5 minutes: the second process finishes the import well before it
    // only if the first one queued the rest when it stopped.
    const first = await startImportApi(database?.url ?? '');
    running.push(first);
    const seller = await createUser();
    const { importId, statusOf } = await importUnderWay(first, seller, 'ST');
    first.child.kill('SIGTERM');
    expect(await first.exited, first.output()).toBe(0);
    expect(first.output()).not.toContain('Shutdown took too long');
    const [left] = await query<{ processed: number; status: string }>(
      'select processed, status from imports where id = $1',
      [importId],
    );
    // Stopped at a batch, not run to the end inside the shutdown.
    expect(left?.status).toBe('running');
    expect(left?.processed).toBeLessThan(ROWS);
    // Its job completed, and the rest was queued as a new one: no attempt spent, nothing failed.
    const jobs = await query<{ state: string }>(
      `select state from pgboss.job where name = 'catalogue-import' and data->>'importId' = $1 order by created_on`,
      [importId],
    );
    expect(jobs.map((job) => job.state)).toEqual(['completed', 'created']);

    await finishedByAnother(seller, statusOf);
  },
  180_000,
);
