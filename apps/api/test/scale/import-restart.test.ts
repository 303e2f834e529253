import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ImportStatus } from '@b2b/shared';
import { createScratchDatabase, usesPostgres, type ScratchDatabase } from '../helpers/database.js';
import { startApi, type ApiProcess } from '../helpers/api-process.js';
import { createUser } from '../helpers/users.js';

/*
 * An import survives the death of its process (docs/architecture.md, "Catalogue import and
 * export"): an API process is killed with SIGKILL while its import job is half way, a second
 * process takes the job up once it has expired, and the import finishes with every row applied
 * exactly once. PostgreSQL only: two processes cannot share a PGlite database.
 */

const ROWS = 12_000;

const startImportApi = (databaseUrl: string) =>
  startApi({
    DATABASE_URL: databaseUrl,
    // A dead worker's job is retried after 4 s (checked every 2 s) instead of 5 minutes.
    IMPORT_JOB_EXPIRE_SECONDS: '4',
    JOB_MAINTENANCE_SECONDS: '2',
    JOB_POLL_SECONDS: '1',
    WRITE_RATE_LIMIT_PER_MINUTE: '100000',
    READ_RATE_LIMIT_PER_MINUTE: '100000',
  });

let database: ScratchDatabase | undefined;
const running: (ApiProcess & { url: string })[] = [];

beforeAll(async () => {
  if (usesPostgres()) database = await createScratchDatabase('b2b_import');
});

afterAll(async () => {
  for (const api of running) if (api.child.exitCode === null) api.child.kill('SIGKILL');
  await database?.drop();
});

test.runIf(usesPostgres())(
  '(PostgreSQL only) an import whose process is killed half way is finished by another, every row once',
  async () => {
    const databaseUrl = database?.url ?? '';
    const first = await startImportApi(databaseUrl);
    running.push(first);
    const seller = await createUser();
    const csv = `sku,name,category,price,quantity,minSellQty\n${Array.from(
      { length: ROWS },
      (_, i) => `RS-${i},Restart product ${i},home,${(1 + (i % 50)).toFixed(2)},${i % 500},1`,
    ).join('\n')}\n`;
    const uploaded = await fetch(`${first.url}/api/imports`, {
      method: 'POST',
      headers: { ...seller.headers, 'content-type': 'text/csv' },
      body: csv,
    });
    expect(uploaded.status).toBe(202);
    const { importId } = (await uploaded.json()) as ImportStatus;
    const statusOf = async (api: { url: string }) =>
      (await (await fetch(`${api.url}/api/imports/${importId}`, { headers: seller.headers })).json()) as ImportStatus;

    // Kill the process as soon as some rows, not all, are in.
    for (let i = 0; i < 600; i++) {
      const status = await statusOf(first);
      if (status.processed > 0) {
        expect(status.processed).toBeLessThan(ROWS);
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const second = await startImportApi(databaseUrl);
    running.push(second);
    let finished: ImportStatus | null = null;
    for (let i = 0; i < 600 && !finished; i++) {
      const status = await statusOf(second);
      if (status.status === 'done' || status.status === 'failed') finished = status;
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(finished).toMatchObject({ status: 'done', total: ROWS, processed: ROWS, created: ROWS, failed: 0 });

    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    const { rows } = await c.query<{ n: number; skus: number }>(
      'select count(*)::int as n, count(distinct sku)::int as skus from products where owner_uid = $1',
      [seller.uid],
    );
    const counts = await c.query<{ kept: number }>('select sum(count)::int as kept from product_counts');
    await c.end();
    expect(rows[0]).toEqual({ n: ROWS, skus: ROWS });
    expect(counts.rows[0]?.kept).toBe(ROWS);
    second.child.kill('SIGTERM');
  },
  180_000,
);
