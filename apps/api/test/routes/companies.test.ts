import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  APPROVAL_TIMEOUT_REASON,
  type CompanyAddress,
  type CompanyDetail,
  type CompanyMember,
  type ErrorBody,
  type Invitation,
  type ListSummary,
  type Notification,
  type Order,
  type OrderSummary,
  type SavedList,
} from '@b2b/shared';
import { buildShipTo } from '@b2b/shared/testing';
import { buildApp } from '../../src/app.js';
import { createDatabase } from '../../src/db/client.js';
import { companyInvitations, notifications, orders, sellerDailySales } from '../../src/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { companyClient } from '../helpers/companies.js';
import { usesPostgres } from '../helpers/database.js';
import { insertProduct } from '../helpers/factories.js';
import { createUser, createUsers, type TestUser } from '../helpers/users.js';

/*
 * Company accounts (docs/architecture.md, "Company accounts"): companies, invitations, roles,
 * the last-admin rule, spending limits and the approval of orders above them, the timeout
 * sweep, company orders, shared lists and the address book. The authorization matrix is in
 * company-authorization.test.ts.
 */

let t: TestApp;
let co: ReturnType<typeof companyClient>;
let owner: TestUser;
let approver: TestUser;
let buyer: TestUser;
let seller: TestUser;
let seller2: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000' } });
  co = companyClient(t);
  [owner, approver, buyer, seller, seller2, stranger] = await createUsers(
    'Olga Owner',
    'Abe Approver',
    'Bo Buyer',
    'Sid Seller',
    'Sue Seller',
    'Stan Stranger',
  );
  await co.create(owner, 'Harbour Kitchens');
  await co.join(owner, approver, 'approver', 1000);
  await co.join(owner, buyer, 'buyer', 500);
});
afterAll(async () => t.close());

const product = (owner_: TestUser, price: number, quantity = 1000) =>
  insertProduct(t.database.db, owner_, { quantity, minSellQty: 1, packSize: 1, price, priceTiers: [] });

const inboxOf = async (user: TestUser): Promise<Notification[]> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications?limit=50', headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Notification[]>();
};

/** A checkout by `who` of `lines` ([product, quantity]); returns the result. */
async function checkout(who: TestUser, lines: [string, number][]) {
  for (const [productId, quantity] of lines) await t.api.buy(who, productId, quantity);
  return t.api.place(who);
}

