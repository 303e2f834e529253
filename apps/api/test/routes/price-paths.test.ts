import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Dashboard, QuickOrderPreview, SavedList } from '@b2b/shared';
import { renderNotificationEmail } from '../../src/capabilities/notifications/delivery.js';
import { notifications } from '../../src/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { callsOf } from '../helpers/calls.js';
import { companyClient } from '../helpers/companies.js';
import type { TestUser } from '../helpers/users.js';

/*
 * The price rule on every path that shows or charges a price (issue 38), past the purchase and
 * POST /prices that price-lists.test.ts proves: quick order's preview and add, a saved list and a
 * reorder into the cart, the spending limit and its approval, the order's email, and the seller's
 * dashboard revenue. One selling company, one buying company with a contract: the pan is 10.00
 * (9.00 from 100) for everyone else and 8.90 (8.20 from 50) for them.
 */

let t: TestApp;
let co: ReturnType<typeof companyClient>;
const { ok, known } = callsOf(() => co);
let seller: { owner: TestUser; manager: TestUser; pan: string; sku: string };
let buying: { admin: TestUser; buyer: TestUser };
let listId: string;

beforeAll(async () => {
  t = await createTestApp({
    env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000', READ_RATE_LIMIT_PER_MINUTE: '100000', CATALOGUE_CACHE: 'true' },
  });
  co = companyClient(t);
  const [owner, manager, admin, buyer] = await Promise.all([known(), known(), known(), known()]);
  await co.create(owner, 'Paths Cookware');
  await co.join(owner, manager, 'catalogue');
  await co.create(admin, 'Paths Bistro');
  // The buyer may spend 100.00 a checkout: 11 pans at the contract price are 97.90, at the list price 110.00.
  await co.join(admin, buyer, 'buyer', 100);
  const sku = `PATH-PAN-${Date.now()}`;
  const pan = await t.api.addProduct(manager, {
    name: 'Paths frying pan',
    sku,
    price: 10,
    quantity: 10_000,
    minSellQty: 1,
    packSize: 1,
    priceTiers: [{ minQty: 100, price: 9 }],
  });
  seller = { owner, manager, pan, sku };
  buying = { admin, buyer };
  listId = (await ok<{ id: string }>(manager, 'POST', '/api/price-lists', { name: 'Bistro 2027' }, 201)).id;
  await ok(manager, 'PUT', `/api/price-lists/${listId}/lines/${pan}`, {
    price: 8.9,
    tiers: [{ minQty: 50, price: 8.2 }],
  });
  await ok(manager, 'POST', `/api/price-lists/${listId}/customers`, { email: buyer.email }, 201);
});
afterAll(async () => t.close());

const cartPrices = async (user: TestUser) =>
  (await t.api.cart(user)).map((item) => [item.price, item.buyQuantity, item.priceListId]);
async function emptyCart(user: TestUser) {
  for (const item of await t.api.cart(user)) await t.api.removeFromCart(user, item._id);
}

