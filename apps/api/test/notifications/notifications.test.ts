import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { EmailPreferences, MarkReadResult, Notification } from '@b2b/shared';
import { cartItems, notificationPreferences, notifications, orders } from '../../src/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertProduct } from '../helpers/factories.js';
import { emailSource, expectMail, mailTo, startMailDev, waitFor, type RunningMailDev } from '../helpers/mail.js';
import { createUser, createUsers, type TestUser } from '../helpers/users.js';

/*
 * Notifications (docs/architecture.md, "Notifications") on a real mail catcher (MailDev, free
 * ports): every event writes its rows in the transaction of its cause, the worker sends each
 * email once, preferences and unsubscribe links are honoured, and the inbox is the caller's.
 */

let mail: RunningMailDev;
let t: TestApp;
let buyer: TestUser;
let seller: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  mail = await startMailDev();
  t = await createTestApp({
    env: {
      WRITE_RATE_LIMIT_PER_MINUTE: '100000',
      SMTP_URL: mail.smtpUrl,
      PUBLIC_URL: 'http://shop.test',
      JOB_POLL_SECONDS: '1',
    },
  });
  [buyer, seller, stranger] = await createUsers('Bea Buyer', 'Sid Seller', 'Sam Stranger');
});
afterAll(async () => {
  await t?.close();
  await mail?.stop();
});

const rowsOf = (user: TestUser) =>
  t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userUid, user.uid))
    .orderBy(notifications.createdAt);

async function placeOne(quantity = 3, overrides: Parameters<typeof insertProduct>[2] = {}) {
  const productId = await insertProduct(t.database.db, seller, {
    quantity: 100,
    minSellQty: 1,
    price: 12.5,
    ...overrides,
  });
  await t.api.buy(buyer, productId, quantity);
  const placed = await t.api.place(buyer, { poNumber: 'PO-77' });
  const id = placed.orders[0]?._id ?? '';
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return { productId, id, number: placed.orders[0]?.orderNumber ?? '', row };
}

const inbox = async (user: TestUser, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return { items: res.json<Notification[]>(), unread: Number(res.headers['x-unread-count']) };
};

test('placing an order notifies the seller and the buyer in the same transaction, and emails both once', async () => {
  const { id, number } = await placeOne();
  const sellerRows = (await rowsOf(seller)).filter((row) => row.link === `/orders/${id}`);
  const buyerRows = (await rowsOf(buyer)).filter((row) => row.link === `/orders/${id}`);
  expect(sellerRows.map((row) => row.kind)).toEqual(['order_received']);
  expect(buyerRows.map((row) => row.kind)).toEqual(['order_placed']);
  expect(sellerRows[0]?.title).toBe(`New order ${number}`);
  // The addresses come from the accounts (the order), never from a request.
  expect(sellerRows[0]?.userEmail).toBe(seller.email);
  expect(buyerRows[0]?.userEmail).toBe(buyer.email);

  const [sellerMail] = await expectMail(mail.webUrl, seller.email, 1);
  expect(sellerMail?.subject).toBe(`New order ${number}`);
  expect(sellerMail?.html).toContain(number);
  expect(sellerMail?.html).toContain('PO-77');
  expect(sellerMail?.html).toContain(`http://shop.test/orders/${id}`);
  // Pure ASCII (non-ASCII as character references), so no client's charset guess can garble it.
  expect([...(sellerMail?.html ?? '')].every((char) => char.charCodeAt(0) < 128)).toBe(true);
  expect(sellerMail?.text).toContain(number);
  // The message key is its Message-ID; mail clients get the RFC 8058 one-click unsubscribe.
  expect(sellerMail?.headers['message-id']).toBe(`<${sellerRows[0]?.id}@shop.test>`);
  const source = await emailSource(mail.webUrl, sellerMail?.id ?? '');
  expect(source).toMatch(
    /^List-Unsubscribe:\s+<http:\/\/shop\.test\/api\/notifications\/unsubscribe\?token=[A-Za-z0-9]+&topic=newOrders>/m,
  );
  expect(source).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  await expectMail(mail.webUrl, buyer.email, 1, 0);
  const [sent] = await t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.id, sellerRows[0]?.id ?? ''));
  expect(sent?.emailState).toBe('sent');

  // A retried job (or a second worker with the same job) finds the row sent and sends nothing.
  await t.app.notifications.delivery.deliver({
    id: 'x',
    data: { notificationId: sent?.id ?? '' },
    retryCount: 1,
    retryLimit: 3,
  });
  await expectMail(mail.webUrl, seller.email, 1, 500);
});