describe('companies and invitations', () => {
  test('a user without a company creates one and is its admin; a second one is 409 ALREADY_IN_COMPANY', async () => {
    const founder = await createUser({ displayName: 'Fay Founder' });
    expect((await co.current(founder)).statusCode).toBe(404);
    const company = await co.create(founder, '  Fay’s Bistro ');
    expect(company).toMatchObject({ name: 'Fay’s Bistro', role: 'admin', spendingLimit: null, invitations: [] });
    expect(company.members).toEqual([
      expect.objectContaining({ uid: founder.uid, email: founder.email, name: 'Fay Founder', role: 'admin' }),
    ]);
    const again = await co.call(founder, 'POST', '/api/companies', { name: 'Another' });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().code).toBe('ALREADY_IN_COMPANY');
    expect((await co.call(founder, 'POST', '/api/companies', { name: '' })).statusCode).toBe(400);
    expect((await co.call(stranger, 'POST', '/api/companies', { name: 'x'.repeat(121) })).statusCode).toBe(400);
  });

  test('GET /companies/current: members with roles and limits, pending invitations, the caller’s own role', async () => {
    const res = await co.current(buyer);
    expect(res.statusCode).toBe(200);
    const company = res.json<CompanyDetail>();
    expect(company).toMatchObject({ name: 'Harbour Kitchens', role: 'buyer', spendingLimit: 500 });
    expect(company.members.map((m) => [m.email, m.role, m.spendingLimit])).toEqual([
      [owner.email, 'admin', null],
      [approver.email, 'approver', 1000],
      [buyer.email, 'buyer', 500],
    ]);
    // GET /companies/mine: the same company, and null (not a 404) for a user without one.
    const mine = await co.call(buyer, 'GET', '/api/companies/mine');
    expect(mine.statusCode).toBe(200);
    expect(mine.json<{ company: CompanyDetail | null }>().company).toEqual(company);
    const loner = await co.call(await createUser({ displayName: 'Lou Loner' }), 'GET', '/api/companies/mine');
    expect([loner.statusCode, loner.json()]).toEqual([200, { company: null }]);
  });

  test('an invitation: seen by the invited email only, accepted once; expired ones are gone; revoke and decline', async () => {
    const invitee = await createUser({ displayName: 'Ivy Invitee' });
    const invitation = await co.invite(owner, invitee.email.toUpperCase(), 'buyer', 250.5);
    expect(invitation).toMatchObject({ email: invitee.email, role: 'buyer', spendingLimit: 250.5 });
    expect(Date.parse(invitation.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect((await co.current(owner)).json<CompanyDetail>().invitations.map((i) => i._id)).toContain(invitation._id);

    const mine = await co.call(invitee, 'GET', '/api/invitations');
    expect(mine.json<Invitation[]>()).toEqual([
      expect.objectContaining({ _id: invitation._id, companyName: 'Harbour Kitchens' }),
    ]);
    expect((await co.call(stranger, 'GET', '/api/invitations')).json<Invitation[]>()).toEqual([]);
    // Someone else cannot accept or decline it.
    expect((await co.accept(stranger, invitation._id)).statusCode).toBe(404);
    expect((await co.call(stranger, 'POST', `/api/invitations/${invitation._id}/decline`)).statusCode).toBe(404);
    // Its email got an invitation notification (the outbox row, under the invitee's uid).
    const [note] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.key, `company_invitation:${invitation._id}`));
    expect(note).toMatchObject({ userEmail: invitee.email, kind: 'company_invitation' });

    const accepted = await co.accept(invitee, invitation._id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<CompanyDetail>()).toMatchObject({ role: 'buyer', spendingLimit: 250.5 });
    expect((await co.accept(invitee, invitation._id)).statusCode).toBe(404);
    // The invitation is in their inbox now.
    expect((await inboxOf(invitee)).map((n) => n.kind)).toContain('company_invitation');
    // Already a member: inviting them again is 409.
    const again = await co.call(owner, 'POST', '/api/companies/current/invitations', {
      email: invitee.email,
      role: 'buyer',
      spendingLimit: null,
    });
    expect(again.json<ErrorBody>().code).toBe('ALREADY_IN_COMPANY');

    // Expired: neither listed nor accepted.
    const late = await createUser();
    const old = await co.invite(owner, late.email, 'buyer');
    await t.database.db
      .update(companyInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(companyInvitations.id, old._id));
    expect((await co.call(late, 'GET', '/api/invitations')).json<Invitation[]>()).toEqual([]);
    expect((await co.accept(late, old._id)).statusCode).toBe(404);

    // Revoked by an admin; declined by the invitee.
    const revoked = await co.invite(owner, late.email, 'approver');
    expect((await co.call(owner, 'DELETE', `/api/companies/current/invitations/${revoked._id}`)).statusCode).toBe(204);
    expect((await co.accept(late, revoked._id)).statusCode).toBe(404);
    const declined = await co.invite(owner, late.email, 'buyer');
    expect((await co.call(late, 'POST', `/api/invitations/${declined._id}/decline`)).statusCode).toBe(204);
    expect((await co.call(late, 'GET', '/api/invitations')).json<Invitation[]>()).toEqual([]);
  });

  test('accepting while in another company is 409 ALREADY_IN_COMPANY, and the invitation stays', async () => {
    const otherAdmin = await createUser();
    await co.create(otherAdmin, 'Other Co');
    const invitation = await co.invite(otherAdmin, buyer.email, 'buyer');
    const res = await co.accept(buyer, invitation._id);
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().code).toBe('ALREADY_IN_COMPANY');
    expect((await co.call(buyer, 'GET', '/api/invitations')).json<Invitation[]>().map((i) => i._id)).toContain(
      invitation._id,
    );
    expect((await co.current(buyer)).json<CompanyDetail>().name).toBe('Harbour Kitchens');
  });
});