describe('the contract price on every path', () => {
  test('quick order previews and adds at the contract price, its tier included', async () => {
    const { buyer } = buying;
    const lines = [{ sku: seller.sku, quantity: 10 }];
    const preview = await ok<QuickOrderPreview>(buyer, 'POST', '/api/quick-order/preview', { lines });
    expect(preview.lines[0]).toMatchObject({ status: 'ok', unitPrice: 8.9, lineTotal: 89 });
    expect(preview.totals).toMatchObject({ total: 89 });
    const atTier = await ok<QuickOrderPreview>(buyer, 'POST', '/api/quick-order/preview', {
      lines: [{ sku: seller.sku, quantity: 60 }],
    });
    expect(atTier.lines[0]).toMatchObject({ unitPrice: 8.2, lineTotal: 492 });
    // Someone without the contract is quoted the list price.
    const outsider = await known();
    const theirs = await ok<QuickOrderPreview>(outsider, 'POST', '/api/quick-order/preview', { lines });
    expect(theirs.lines[0]).toMatchObject({ unitPrice: 10, lineTotal: 100 });

    await ok(buyer, 'POST', '/api/quick-order', { lines });
    expect(await cartPrices(buyer)).toEqual([[8.9, 10, listId]]);
    await emptyCart(buyer);
  });

  test('a saved list and a reorder land in the cart at the contract price', async () => {
    const { buyer } = buying;
    const list = await ok<SavedList>(buyer, 'POST', '/api/lists', { name: 'Weekly pans' }, 201);
    await ok(buyer, 'PUT', `/api/lists/${list._id}/lines/${seller.pan}`, { quantity: 5 });
    await ok(buyer, 'POST', `/api/lists/${list._id}/add-to-cart`);
    expect(await cartPrices(buyer)).toEqual([[8.9, 5, listId]]);

    const placed = await t.api.place(buyer);
    const orderId = placed.orders[0]?._id ?? '';
    expect((await t.api.order(buyer, orderId)).total).toBe(44.5);
    // The seller lowers the contract: a reorder buys at today's contract price.
    await ok(seller.manager, 'PUT', `/api/price-lists/${listId}/lines/${seller.pan}`, {
      price: 8.5,
      tiers: [{ minQty: 50, price: 8.2 }],
    });
    const reordered = await t.api.reorder(buyer, orderId);
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(await cartPrices(buyer)).toEqual([[8.5, 5, listId]]);
    // The order placed before keeps the price it was placed at.
    expect((await t.api.order(buyer, orderId)).lines.map((line) => line.price)).toEqual([8.9]);
    await ok(seller.manager, 'PUT', `/api/price-lists/${listId}/lines/${seller.pan}`, {
      price: 8.9,
      tiers: [{ minQty: 50, price: 8.2 }],
    });
    await emptyCart(buyer);
  });

  test('the spending limit is judged at the contract price: within it places, above it awaits approval', async () => {
    const { buyer, admin } = buying;
    // 11 × 8.90 = 97.90: within the 100.00 limit (at the list price it would be 110.00, above).
    await t.api.buy(buyer, seller.pan, 11);
    const within = await t.api.place(buyer);
    expect(within.orders.map((o) => [o.status, o.total])).toEqual([['placed', 97.9]]);
    // 12 × 8.90 = 106.80: above it.
    await t.api.buy(buyer, seller.pan, 12);
    const above = await t.api.place(buyer);
    expect(above.orders.map((o) => [o.status, o.total])).toEqual([['awaiting_approval', 106.8]]);
    const waiting = await t.api.order(admin, above.orders[0]?._id ?? '');
    expect(waiting.approval).toMatchObject({ spendingLimit: 100, checkoutTotal: 106.8 });
    expect(waiting.lines.map((line) => [line.price, line.listPrice])).toEqual([[8.9, 10]]);
    // Approved, it stays at the price it was placed at.
    const approved = await co.approved(admin, waiting._id);
    expect([approved.status, approved.total]).toEqual(['placed', 106.8]);
  });

  test('the order’s emails and the seller’s dashboard revenue are at the contract price', async () => {
    const { buyer } = buying;
    const before = await ok<Dashboard>(seller.owner, 'GET', '/api/dashboard');
    const panBefore = before.topProducts.find((p) => p.productId === seller.pan)?.revenue ?? 0;
    await t.api.buy(buyer, seller.pan, 3);
    const placed = await t.api.place(buyer);
    const orderId = placed.orders[0]?._id ?? '';
    for (const [who, kind] of [
      [seller.owner, 'order_received'],
      [buyer, 'order_placed'],
    ] as const) {
      const [row] = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userUid, who.uid), eq(notifications.link, `/orders/${orderId}`)));
      expect(row?.kind).toBe(kind);
      if (!row) continue;
      const email = await renderNotificationEmail(row, { publicUrl: 'http://shop.test', token: 'token' });
      // The line at 8.90 × 3 = 26.70, the order's total the same; the list price nowhere.
      expect(email.text).toContain('$8.90');
      expect(email.text).toContain('$26.70');
      expect(email.text).not.toContain('$10.00');
      expect(email.html).toContain('$26.70');
    }

    // The order adds 26.70 to the seller's revenue, not 30.00.
    const after = await ok<Dashboard>(seller.owner, 'GET', '/api/dashboard');
    expect(after.totals.orders - before.totals.orders).toBe(1);
    expect(Math.round((after.totals.revenue - before.totals.revenue) * 100)).toBe(2670);
    const panAfter = after.topProducts.find((p) => p.productId === seller.pan);
    expect(Math.round(((panAfter?.revenue ?? 0) - panBefore) * 100)).toBe(2670);
  });
});