test('a job whose message another worker is sending is retried later, not dropped', async () => {
  const { id } = await placeOne();
  const [row] = await t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userUid, seller.uid), eq(notifications.link, `/orders/${id}`)));
  await waitFor(async () => {
    const [now] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, row?.id ?? ''));
    return now?.emailState === 'sent' ? true : undefined;
  });
  // As if another worker held it: back to pending with a live claim.
  await t.database.db
    .update(notifications)
    .set({ emailState: 'pending', emailClaimedUntil: sql`now() + interval '1 minute'` })
    .where(eq(notifications.id, row?.id ?? ''));
  const job = { id: 'x', data: { notificationId: row?.id ?? '' }, retryCount: 0, retryLimit: 3 };
  await expect(t.app.notifications.delivery.deliver(job)).rejects.toThrow(/another worker/);
  // Its claim lapsed (that worker died): the retry sends it.
  await t.database.db
    .update(notifications)
    .set({ emailClaimedUntil: sql`now() - interval '1 second'` })
    .where(eq(notifications.id, row?.id ?? ''));
  await t.app.notifications.delivery.deliver(job);
  const [after] = await t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.id, row?.id ?? ''));
  expect(after?.emailState).toBe('sent');
  expect(after?.emailClaimedUntil).toBeNull();
});

test('a checkout that rolls back writes no notification', async () => {
  const db = t.database.db;
  await db.execute(
    sql.raw(`CREATE FUNCTION fail_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'rolled back on purpose'; END $$`),
  );
  // Deferred: it fires at COMMIT, after the orders, lines and notifications were all written.
  await db.execute(
    sql.raw(`CREATE CONSTRAINT TRIGGER fail_at_commit AFTER INSERT ON orders DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION fail_at_commit()`),
  );
  const productId = await insertProduct(db, seller, { quantity: 50, minSellQty: 1 });
  const before = (await rowsOf(seller)).length + (await rowsOf(buyer)).length;
  try {
    await t.api.buy(buyer, productId, 2);
    const res = await t.api.placeRaw(buyer);
    expect(res.statusCode).toBe(500);
  } finally {
    await db.execute(sql`DROP TRIGGER fail_at_commit ON orders`);
    await db.execute(sql`DROP FUNCTION fail_at_commit()`);
  }
  expect((await rowsOf(seller)).length + (await rowsOf(buyer)).length).toBe(before);
  // The cart is as it was; empty it for the other tests.
  const [item] = await t.api.cart(buyer);
  await t.api.removeFromCart(buyer, item?._id ?? '');
});

test('status changes tell the buyer, with the tracking reference; a buyer’s cancel tells the seller', async () => {
  const { id, number } = await placeOne();
  expect((await t.api.setStatus(seller, id, 'confirmed')).statusCode).toBe(200);
  expect((await t.api.setStatus(seller, id, 'shipped', { trackingRef: 'DHL-123456' })).statusCode).toBe(200);
  // A refused change (shipped → cancelled) rolls back and writes nothing.
  expect((await t.api.setStatus(seller, id, 'cancelled')).statusCode).toBe(409);
  const buyerRows = (await rowsOf(buyer)).filter((row) => row.link === `/orders/${id}`);
  expect(buyerRows.map((row) => row.title)).toEqual([
    `Order ${number} placed`,
    `Order ${number} confirmed`,
    `Order ${number} shipped`,
  ]);
  expect(buyerRows[2]?.body).toContain('DHL-123456');
  // The seller is not told of their own changes.
  expect((await rowsOf(seller)).filter((row) => row.link === `/orders/${id}`).map((row) => row.kind)).toEqual([
    'order_received',
  ]);
  const shipped = await waitFor(async () =>
    (await mailTo(mail.webUrl, buyer.email)).find((m) => m.subject === `Order ${number} shipped`),
  );
  expect(shipped.html).toContain('DHL-123456');

  const second = await placeOne();
  expect((await t.api.setStatus(buyer, second.id, 'cancelled')).statusCode).toBe(200);
  const cancelled = (await rowsOf(seller)).filter((row) => row.link === `/orders/${second.id}`);
  expect(cancelled.map((row) => row.kind)).toEqual(['order_received', 'order_cancelled_by_buyer']);
  expect((await rowsOf(buyer)).filter((row) => row.link === `/orders/${second.id}`).map((row) => row.kind)).toEqual([
    'order_placed',
  ]);
});

