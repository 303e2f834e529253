import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { COMPANY_ROLE_LABELS, lineAmount, sumAmounts, taxOf, type OrderStatus } from '@b2b/shared';
import type { Auth } from 'firebase-admin/auth';
import type { AppDb, AppTx } from '../db/client.js';
import {
  activityLog,
  companyMembers,
  orderLines,
  orders,
  products,
  profiles,
  type NewActivityRow,
  type OrderRow,
  type ProductRow,
} from '../db/schema.js';
import type { Activity } from '../capabilities/activity/index.js';
import { productUpdated } from '../capabilities/catalogue/index.js';
import { createCompanyRepository } from '../capabilities/companies/repository.js';
import { orderStatusActivity } from '../capabilities/orders/index.js';
import { notifyApprovalRequested, notifyOrdersPlaced } from '../capabilities/notifications/index.js';
import type { DemoSeller } from './catalogue.js';
import { ensureSellers, type EmulatorTarget, type SeededSeller } from './accounts.js';
import { BUYER_COMPANY, DEMO_BUYERS, DEMO_SHIP_TO, DEMO_STAFF, type DemoPerson } from './people.js';

/*
 * The demo businesses (README, "Demo accounts"), after the catalogue: each demo seller becomes a
 * company with its catalogue manager and desk clerk, and a restaurant group with an owner, an
 * approver and two buyers has 30 days of orders from them in every status, with the activity
 * its sellers' staff would have left. The orders are written as the history they stand for
 * (their dates in the past, the dashboard rollups kept by the 0010 triggers; the catalogue's
 * stock is taken as what that history left), not
 * replayed through the routes, so a first start sends no burst of emails. Seeded once: a
 * database whose first demo seller already has a company is left as it is.
 */

const DAY = 86_400_000;
const HISTORY_DAYS = 30;

/** A small deterministic generator: the same demo every time. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T };
}

/** What an order `age` days old has come to (the newest are still open, a few went wrong). */
function statusFor(age: number, roll: number): OrderStatus {
  if (roll < 0.08) return 'cancelled';
  if (age >= 7) return 'delivered';
  if (age >= 3) return 'shipped';
  if (age >= 1) return 'confirmed';
  return 'placed';
}

const asUser = (account: SeededSeller) => ({
  uid: account.uid,
  email: account.email,
  displayName: account.displayName,
});

export interface BusinessResult {
  people: SeededSeller[];
  orders: number;
}

export async function seedBusinesses({
  db,
  auth,
  emulator,
  sellers,
}: {
  db: AppDb;
  auth: Auth;
  emulator: EmulatorTarget | null;
  sellers: SeededSeller[];
}): Promise<BusinessResult | null> {
  const first = sellers[0];
  if (!first) return null;
  const [already] = await db.select().from(companyMembers).where(eq(companyMembers.uid, first.uid));
  if (already) return null;

  const everyone = [...DEMO_STAFF, ...DEMO_BUYERS];
  const accounts = await ensureSellers(
    auth,
    everyone.map((p): DemoSeller => ({ ...p, companyName: '' })),
    emulator,
  );
  const account = new Map(accounts.map((a) => [a.key, a]));
  const of = (p: DemoPerson) => account.get(p.key) as SeededSeller;
  await db
    .insert(profiles)
    .values(accounts.map((a) => ({ uid: a.uid, email: a.email, displayName: a.displayName, photoUrl: '' })))
    .onConflictDoNothing({ target: profiles.uid });

  // The companies, by the route's own code: the owners' products and profiles come with them.
  const companies = createCompanyRepository(db);
  const companyOf = new Map<string, { id: string; name: string }>();
  for (const seller of sellers) {
    const detail = await companies.create(asUser(seller), seller.companyName);
    companyOf.set(seller.key, { id: detail._id, name: detail.name });
  }
  const [owner, ...buyerStaff] = DEMO_BUYERS;
  if (!owner) return null;
  const buying = await companies.create(asUser(of(owner)), BUYER_COMPANY.name);
  companyOf.set(BUYER_COMPANY.key, { id: buying._id, name: buying.name });

  const now = Date.now();
  const orderCount = await db.transaction(async (tx) => {
    const members = [...DEMO_STAFF, ...buyerStaff];
    await tx.insert(companyMembers).values(
      members.map((p) => ({
        uid: of(p).uid,
        companyId: companyOf.get(p.company)?.id ?? '',
        email: of(p).email,
        name: p.displayName,
        role: p.role,
        spendingLimit: p.spendingLimit,
        joinedAt: new Date(now - (HISTORY_DAYS + 5) * DAY),
      })),
    );
    const log: NewActivityRow[] = members.map((p) =>
      entry(companyOf.get(p.company)?.id ?? '', of(p), now - (HISTORY_DAYS + 5) * DAY, {
        kind: 'member',
        action: 'joined',
        subjectId: of(p).uid,
        subjectLabel: p.displayName,
        summary: `Joined as ${COMPANY_ROLE_LABELS[p.role].toLowerCase()}.`,
        after: { role: p.role, spendingLimit: p.spendingLimit },
      }),
    );
    const placed = await history(tx, { now, sellers, companyOf, of, log });
    await tx.insert(activityLog).values(log);
    return placed;
  });
  return { people: accounts, orders: orderCount };
}

