import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import type { Invoice } from '@b2b/shared';
import { startApi, stopApi, type ApiProcess } from '../helpers/api-process.js';
import { createScratchDatabase, usesPostgres, type ScratchDatabase } from '../helpers/database.js';
import { productBody } from '../helpers/factories.js';
import { createUser, type TestUser } from '../helpers/users.js';

/*
 * Invoice numbers under concurrency (issue 39): two API processes (src/server.ts, as production
 * runs it) on one PostgreSQL database issue 200 invoices of one seller at once, and the numbers
 * are 1 to 200 with no gap and no duplicate; an invoice falling due is reminded once, though
 * both processes sweep every second, and so are offers about to expire (issue 40), which expire
 * once. PostgreSQL project only: PGlite is one process.
 */

type RunningApi = ApiProcess & { url: string };
const COUNT = 200;

describe.skipIf(!usesPostgres())('invoice numbers across two API processes', () => {
  let database: ScratchDatabase | undefined;
  let a: RunningApi | undefined;
  let b: RunningApi | undefined;
  let seller: TestUser;

  const call = (api: RunningApi | undefined, method: string, path: string, body?: unknown) =>
    fetch(`${api?.url}${path}`, {
      method,
      headers: { ...seller.headers, 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });

  beforeAll(async () => {
    database = await createScratchDatabase('b2b_numbers');
    // Both sweep the payment reminders every second: the reminder test below waits for them.
    // The 200 issues queue on the seller's counter row, 100 per process behind 10 connections:
    // on a busy machine the last wait past the default 2 s for a connection and are shed with a
    // 503, as designed (src/db/client.ts). This file is about numbering, so nobody is shed here.
    const env = {
      DATABASE_URL: database.url,
      DATABASE_ACQUIRE_TIMEOUT_MS: '30000',
      WRITE_RATE_LIMIT_PER_MINUTE: '100000',
      PAYMENT_REMINDER_SWEEP_SECONDS: '1',
      QUOTE_SWEEP_SECONDS: '1',
    };
    // One after the other: the first applies the migrations.
    a = await startApi(env);
    b = await startApi(env);
    seller = await createUser();
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopApi(a), stopApi(b)]);
    await database?.drop();
  });

  test(`${COUNT} invoices issued at once through both processes get ${COUNT} consecutive numbers`, async () => {
    expect((await call(a, 'PUT', '/api/billing', { legalName: 'Numbering Ltd.', address: 'Dhaka' })).status).toBe(200);
    const created = await call(a, 'POST', '/api/products', productBody({ quantity: 1000, minSellQty: 1 }));
    expect(created.status).toBe(201);
    const { insertedId: productId } = (await created.json()) as { insertedId: string };
    // The seller's confirmed sales, written straight into the database both processes share.
    const db = new pg.Client({ connectionString: database?.url });
    await db.connect();
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO orders (checkout_id, buyer_uid, buyer_email, buyer_name, seller_uid, seller_email, status,
         ship_name, ship_line1, ship_city, ship_country, confirmed_at, total, line_count, units)
       SELECT gen_random_uuid(), 'buyer-' || n, 'buyer' || n || '@example.com', 'Buyer ' || n, $1, $2, 'confirmed',
         'Dock', '1 Road', 'Dhaka', 'Bangladesh', now(), 10, 1, 1
       FROM generate_series(1, ${COUNT}) AS n RETURNING id`,
      [seller.uid, seller.email],
    );
    await db.query(
      `INSERT INTO order_lines (order_id, position, product_id, name, image, brand, category, price, list_price, quantity)
       SELECT id, 1, $1, 'Kettle', '', '', 'kitchen', 10, 10, 1 FROM unnest($2::uuid[]) AS id`,
      [productId, rows.map((row) => row.id)],
    );
    await db.end();

    const answers = await Promise.all(
      rows.map(({ id }, i) => call(i % 2 === 0 ? a : b, 'POST', `/api/orders/${id}/invoice`)),
    );
    expect(answers.map((res) => res.status)).toEqual(rows.map(() => 201));
    const numbers = await Promise.all(answers.map(async (res) => ((await res.json()) as Invoice).number));
    const year = new Date().getUTCFullYear();
    expect(numbers.sort()).toEqual(
      Array.from({ length: COUNT }, (_, i) => `INV-${year}-${String(i + 1).padStart(6, '0')}`),
    );
  }, 60_000);

  test('an invoice falling due is reminded once, though both processes sweep for it every second', async () => {
    const db = new pg.Client({ connectionString: database?.url });
    await db.connect();
    try {
      // One of the invoices above falls due tomorrow; its buyer is someone the shop knows.
      const { rows } = await db.query<{ id: string; buyer_uid: string }>(
        `UPDATE invoices SET due_date = current_date + 1
         WHERE id = (SELECT id FROM invoices ORDER BY number LIMIT 1) RETURNING id, buyer_uid`,
      );
      const [invoice] = rows;
      await db.query(`INSERT INTO accounts (uid, email, name) VALUES ($1, $1 || '@example.com', 'Buyer')`, [
        invoice?.buyer_uid,
      ]);
      const reminded = async () =>
        (
          await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM notifications WHERE kind = 'payment_due' AND user_uid = $1`,
            [invoice?.buyer_uid],
          )
        ).rows[0]?.n ?? 0;
      const deadline = Date.now() + 15_000;
      while ((await reminded()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      // Several more sweeps of each process go by.
      await new Promise((r) => setTimeout(r, 3_000));
      expect(await reminded()).toBe(1);
    } finally {
      await db.end();
    }
  }, 60_000);

  test('offers expiring within a day are warned of once, and lapsed ones expire once, though both processes sweep every second', async () => {
    const db = new pg.Client({ connectionString: database?.url });
    await db.connect();
    try {
      // 20 offers valid for another hour, 20 that lapsed a minute ago, written straight into the shared database.
      await db.query(
        `INSERT INTO quotes (request_id, buyer_uid, buyer_email, buyer_name, seller_id, seller_email, status, version, valid_until)
         SELECT gen_random_uuid(), 'quote-buyer-' || n, 'quote-buyer' || n || '@example.com', 'Buyer ' || n, $1, $2,
           'offered', 1, now() + CASE WHEN n <= 20 THEN interval '1 hour' ELSE interval '-1 minute' END
         FROM generate_series(1, 40) AS n`,
        [seller.uid, seller.email],
      );
      const counts = async () =>
        (
          await db.query<{ warned: number; expired: number }>(
            `SELECT (SELECT count(*)::int FROM notifications WHERE kind = 'quote_expiring') AS warned,
                    (SELECT count(*)::int FROM quote_events WHERE kind = 'expire') AS expired`,
          )
        ).rows[0] ?? { warned: 0, expired: 0 };
      const deadline = Date.now() + 15_000;
      for (;;) {
        const { warned, expired } = await counts();
        if ((warned >= 20 && expired >= 20) || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      // Several more sweeps of each process go by.
      await new Promise((r) => setTimeout(r, 3_000));
      expect(await counts()).toEqual({ warned: 20, expired: 20 });
      const { rows } = await db.query<{ status: string; n: number }>(
        `SELECT status, count(*)::int AS n FROM quotes GROUP BY status ORDER BY status`,
      );
      expect(rows).toEqual([
        { status: 'expired', n: 20 },
        { status: 'offered', n: 20 },
      ]);
    } finally {
      await db.end();
    }
  }, 60_000);
});
