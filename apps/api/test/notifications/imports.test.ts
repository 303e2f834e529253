import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ImportStatus } from '@b2b/shared';
import { notificationPreferences, notifications } from '../../src/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectMail, startMailDev, type RunningMailDev } from '../helpers/mail.js';
import { createUser, type TestUser } from '../helpers/users.js';
import { waitForImport } from '../helpers/imports.js';

/*
 * An import finished (docs/architecture.md, "Notifications"): the seller of a real import, not
 * a dry run, gets a notification with the counters and a link to the import's page, written in
 * the transaction that marks the import finished, and its email once.
 */

let mail: RunningMailDev;
let t: TestApp;

beforeAll(async () => {
  mail = await startMailDev();
  t = await createTestApp({
    env: { SMTP_URL: mail.smtpUrl, PUBLIC_URL: 'http://shop.test', JOB_POLL_SECONDS: '1' },
  });
});
afterAll(async () => {
  await t?.close();
  await mail?.stop();
});

const CSV =
  'sku,name,category,price,quantity,minSellQty\r\n' +
  'NIMP-1,Desk lamp,home,18.50,240,12\r\n' +
  'NIMP-2,Kettle,kitchen,9.20,100,1\r\n' +
  'NIMP-3,Broken,nowhere,abc,10,1\r\n';

/** Uploads a file and waits for its import to end; the notification is read at once after. */
async function importFile(user: TestUser, body: string, dryRun = false): Promise<ImportStatus> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/imports?dryRun=${dryRun}`,
    headers: { ...user.headers, 'content-type': 'text/csv' },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(202);
  const { importId } = res.json<ImportStatus>();
  return waitForImport(t.app, user, importId);
}

const importRows = (user: TestUser) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userUid, user.uid), eq(notifications.kind, 'import_finished')))
    .orderBy(notifications.createdAt);

test('a finished import tells its seller the counts with a link, in the transaction that finishes it, and emails once', async () => {
  const seller = await createUser({ displayName: 'Ida Importer' });

  // A dry run changes nothing and tells nobody.
  const dry = await importFile(seller, CSV, true);
  expect(dry).toMatchObject({ status: 'done', dryRun: true, created: 2, failed: 1 });
  expect(await importRows(seller)).toEqual([]);

  const real = await importFile(seller, CSV);
  expect(real).toMatchObject({ status: 'done', created: 2, updated: 0, unchanged: 0, failed: 1 });
  // Read as soon as the import says done: the row committed with it.
  const [row] = await importRows(seller);
  expect(row).toMatchObject({
    key: `import_finished:${real.importId}`,
    userEmail: seller.email,
    title: 'Your catalogue import is done',
    link: `/import/${real.importId}`,
    data: { import: { importId: real.importId, status: 'done', created: 2, updated: 0, unchanged: 0, failed: 1 } },
  });
  expect(row?.body).toContain('2 created, 0 updated, 0 unchanged, 1 row failed.');

  const [email] = await expectMail(mail.webUrl, seller.email, 1);
  expect(email?.subject).toBe('Your catalogue import is done');
  expect(email?.html).toContain(`http://shop.test/import/${real.importId}`);
  expect(email?.html).toContain('See the import');
  expect(email?.text).toContain('Created: 2 rows');
  expect(email?.text).toContain('Failed: 1 row\n');

  // The job run again (a retry after a crash) finds the import finished and writes nothing more.
  expect(await t.app.imports.run(real.importId)).toBe('done');
  expect(await importRows(seller)).toHaveLength(1);

  // The next import is its own message: one updated, one unchanged.
  const again = await importFile(seller, CSV.replace('9.20', '9.90'));
  expect(again).toMatchObject({ status: 'done', created: 0, updated: 1, unchanged: 1, failed: 1 });
  const rows = await importRows(seller);
  expect(rows.map((r) => r.link)).toEqual([`/import/${real.importId}`, `/import/${again.importId}`]);
  expect(rows[1]?.body).toContain('0 created, 1 updated, 1 unchanged');
  await expectMail(mail.webUrl, seller.email, 2);
});

test('an import that fails as a whole is told too; a seller who turned import emails off gets only the inbox', async () => {
  const seller = await createUser();
  await t.database.db.insert(notificationPreferences).values({ uid: seller.uid, emailsOff: ['imports'] });
  const failed = await importFile(seller, 'colour\r\nred\r\n');
  expect(failed.status).toBe('failed');
  const [row] = await importRows(seller);
  expect(row).toMatchObject({ title: 'Your catalogue import failed', link: `/import/${failed.importId}` });
  expect(row?.body).toContain('No product was changed.');
  // The inbox has it; the email is skipped by the preference.
  const inbox = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: seller.headers });
  expect(inbox.json<{ link: string }[]>().map((n) => n.link)).toEqual([`/import/${failed.importId}`]);
  const settled = async () => {
    for (let i = 0; i < 100; i++) {
      const [now] = await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.id, row?.id ?? ''));
      if (now?.emailState !== 'pending') return now?.emailState;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return 'pending';
  };
  expect(await settled()).toBe('skipped');
  await expectMail(mail.webUrl, seller.email, 0, 500);
});