test('a purchase that leaves stock below the minimum order tells the seller, once', async () => {
  const productId = await insertProduct(t.database.db, seller, { quantity: 10, minSellQty: 4, name: 'Jute sacks' });
  const lowRows = async () =>
    (await rowsOf(seller)).filter((row) => row.kind === 'low_stock' && row.link.endsWith(productId));
  await t.api.buy(buyer, productId, 4); // 6 left: still at least one minimum order
  expect(await lowRows()).toHaveLength(0);
  await t.api.buy(buyer, productId, 4); // 2 left: below the minimum of 4
  const rows = await lowRows();
  expect(rows).toHaveLength(1);
  expect(rows[0]?.title).toBe('Low stock: Jute sacks');
  expect(rows[0]?.body).toContain('2 of Jute sacks');
  expect(rows[0]?.link).toBe(`/update-product/${productId}`);
  // The seller's own stock change is not a purchase.
  const other = await insertProduct(t.database.db, seller, { quantity: 10, minSellQty: 4 });
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/products/quantity/${other}`,
    headers: seller.headers,
    payload: { decBy: 8 },
  });
  expect(res.statusCode).toBe(200);
  expect((await rowsOf(seller)).filter((row) => row.link.endsWith(other))).toHaveLength(0);
  for (const item of await t.api.cart(buyer)) {
    await t.api.removeFromCart(buyer, item._id);
  }
});

test('a buyer is warned once when a cart hold ends within 12 hours', async () => {
  const holder = await createUser({ displayName: 'Hal Holder' });
  const productId = await insertProduct(t.database.db, seller, { quantity: 50, minSellQty: 1, name: 'Steel pans' });
  const itemId = await t.api.buy(holder, productId, 7);
  const far = await t.api.buy(holder, await insertProduct(t.database.db, seller, { quantity: 5, minSellQty: 1 }), 1);
  await t.database.db
    .update(cartItems)
    .set({ heldUntil: sql`now() + interval '11 hours'` })
    .where(eq(cartItems.id, itemId));
  await t.app.notifications.warnExpiringHolds();
  await t.app.notifications.warnExpiringHolds();
  const rows = (await rowsOf(holder)).filter((row) => row.kind === 'hold_expiring');
  expect(rows).toHaveLength(1);
  expect(rows[0]?.body).toContain('Steel pans (7 units)');
  expect(rows[0]?.body).not.toContain(far);
  const [warned] = await expectMail(mail.webUrl, holder.email, 1);
  expect(warned?.html).toContain('Steel pans');
  expect(warned?.html).toContain('/carts/');
});

test('the inbox is the caller’s, newest first, with read marks one by one or all at once', async () => {
  const reader = await createUser({ displayName: 'Rea Reader' });
  const productId = await insertProduct(t.database.db, seller, { quantity: 100, minSellQty: 1 });
  for (let i = 0; i < 3; i++) {
    await t.api.buy(reader, productId, 1);
    await t.api.place(reader);
  }
  const first = await inbox(reader);
  expect(first.items).toHaveLength(3);
  expect(first.unread).toBe(3);
  expect(first.items.every((n) => !n.read && n.kind === 'order_placed')).toBe(true);
  const times = first.items.map((n) => n.createdAt);
  expect([...times].sort().reverse()).toEqual(times);

  // Pages continue with the cursor.
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications?limit=2', headers: reader.headers });
  const next = String(res.headers['x-next-cursor']);
  const rest = await inbox(reader, `?limit=2&cursor=${next}`);
  expect([...res.json<Notification[]>(), ...rest.items].map((n) => n._id)).toEqual(first.items.map((n) => n._id));

  // Nobody reads or marks another user's notifications.
  expect((await inbox(stranger)).items.some((n) => first.items.some((m) => m._id === n._id))).toBe(false);
  const foreign = await t.app.inject({
    method: 'POST',
    url: '/api/notifications/read',
    headers: stranger.headers,
    payload: { ids: [first.items[0]?._id] },
  });
  expect(foreign.json<MarkReadResult>().updated).toBe(0);
  expect((await inbox(reader)).unread).toBe(3);

  const one = await t.app.inject({
    method: 'POST',
    url: '/api/notifications/read',
    headers: reader.headers,
    payload: { ids: [first.items[0]?._id] },
  });
  expect(one.json<MarkReadResult>()).toEqual({ acknowledged: true, updated: 1, unread: 2 });
  const count = await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: reader.headers });
  expect(count.json()).toEqual({ unread: 2 });
  const after = await inbox(reader);
  expect(after.items.map((n) => n.read)).toEqual([true, false, false]);
  expect((await inbox(reader, '?unread=true')).items).toHaveLength(2);

  const all = await t.app.inject({
    method: 'POST',
    url: '/api/notifications/read',
    headers: reader.headers,
    payload: { all: true },
  });
  expect(all.json<MarkReadResult>()).toEqual({ acknowledged: true, updated: 2, unread: 0 });

  const anonymous = await t.app.inject({ method: 'GET', url: '/api/notifications' });
  expect(anonymous.statusCode).toBe(401);
  const bad = await t.app.inject({
    method: 'POST',
    url: '/api/notifications/read',
    headers: reader.headers,
    payload: { ids: ['x'] },
  });
  expect(bad.statusCode).toBe(400);
});

test('preferences are honoured: a topic switched off gets no email, the inbox still gets it; one-click unsubscribe', async () => {
  const quiet = await createUser({ displayName: 'Quinn Quiet' });
  const put = await t.app.inject({
    method: 'PUT',
    url: '/api/notifications/preferences',
    headers: quiet.headers,
    payload: { orderUpdates: false },
  });
  expect(put.statusCode, put.body).toBe(200);
  expect(put.json<EmailPreferences>()).toEqual({
    newOrders: true,
    orderUpdates: false,
    cartReminders: true,
    stockAlerts: true,
    imports: true,
    approvals: true,
  });
  const productId = await insertProduct(t.database.db, seller, { quantity: 100, minSellQty: 1 });
  await t.api.buy(quiet, productId, 1);
  const { orders: placed } = await t.api.place(quiet);
  const id = placed[0]?._id ?? '';
  const [row] = await t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userUid, quiet.uid), eq(notifications.kind, 'order_placed')));
  expect(row?.link).toBe(`/orders/${id}`);
  await waitFor(async () => {
    const [now] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, row?.id ?? ''));
    return now?.emailState === 'skipped' ? true : undefined;
  });
  expect(await mailTo(mail.webUrl, quiet.email)).toHaveLength(0);
  // The seller's email of the same order still goes.
  await waitFor(async () =>
    (await mailTo(mail.webUrl, seller.email)).find((m) => m.subject === `New order ${placed[0]?.orderNumber}`),
  );

  // Unsubscribing from new-order emails with the token of the seller's links.
  const [prefs] = await t.database.db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.uid, seller.uid));
  const sellerMail = (await mailTo(mail.webUrl, seller.email)).at(-1);
  expect(sellerMail?.html).toContain(`token=${prefs?.unsubscribeToken}`);
  const unsubscribe = await t.app.inject({
    method: 'POST',
    url: `/api/notifications/unsubscribe?token=${prefs?.unsubscribeToken}&topic=newOrders`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
  expect(unsubscribe.statusCode, unsubscribe.body).toBe(200);
  expect(unsubscribe.json()).toMatchObject({ acknowledged: true, topic: 'newOrders' });
  const now = await t.app.inject({ method: 'GET', url: '/api/notifications/preferences', headers: seller.headers });
  expect(now.json<EmailPreferences>().newOrders).toBe(false);
  const wrong = await t.app.inject({
    method: 'POST',
    url: `/api/notifications/unsubscribe?token=${'x'.repeat(40)}&topic=newOrders`,
  });
  expect(wrong.statusCode).toBe(404);
  // Back on, for the other tests.
  await t.app.inject({
    method: 'PUT',
    url: '/api/notifications/preferences',
    headers: seller.headers,
    payload: { newOrders: true },
  });
});