describe('roles and the last admin', () => {
  test('demoting or removing the last admin is 409 LAST_ADMIN; with a second admin both work', async () => {
    const boss = await createUser();
    const deputy = await createUser();
    const company = await co.create(boss, 'Solo Admin Ltd');
    expect(company.members).toHaveLength(1);
    const demote = await co.updateMember(boss, boss.uid, { role: 'buyer' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json<ErrorBody>().code).toBe('LAST_ADMIN');
    const leave = await co.removeMember(boss, boss.uid);
    expect(leave.json<ErrorBody>().code).toBe('LAST_ADMIN');
    // A limit change of the last admin is fine.
    expect((await co.updateMember(boss, boss.uid, { spendingLimit: 10 })).json<CompanyMember>().spendingLimit).toBe(10);

    await co.join(boss, deputy, 'buyer');
    expect((await co.updateMember(deputy, boss.uid, { role: 'buyer' })).statusCode).toBe(403);
    const promoted = await co.updateMember(boss, deputy.uid, { role: 'admin' });
    expect(promoted.json<CompanyMember>().role).toBe('admin');
    expect((await co.updateMember(deputy, boss.uid, { role: 'buyer' })).statusCode).toBe(200);
    // deputy is now the only admin.
    expect((await co.removeMember(deputy, deputy.uid)).json<ErrorBody>().code).toBe('LAST_ADMIN');
    expect((await co.removeMember(boss, boss.uid)).statusCode).toBe(204);
    expect((await co.current(boss)).statusCode).toBe(404);
    expect((await co.updateMember(deputy, deputy.uid, {})).statusCode).toBe(400);
    expect((await co.updateMember(deputy, randomUUID(), { role: 'buyer' })).statusCode).toBe(404);
  });

  test.runIf(usesPostgres())('(PostgreSQL only) two admins demoting each other at once: one stays admin', async () => {
    const a = await createUser();
    const b = await createUser();
    await co.create(a, 'Duel Ltd');
    await co.join(a, b, 'admin');
    const results = await Promise.all([
      co.updateMember(a, b.uid, { role: 'buyer' }),
      co.updateMember(b, a.uid, { role: 'buyer' }),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    // The second either finds itself demoted (403) or the other the last admin (409).
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const members = (await co.current(a)).json<CompanyDetail>().members;
    expect(members.filter((m) => m.role === 'admin')).toHaveLength(1);
  });

  test("a removed member's next request is refused: no company, no company orders, no approving", async () => {
    const leaver = await createUser({ displayName: 'Lee Leaver' });
    const gone = await createUser({ displayName: 'Gus Gone' });
    await co.join(owner, leaver, 'approver', null);
    await co.join(owner, gone, 'buyer', 10);
    const p = await product(seller, 20);
    const placed = await checkout(gone, [[p, 1]]);
    const id = placed.orders[0]?._id ?? '';
    expect(placed.orders[0]?.status).toBe('awaiting_approval');
    // The approver sees it, then is removed: refused at the very next request.
    expect((await co.call(leaver, 'GET', '/api/companies/current/orders')).statusCode).toBe(200);
    expect((await t.api.get(leaver, id)).statusCode).toBe(200);
    expect((await co.removeMember(owner, leaver.uid)).statusCode).toBe(204);
    expect((await co.current(leaver)).statusCode).toBe(404);
    expect((await co.call(leaver, 'GET', '/api/companies/mine')).json()).toEqual({ company: null });
    expect((await co.call(leaver, 'GET', '/api/companies/current/orders')).statusCode).toBe(404);
    expect((await t.api.get(leaver, id)).statusCode).toBe(404);
    expect((await co.approve(leaver, id)).statusCode).toBe(404);
    // The buyer leaves by themself: their order stays a company order the owner can decide.
    expect((await co.removeMember(gone, gone.uid)).statusCode).toBe(204);
    expect((await co.current(gone)).statusCode).toBe(404);
    const list = await co.call(owner, 'GET', `/api/companies/current/orders?member=${gone.uid}`);
    expect(list.json<OrderSummary[]>().map((o) => o._id)).toEqual([id]);
    expect((await co.reject(owner, id)).statusCode).toBe(200);
  });
});

describe('spending limits and approval', () => {
  test('a checkout just at the limit is placed; one cent above, every order of it awaits approval', async () => {
    const a = await product(seller, 10);
    // Exactly 500.00 (the limit): placed at once.
    const atLimit = await checkout(buyer, [[a, 50]]);
    expect(atLimit.orders.map((o) => o.status)).toEqual(['placed']);
    // 250.00 + 250.01 = 500.01 over two sellers: each order is below the limit, the checkout is not.
    const c = await product(seller2, 250.01);
    const above = await checkout(buyer, [
      [a, 25],
      [c, 1],
    ]);
    expect(above.orders.map((o) => o.status)).toEqual(['awaiting_approval', 'awaiting_approval']);
    expect(await t.api.cart(buyer)).toEqual([]);
    // The stock stays held by the orders.
    expect(await t.api.stockOf(a)).toBe(1000 - 50 - 25);
    expect(await t.api.stockOf(c)).toBe(999);

    const order = await t.api.order(buyer, above.orders[0]?._id ?? '');
    expect(order.approval).toMatchObject({ spendingLimit: 500, checkoutTotal: 500.01, decidedBy: null, reason: '' });
    expect(order.approval?.approvers.map((p) => p.email).sort()).toEqual([approver.email, owner.email].sort());
    expect(order.companyName).toBe('Harbour Kitchens');
    expect(order.history.map((h) => h.status)).toEqual(['awaiting_approval']);
    expect(order.nextStatuses).toEqual(['cancelled']);
    expect((await t.api.order(approver, order._id)).nextStatuses).toEqual(['placed', 'rejected']);
  });

  test('the sellers do not see an order awaiting approval until it is approved; then they are notified', async () => {
    const p = await product(seller, 600);
    const { orders: placed } = await checkout(buyer, [[p, 1]]);
    const id = placed[0]?._id ?? '';
    expect(placed[0]?.status).toBe('awaiting_approval');

    const sales = () => t.api.list(seller, '/api/sales');
    expect((await sales()).items.map((o) => o._id)).not.toContain(id);
    const counts = await t.app.inject({ method: 'GET', url: '/api/sales/counts', headers: seller.headers });
    expect(counts.json<Record<string, number>>().awaiting_approval).toBe(0);
    expect((await t.api.get(seller, id)).statusCode).toBe(404);
    expect((await t.api.setStatus(seller, id, 'confirmed')).statusCode).toBe(404);
    expect((await inboxOf(seller)).some((n) => n.link === `/orders/${id}`)).toBe(false);
    // The dashboard rollups do not count it.
    const rollup = () =>
      t.database.db
        .select({ orders: sellerDailySales.orders, revenue: sellerDailySales.revenue })
        .from(sellerDailySales)
        .where(eq(sellerDailySales.sellerId, seller.uid));
    const before = await rollup();
    // The approvers are told (not the buyer themself).
    expect((await inboxOf(approver)).some((n) => n.kind === 'approval_requested' && n.link === `/orders/${id}`)).toBe(
      true,
    );
    expect((await inboxOf(buyer)).some((n) => n.kind === 'approval_requested')).toBe(false);

    const approved = await co.approved(approver, id);
    expect(approved.status).toBe('placed');
    expect(approved.approval).toMatchObject({ decidedBy: { email: approver.email, name: 'Abe Approver' } });
    expect(approved.approval?.approvers).toEqual([]);
    expect(approved.history.map((h) => h.status)).toEqual(['awaiting_approval', 'placed']);
    expect((await sales()).items.map((o) => o._id)).toContain(id);
    const seen = await t.api.order(seller, id);
    expect(seen.nextStatuses).toEqual(['confirmed', 'cancelled']);
    expect(seen.companyName).toBe('Harbour Kitchens');
    expect((await inboxOf(seller)).some((n) => n.kind === 'order_received' && n.link === `/orders/${id}`)).toBe(true);
    expect((await inboxOf(buyer)).some((n) => n.kind === 'order_approved' && n.link === `/orders/${id}`)).toBe(true);
    const after = await rollup();
    const sum = (rows: { orders: number; revenue: number }[]) =>
      rows.reduce((acc, r) => ({ orders: acc.orders + r.orders, revenue: acc.revenue + Number(r.revenue) }), {
        orders: 0,
        revenue: 0,
      });
    expect(sum(after).orders - sum(before).orders).toBe(1);
    expect(sum(after).revenue - sum(before).revenue).toBeCloseTo(600);
    // Approved once: a second approve or a reject is 409.
    expect((await co.approve(owner, id)).json<ErrorBody>().code).toBe('INVALID_TRANSITION');
    expect((await co.reject(owner, id)).json<ErrorBody>().code).toBe('INVALID_TRANSITION');
  });

  test('reject with a reason: rejected, every line’s stock returns, the buyer is told why', async () => {
    const a = await product(seller, 300, 50);
    const b = await product(seller, 200, 60);
    const c = await product(seller2, 100, 70);
    const { orders: placed } = await checkout(buyer, [
      [a, 2],
      [b, 3],
      [c, 4],
    ]);
    expect(placed).toHaveLength(2);
    expect(await t.api.stockOf(a)).toBe(48);
    expect((await co.call(owner, 'POST', `/api/orders/${placed[0]?._id}/reject`, { reason: ' ' })).statusCode).toBe(
      400,
    );
    for (const o of placed) {
      const res = await co.reject(owner, o._id, 'Over budget this month.');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Order>()).toMatchObject({ status: 'rejected', approval: { reason: 'Over budget this month.' } });
    }
    expect([await t.api.stockOf(a), await t.api.stockOf(b), await t.api.stockOf(c)]).toEqual([50, 60, 70]);
    const rejected = await t.api.order(buyer, placed[0]?._id ?? '');
    expect(rejected.history.map((h) => h.status)).toEqual(['awaiting_approval', 'rejected']);
    expect(rejected.nextStatuses).toEqual([]);
    const note = (await inboxOf(buyer)).find(
      (n) => n.kind === 'order_rejected' && n.link === `/orders/${rejected._id}`,
    );
    expect(note?.body).toContain('Over budget this month.');
    expect((await t.api.get(seller, rejected._id)).statusCode).toBe(404);
  });

  test('the buyer can cancel while it awaits approval: stock returns, the seller never hears of it', async () => {
    const p = await product(seller2, 1000, 10);
    const { orders: placed } = await checkout(buyer, [[p, 1]]);
    const id = placed[0]?._id ?? '';
    const res = await t.api.setStatus(buyer, id, 'cancelled');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>().cancelledBy).toBe('buyer');
    expect(await t.api.stockOf(p)).toBe(10);
    expect((await inboxOf(seller2)).some((n) => n.link === `/orders/${id}`)).toBe(false);
    expect((await t.api.list(seller2, '/api/sales')).items.map((o) => o._id)).not.toContain(id);
    expect((await co.approve(owner, id)).statusCode).toBe(409);
  });

  test('the buyer cannot approve; an approver cannot approve their own order above their own limit', async () => {
    const p = await product(seller, 700);
    const mine = await checkout(buyer, [[p, 1]]);
    const buyerOrder = mine.orders[0]?._id ?? '';
    const denied = await co.approve(buyer, buyerOrder);
    expect(denied.statusCode).toBe(403);
    expect(denied.json<ErrorBody>().code).toBe('FORBIDDEN');
    // PATCH cannot approve either.
    expect((await t.api.setStatus(approver, buyerOrder, 'placed')).statusCode).toBe(403);

    // The approver's own checkout above their limit of 1000.
    const own = await checkout(approver, [[p, 2]]);
    const ownId = own.orders[0]?._id ?? '';
    expect(own.orders[0]?.status).toBe('awaiting_approval');
    const order = await t.api.order(approver, ownId);
    expect(order.approval?.approvers.map((a) => a.email)).toEqual([owner.email]);
    expect(order.nextStatuses).toEqual(['cancelled', 'rejected']);
    const self = await co.approve(approver, ownId);
    expect(self.statusCode).toBe(403);
    expect(self.json<ErrorBody>().message).toContain('your own spending limit');
    expect((await co.approved(owner, ownId)).status).toBe('placed');
    expect((await co.approved(approver, buyerOrder)).status).toBe('placed');
  });

  test('no limit, or no company: placed at once as before', async () => {
    const p = await product(seller, 5000);
    expect((await checkout(owner, [[p, 1]])).orders[0]?.status).toBe('placed');
    const solo = await checkout(stranger, [[p, 1]]);
    expect(solo.orders[0]?.status).toBe('placed');
    expect((await t.api.order(stranger, solo.orders[0]?._id ?? '')).companyName).toBeNull();
  });

  test.runIf(usesPostgres())(
    '(PostgreSQL only) approve and reject racing: exactly one wins, the stock comes back at most once',
    async () => {
      for (let round = 0; round < 3; round++) {
        const p = await product(seller, 600, 20);
        const { orders: placed } = await checkout(buyer, [[p, 2]]);
        const id = placed[0]?._id ?? '';
        const results = await Promise.all([
          co.approve(approver, id),
          co.reject(owner, id),
          co.approve(owner, id),
          co.reject(approver, id),
        ]);
        const ok = results.filter((r) => r.statusCode === 200);
        expect(ok).toHaveLength(1);
        expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
        const status = ok[0]?.json<Order>().status;
        expect((await t.api.order(buyer, id)).status).toBe(status);
        expect(await t.api.stockOf(p)).toBe(status === 'rejected' ? 20 : 18);
      }
    },
  );
});

describe('the approval timeout', () => {
  test('an order past APPROVAL_TIMEOUT_HOURS is rejected by the sweep, with its stock returned', async () => {
    const p = await product(seller, 800, 30);
    const { orders: placed } = await checkout(buyer, [[p, 3]]);
    const id = placed[0]?._id ?? '';
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    // 168 hours after checkout by default.
    expect((row?.approvalExpiresAt?.getTime() ?? 0) - (row?.submittedAt?.getTime() ?? 0)).toBe(168 * 3_600_000);
    // Not yet due: the sweep leaves it.
    await t.app.approvals.sweep();
    expect((await t.api.order(buyer, id)).status).toBe('awaiting_approval');
    await t.database.db
      .update(orders)
      .set({ approvalExpiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(orders.id, id)));
    expect(await t.app.approvals.sweep()).toBeGreaterThanOrEqual(1);
    const expired = await t.api.order(buyer, id);
    expect(expired).toMatchObject({
      status: 'rejected',
      approval: { reason: APPROVAL_TIMEOUT_REASON, decidedBy: null },
    });
    expect(await t.api.stockOf(p)).toBe(30);
    expect((await inboxOf(buyer)).some((n) => n.kind === 'order_rejected' && n.link === `/orders/${id}`)).toBe(true);
    // A second sweep finds nothing more of it.
    await t.app.approvals.sweep();
    expect(await t.api.stockOf(p)).toBe(30);
  });

  test.runIf(usesPostgres())(
    '(PostgreSQL only) two processes sweeping at once reject each overdue order once and return its stock once',
    async () => {
      // A second API process: its own app, pool and sweep on the same schema (one process joins
      // its own sweeps, so two at once need two processes). What keeps them apart is
      // expireApprovals' FOR UPDATE SKIP LOCKED and its `status = 'awaiting_approval'` check (either
      // alone suffices); without both, each sweep rejects all 20 orders and returns their stock twice.
      const url = process.env.TEST_DATABASE_URL ?? '';
      const schema = t.database.jobsSchema.replace(/_jobs$/, '');
      const database = await createDatabase({ url, pgliteDir: 'memory://', schema });
      const second = await buildApp({ config: t.config, database });
      try {
        await second.ready();
        for (let round = 0; round < 3; round++) {
          // 300 + 2 × 300 > the buyer's limit of 500: each checkout is two orders awaiting approval.
          const [p1, p2] = await Promise.all([product(seller, 300, 50), product(seller2, 300, 50)]);
          const ids: string[] = [];
          for (let i = 0; i < 10; i++) {
            const { orders: placed } = await checkout(buyer, [
              [p1, 1],
              [p2, 2],
            ]);
            expect(placed.map((o) => o.status)).toEqual(['awaiting_approval', 'awaiting_approval']);
            ids.push(...placed.map((o) => o._id));
          }
          expect([await t.api.stockOf(p1), await t.api.stockOf(p2)]).toEqual([40, 30]);
          await t.database.db
            .update(orders)
            .set({ approvalExpiresAt: sql`now() - interval '1 second'` })
            .where(inArray(orders.id, ids));

          const swept = await Promise.all([t.app.approvals.sweep(), second.approvals.sweep()]);
          // Every overdue order was rejected by exactly one of them.
          expect(swept[0] + swept[1]).toBe(ids.length);
          const rows = await t.database.db.select().from(orders).where(inArray(orders.id, ids));
          expect(rows).toHaveLength(ids.length);
          for (const row of rows) {
            expect(row).toMatchObject({
              status: 'rejected',
              rejectionReason: APPROVAL_TIMEOUT_REASON,
              decidedAt: null,
            });
          }
          // Each line's stock came back once, not twice.
          expect([await t.api.stockOf(p1), await t.api.stockOf(p2)]).toEqual([50, 50]);
          // One rejection notice per order.
          const notices = await t.database.db
            .select({ link: notifications.link, userUid: notifications.userUid })
            .from(notifications)
            .where(
              and(
                eq(notifications.kind, 'order_rejected'),
                inArray(
                  notifications.link,
                  ids.map((id) => `/orders/${id}`),
                ),
              ),
            );
          expect(notices.map((n) => n.link).sort()).toEqual(ids.map((id) => `/orders/${id}`).sort());
          expect(notices.every((n) => n.userUid === buyer.uid)).toBe(true);
          // Nothing is left for a later sweep.
          expect(await Promise.all([t.app.approvals.sweep(), second.approvals.sweep()])).toEqual([0, 0]);
          expect([await t.api.stockOf(p1), await t.api.stockOf(p2)]).toEqual([50, 50]);
        }
      } finally {
        await second.close();
        await database.close();
      }
    },
  );
});

describe('company-wide', () => {
  test('company orders: admins and approvers see every member’s, filtered by member and status; buyers 403', async () => {
    const p = await product(seller, 1);
    const mine = await checkout(buyer, [[p, 1]]);
    const list = await co.call(approver, 'GET', `/api/companies/current/orders?member=${buyer.uid}`);
    expect(list.statusCode).toBe(200);
    const items = list.json<OrderSummary[]>();
    expect(items[0]?._id).toBe(mine.orders[0]?._id);
    expect(items.every((o) => o.buyerEmail === buyer.email)).toBe(true);
    const awaiting = await co.call(owner, 'GET', '/api/companies/current/orders?status=awaiting_approval');
    expect(awaiting.json<OrderSummary[]>().every((o) => o.status === 'awaiting_approval')).toBe(true);
    expect((await co.call(buyer, 'GET', '/api/companies/current/orders')).statusCode).toBe(403);
    expect((await co.call(stranger, 'GET', '/api/companies/current/orders')).statusCode).toBe(404);
    expect((await co.call(owner, 'GET', '/api/companies/current/orders?status=lost')).statusCode).toBe(400);
    // Sellers see the buyer's company on the sales desk.
    const sales = await t.api.list(seller, '/api/sales');
    expect(sales.items.find((o) => o._id === mine.orders[0]?._id)?.companyName).toBe('Harbour Kitchens');
  });

  test('a list shared with the company: every member reads it, the owner and admins edit it, others 404', async () => {
    const p = await product(seller, 3);
    const created = await co.call(buyer, 'POST', '/api/lists', { name: 'Weekly restock' });
    const list = created.json<SavedList>();
    expect(list).toMatchObject({ shared: false, canEdit: true, ownerEmail: buyer.email });
    expect((await co.call(approver, 'GET', `/api/lists/${list._id}`)).statusCode).toBe(404);
    const shared = await co.call(buyer, 'PUT', `/api/lists/${list._id}/shared`, { shared: true });
    expect(shared.statusCode, shared.body).toBe(200);

    const read = await co.call(approver, 'GET', `/api/lists/${list._id}`);
    expect(read.json<SavedList>()).toMatchObject({ shared: true, canEdit: false, ownerEmail: buyer.email });
    const summaries = (await co.call(approver, 'GET', '/api/lists')).json<ListSummary[]>();
    expect(summaries.find((l) => l._id === list._id)).toMatchObject({ canEdit: false });
    expect((await co.call(approver, 'PUT', `/api/lists/${list._id}/lines/${p}`, { quantity: 2 })).statusCode).toBe(403);
    expect((await co.call(approver, 'PUT', `/api/lists/${list._id}/shared`, { shared: false })).statusCode).toBe(403);
    expect((await co.call(approver, 'DELETE', `/api/lists/${list._id}`)).statusCode).toBe(403);
    const edited = await co.call(owner, 'PUT', `/api/lists/${list._id}/lines/${p}`, { quantity: 4 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<SavedList>().lines.map((l) => l.quantity)).toEqual([4]);
    // Members may add it to their cart.
    const added = await co.call(approver, 'POST', `/api/lists/${list._id}/add-to-cart`);
    expect(added.statusCode, added.body).toBe(200);
    for (const item of await t.api.cart(approver)) await t.api.removeFromCart(approver, item._id);
    expect((await co.call(stranger, 'GET', `/api/lists/${list._id}`)).statusCode).toBe(404);
    // Unshared: private again.
    await co.call(buyer, 'PUT', `/api/lists/${list._id}/shared`, { shared: false });
    expect((await co.call(owner, 'GET', `/api/lists/${list._id}`)).statusCode).toBe(404);
    // Without a company there is no one to share with.
    const solo = (await co.call(stranger, 'POST', '/api/lists', { name: 'Mine' })).json<SavedList>();
    expect((await co.call(stranger, 'PUT', `/api/lists/${solo._id}/shared`, { shared: true })).statusCode).toBe(400);
  });

  test('the address book: admins add, change and remove; every member reads it; another company’s id is 404', async () => {
    const body = { label: 'Main kitchen', ...buildShipTo({ name: 'Harbour Kitchens' }) };
    const created = await co.call(owner, 'POST', '/api/companies/current/addresses', body);
    expect(created.statusCode, created.body).toBe(201);
    const address = created.json<CompanyAddress>();
    expect(address).toMatchObject({ label: 'Main kitchen', name: 'Harbour Kitchens' });
    const read = await co.call(buyer, 'GET', '/api/companies/current/addresses');
    expect(read.json<CompanyAddress[]>().map((a) => a._id)).toContain(address._id);
    expect((await co.call(buyer, 'POST', '/api/companies/current/addresses', body)).statusCode).toBe(403);
    expect((await co.call(owner, 'POST', '/api/companies/current/addresses', { ...body, label: '' })).statusCode).toBe(
      400,
    );
    const changed = await co.call(owner, 'PUT', `/api/companies/current/addresses/${address._id}`, {
      ...body,
      label: 'Back door',
    });
    expect(changed.json<CompanyAddress>().label).toBe('Back door');
    const other = await createUser();
    await co.create(other, 'Rival Ltd');
    expect((await co.call(other, 'PUT', `/api/companies/current/addresses/${address._id}`, body)).statusCode).toBe(404);
    expect((await co.call(other, 'DELETE', `/api/companies/current/addresses/${address._id}`)).statusCode).toBe(404);
    expect((await co.call(other, 'GET', '/api/companies/current/addresses')).json<CompanyAddress[]>()).toEqual([]);
    expect((await co.call(owner, 'DELETE', `/api/companies/current/addresses/${address._id}`)).statusCode).toBe(204);
    expect((await co.call(owner, 'DELETE', `/api/companies/current/addresses/${address._id}`)).statusCode).toBe(404);
  });
});