function entry(companyId: string, actor: SeededSeller, at: number, activity: Activity): NewActivityRow {
  return {
    companyId,
    actorUid: actor.uid,
    actorEmail: actor.email,
    actorName: actor.displayName,
    ...activity,
    before: activity.before ?? null,
    after: activity.after ?? null,
    createdAt: new Date(at),
  };
}

interface HistoryInput {
  now: number;
  sellers: SeededSeller[];
  companyOf: Map<string, { id: string; name: string }>;
  of: (p: DemoPerson) => SeededSeller;
  log: NewActivityRow[];
}

/** 30 days of the restaurant group's orders, a price change per seller, and the desk's entries. */
async function history(tx: AppTx, { now, sellers, companyOf, of, log }: HistoryInput): Promise<number> {
  const random = generator(2026);
  const buyers = DEMO_BUYERS.filter((p) => p.role !== 'approver');
  const [approver] = DEMO_BUYERS.filter((p) => p.role === 'approver');
  const company = companyOf.get(BUYER_COMPANY.key);
  if (!approver || !company) return 0;
  const sellerIds = sellers.map((s) => companyOf.get(s.key)?.id ?? '');
  const catalogue = await tx.select().from(products).where(inArray(products.sellerId, sellerIds));
  const bySeller = new Map(sellerIds.map((id) => [id, catalogue.filter((p) => p.sellerId === id && p.quantity > 200)]));
  const staffOf = (key: string, role: 'catalogue' | 'sales') =>
    of(DEMO_STAFF.find((p) => p.company === key && p.role === role) as DemoPerson);

  // Each catalogue manager lowered a price a week ago (not on the home page's first products).
  for (const seller of sellers) {
    const sellerId = companyOf.get(seller.key)?.id ?? '';
    const product = bySeller.get(sellerId)?.at(-1);
    if (!product) continue;
    const price = Math.round(product.price * 95) / 100;
    const [after] = await tx.update(products).set({ price }).where(eq(products.id, product.id)).returning();
    if (after)
      log.push(entry(sellerId, staffOf(seller.key, 'catalogue'), now - 7 * DAY, productUpdated(product, after)));
  }

  let count = 0;
  const fresh: OrderRow[] = [];
  for (let age = HISTORY_DAYS - 1; age >= 0; age--) {
    const perDay = age === 0 ? 3 : 1 + Math.floor(random.next() * 2);
    for (let i = 0; i < perDay; i++) {
      const seller = random.pick(sellers);
      const sellerId = companyOf.get(seller.key)?.id ?? '';
      const shelf = bySeller.get(sellerId) ?? [];
      if (shelf.length === 0) continue;
      const lines = Array.from({ length: 1 + Math.floor(random.next() * 3) }, () => random.pick(shelf));
      const unique = [...new Map(lines.map((p) => [p.id, p])).values()];
      const at = now - age * DAY - Math.floor(random.next() * 8 * 3_600_000) - 3_600_000;
      // The last day's bar order is above Lee's limit and waits; one two weeks ago was rejected.
      const special = age === 0 && i === 2 ? 'awaiting_approval' : age === 14 && i === 0 ? 'rejected' : null;
      const buyer = special ? DEMO_BUYERS[3] : random.pick(buyers);
      if (!buyer) continue;
      const status = special ?? statusFor(age, random.next());
      const order = await insertOrder(tx, {
        at,
        status,
        buyer: of(buyer),
        company,
        seller: { id: sellerId, email: seller.email, name: companyOf.get(seller.key)?.name ?? null },
        lines: unique.map((p) => ({
          product: p,
          quantity: special ? p.minSellQty * 12 : p.minSellQty * (1 + (i % 3)),
        })),
        approver: of(approver),
      });
      count++;
      if (age === 0) fresh.push(order);
      // The desk clerk's steps, each at the time the order shows for it.
      const clerk = staffOf(seller.key, 'sales');
      let previous: OrderStatus = 'placed';
      for (const [step, when] of [
        ['confirmed', order.confirmedAt],
        ['shipped', order.shippedAt],
        ['delivered', order.deliveredAt],
        ['cancelled', order.cancelledAt],
      ] as const) {
        if (!when) continue;
        log.push(
          entry(sellerId, clerk, when.getTime(), orderStatusActivity({ status: previous }, { ...order, status: step })),
        );
        previous = step;
      }
    }
  }
  // Today's orders reach the inboxes as a checkout would have told them (one email each).
  for (const order of fresh) {
    const lines = (await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id))).map((l) => ({
      name: l.name,
      quantity: l.quantity,
      price: l.price,
      taxRate: l.taxRate,
    }));
    if (order.status === 'awaiting_approval') await notifyApprovalRequested(tx, [{ order, lines }]);
    else await notifyOrdersPlaced(tx, [{ order, lines }]);
  }
  return count;
}

