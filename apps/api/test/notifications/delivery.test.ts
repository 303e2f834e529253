import { Writable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createDatabase } from '../../src/db/client.js';
import { notifications } from '../../src/db/schema.js';
import { freePort } from '../../../../scripts/lib/emulator.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { usesPostgres } from '../helpers/database.js';
import { insertProduct } from '../helpers/factories.js';
import { caughtEmails, startMailDev, waitFor, type RunningMailDev } from '../helpers/mail.js';
import { createUser } from '../helpers/users.js';

/*
 * Delivery under failure (docs/architecture.md, "Notifications"): a mail server that is down
 * is retried with backoff and reported once, and nothing is lost or sent twice when it comes
 * back; two API processes on one PostgreSQL send each message exactly once.
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const fast = { WRITE_RATE_LIMIT_PER_MINUTE: '100000', MAIL_RETRY_DELAY_SECONDS: '1', JOB_POLL_SECONDS: '1' };

async function placeOrders(t: TestApp, n: number) {
  const [buyer, seller] = await Promise.all([createUser(), createUser()]);
  const productId = await insertProduct(t.database.db, seller, { quantity: 1000, minSellQty: 1 });
  for (let i = 0; i < n; i++) {
    await t.api.buy(buyer, productId, 1);
    await t.api.place(buyer);
  }
  const rows = await t.database.db
    .select()
    .from(notifications)
    .where(inArray(notifications.userUid, [buyer.uid, seller.uid]));
  expect(rows).toHaveLength(2 * n);
  return rows.map((row) => row.id);
}

/** Message-IDs caught by MailDev, each with how many times it arrived. */
async function arrivals(mail: RunningMailDev): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const email of await caughtEmails(mail.webUrl)) {
    const id = email.headers['message-id'] ?? '';
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

test('a failing mail server is retried with backoff, logged once, and every message arrives once when it is back', async () => {
  const smtpPort = await freePort();
  const lines: { msg?: string; level?: number }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { msg?: string });
      done();
    },
  });
  const t = await createTestApp({
    env: { ...fast, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, PUBLIC_URL: 'http://shop.test' },
    logger: { level: 'info', stream },
  });
  cleanups.push(() => t.close());
  const ids = await placeOrders(t, 2);
  const rows = () => t.database.db.select().from(notifications).where(inArray(notifications.id, ids));

  // Nothing listens on the port: every message fails, and is tried again.
  await waitFor(
    async () => ((await rows()).every((row) => row.emailAttempts >= 2) ? true : undefined),
    30_000,
    'two failed attempts each',
  );
  expect((await rows()).every((row) => row.emailState === 'pending' && row.emailError)).toBe(true);

  const mail = await startMailDev({ smtpPort });
  cleanups.push(() => mail.stop());
  await waitFor(
    async () => ((await rows()).every((row) => row.emailState === 'sent') ? true : undefined),
    40_000,
    'all sent',
  );
  const caught = await arrivals(mail);
  expect([...caught.keys()].sort()).toEqual(ids.map((id) => `<${id}@shop.test>`).sort());
  expect([...caught.values()].every((n) => n === 1)).toBe(true);

  // Reported once when it started failing and once when it recovered, not per attempt.
  expect(lines.filter((line) => line.msg?.startsWith('email delivery is failing'))).toHaveLength(1);
  expect(lines.filter((line) => line.msg === 'email delivery recovered')).toHaveLength(1);
}, 90_000);

test.skipIf(!usesPostgres())(
  '(PostgreSQL) two API processes on one database send each message exactly once',
  async () => {
    const mail = await startMailDev();
    cleanups.push(() => mail.stop());
    const env = { ...fast, SMTP_URL: mail.smtpUrl, PUBLIC_URL: 'http://shop.test' };
    const first = await createTestApp({ env });
    cleanups.push(() => first.close());
    // A second app with its own pool, relay and worker on the same schema: a second process.
    const url = process.env.TEST_DATABASE_URL ?? '';
    const schema = first.database.jobsSchema.replace(/_jobs$/, '');
    const database = await createDatabase({ url, pgliteDir: 'memory://', schema });
    const second = await buildApp({ config: first.config, database });
    await second.ready();
    cleanups.push(async () => {
      await second.close();
      await database.close();
    });

    const ids = await placeOrders(first, 15);
    const rows = () => first.database.db.select().from(notifications).where(inArray(notifications.id, ids));
    await waitFor(
      async () => ((await rows()).every((row) => row.emailState === 'sent') ? true : undefined),
      40_000,
      'all sent',
    );
    await new Promise((r) => setTimeout(r, 1_500));
    const caught = await arrivals(mail);
    expect(caught.size).toBe(ids.length);
    expect([...caught.values()].every((n) => n === 1)).toBe(true);
    expect((await rows()).every((row) => row.emailAttempts === 1)).toBe(true);
    // Both processes took part (relay or worker), and each message has exactly one delivery job.
    const jobs = await first.database.executeSql(
      `SELECT data->>'notificationId' AS id, count(*)::int AS n FROM ${first.database.jobsSchema}.job WHERE name = 'notification-email' GROUP BY 1`,
    );
    const perMessage = jobs.rows as { id: string; n: number }[];
    expect(perMessage.filter((row) => ids.includes(row.id))).toHaveLength(ids.length);
    expect(perMessage.every((row) => row.n === 1)).toBe(true);
    const [one] = await first.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, ids[0] ?? ''));
    expect(one?.emailedAt).toBeInstanceOf(Date);
  },
);