interface OrderSpec {
  at: number;
  status: OrderStatus;
  buyer: SeededSeller;
  company: { id: string; name: string };
  seller: { id: string; email: string; name: string | null };
  lines: { product: ProductRow; quantity: number }[];
  approver: SeededSeller;
}

/** One order as it would stand today (the catalogue's stock is what the history left). */
async function insertOrder(tx: AppTx, spec: OrderSpec): Promise<OrderRow> {
  const { at, status, buyer, company, seller, lines, approver } = spec;
  const amounts = lines.map((l) => lineAmount(l.product.price, l.quantity));
  const total = sumAmounts(amounts);
  // The product's own rate (the demo sellers keep no default: 0 without one), each line taxed on its own.
  const rates = lines.map((l) => l.product.taxRate ?? 0);
  const taxes = amounts.map((amount, index) => taxOf(amount, rates[index] ?? 0));
  const stamp = (days: number) => new Date(Math.min(at + days * DAY * 0.9, Date.now() - 60_000));
  const reached = ['confirmed', 'shipped', 'delivered'].indexOf(status);
  const [order] = await tx
    .insert(orders)
    .values({
      checkoutId: randomUUID(),
      buyerUid: buyer.uid,
      buyerEmail: buyer.email,
      buyerName: buyer.displayName,
      sellerId: seller.id,
      sellerEmail: seller.email,
      sellerName: seller.name,
      status,
      poNumber: `RR-${new Date(at).toISOString().slice(2, 10).replaceAll('-', '')}`,
      ...DEMO_SHIP_TO,
      total,
      tax: sumAmounts(taxes),
      lineCount: lines.length,
      units: lines.reduce((sum, l) => sum + l.quantity, 0),
      companyId: company.id,
      companyName: company.name,
      placedAt: new Date(at),
      updatedAt: new Date(at),
      confirmedAt: reached >= 0 ? stamp(1) : null,
      shippedAt: reached >= 1 ? stamp(2) : null,
      deliveredAt: reached >= 2 ? stamp(4) : null,
      trackingRef: reached >= 1 ? `TRK${String(at).slice(-7)}` : '',
      ...(status === 'cancelled' ? { cancelledAt: stamp(0.5), cancelledBy: 'seller' as const } : {}),
      ...(status === 'awaiting_approval' || status === 'rejected'
        ? {
            approvalLimit: 500,
            approvalCheckoutTotal: total,
            submittedAt: new Date(at),
            approvalExpiresAt: new Date(at + 7 * DAY),
          }
        : {}),
      ...(status === 'rejected'
        ? {
            decidedByUid: approver.uid,
            decidedByEmail: approver.email,
            decidedByName: approver.displayName,
            decidedAt: stamp(0.3),
            rejectedAt: stamp(0.3),
            rejectionReason: 'Over this week’s bar budget: order it again on Monday.',
          }
        : {}),
    })
    .returning();
  if (!order) throw new Error('insert returned no order');
  await tx.insert(orderLines).values(
    lines.map((l, index) => ({
      orderId: order.id,
      position: index + 1,
      productId: l.product.id,
      name: l.product.name,
      image: l.product.image,
      brand: l.product.brand,
      category: l.product.category,
      price: l.product.price,
      listPrice: l.product.price,
      sku: l.product.sku,
      quantity: l.quantity,
      lineTotal: amounts[index] ?? 0,
      taxRate: rates[index] ?? 0,
      tax: taxes[index] ?? 0,
      packSize: l.product.packSize,
    })),
  );
  return order;
}
