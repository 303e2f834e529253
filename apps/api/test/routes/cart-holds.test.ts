import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { DEFAULT_CART_HOLD_HOURS } from '@b2b/shared';
import { loadConfig } from '../../src/config.js';
import { cartItems, products } from '../../src/db/schema.js';
import { HOLD_SWEEP_EVERY_MS } from '../../src/capabilities/carts/hold-sweep.plugin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { usesPostgres } from '../helpers/database.js';
import { testEnv } from '../helpers/env.js';
import { insertProduct } from '../helpers/factories.js';
import { expireHolds, holdOf } from '../helpers/rows.js';
import { createUser, type TestUser } from '../helpers/users.js';

/*
 * Cart holds (docs/architecture.md, "Orders and cart holds"): an item holds its stock for
 * CART_HOLD_HOURS; the sweep then takes it out of the cart and returns the stock, once.
 */

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { CART_HOLD_HOURS: '5' } });
  [seller, buyer] = await Promise.all([createUser(), createUser({ displayName: 'Hold Buyer' })]);
});
afterAll(async () => t.close());

const product = (quantity = 100) => insertProduct(t.database.db, seller, { quantity, minSellQty: 1 });

describe('CART_HOLD_HOURS', () => {
  test('defaults to 72 hours and must be a positive whole number', () => {
    expect(DEFAULT_CART_HOLD_HOURS).toBe(72);
    expect(loadConfig(testEnv()).cartHoldHours).toBe(72);
    expect(loadConfig(testEnv({ CART_HOLD_HOURS: '' })).cartHoldHours).toBe(72);
    expect(loadConfig(testEnv({ CART_HOLD_HOURS: '1' })).cartHoldHours).toBe(1);
    for (const bad of ['0', '-3', '1.5', 'soon']) {
      expect(() => loadConfig(testEnv({ CART_HOLD_HOURS: bad })), bad).toThrow(/CART_HOLD_HOURS/);
    }
  });
});

describe('holds', () => {
  test('a purchase holds its stock for CART_HOLD_HOURS; the cart shows until when, and the seller', async () => {
    const productId = await product();
    const id = await t.api.buy(buyer, productId, 3);
    const [item] = await t.api.cart(buyer);
    expect(item).toMatchObject({ _id: id, sellerEmail: seller.email.toLowerCase() });
    const held = Date.parse(item?.heldUntil ?? '') - Date.parse(item?.buyDate ?? '');
    expect(Math.abs(held - 5 * 3_600_000)).toBeLessThan(5_000);
    await t.api.removeFromCart(buyer, id);
  });

  test('an expired hold leaves the cart at once, and the sweep returns its stock', async () => {
    const productId = await product(50);
    const expired = await t.api.buy(buyer, productId, 8);
    const kept = await t.api.buy(buyer, productId, 2);
    await expireHolds(t, [expired]);
    // Listed carts never show an expired hold, even before the sweep.
    expect((await t.api.cart(buyer)).map((i) => i._id)).toEqual([kept]);
    expect(await t.api.stockOf(productId)).toBe(40);

    expect(await t.app.cartHolds.sweep()).toBe(1);
    expect(await t.api.stockOf(productId)).toBe(48);
    const left = await t.database.db
      .select({ id: cartItems.id })
      .from(cartItems)
      .where(eq(cartItems.productId, productId));
    expect(left.map((r) => r.id)).toEqual([kept]);
    // Nothing is released twice.
    expect(await t.app.cartHolds.sweep()).toBe(0);
    expect(await t.api.stockOf(productId)).toBe(48);
    expect(await holdOf(t, kept)).toBeInstanceOf(Date);
    await t.api.removeFromCart(buyer, kept);
  });

  test('the sweep works in batches through any number of expired holds, returning stock capped at the limit', async () => {
    const many = await product(1_000);
    const full = await product(500);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await t.api.buy(buyer, many, 5));
    ids.push(await t.api.buy(buyer, full, 100));
    await t.database.db.update(products).set({ quantity: 999_999_950 }).where(eq(products.id, full));
    // Older than the batch: 12 rows of one product, released in one statement per batch.
    await expireHolds(t, ids);
    expect(await t.app.cartHolds.sweep()).toBe(13);
    expect(await t.api.stockOf(many)).toBe(1_000);
    expect(await t.api.stockOf(full)).toBe(1_000_000_000);
    expect(await t.database.db.select().from(cartItems).where(inArray(cartItems.id, ids))).toEqual([]);
  });

  test('a hold whose product was deleted is released without returning anything', async () => {
    const productId = await product();
    const id = await t.api.buy(buyer, productId, 1);
    await t.database.db.delete(products).where(eq(products.id, productId));
    await expireHolds(t, [id]);
    expect(await t.app.cartHolds.sweep()).toBe(1);
    expect(await holdOf(t, id)).toBeUndefined();
  });

  test('the sweep runs by itself every minute inside the API process, and stops when the app closes', async () => {
    // Only setInterval is faked (for the whole test), so the database and the server keep their real timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const own = await createTestApp();
    try {
      const productId = await insertProduct(own.database.db, seller, { quantity: 30, minSellQty: 1 });
      const id = await own.api.buy(buyer, productId, 4);
      await expireHolds(own, [id]);
      expect(await own.api.stockOf(productId)).toBe(26);
      vi.advanceTimersByTime(HOLD_SWEEP_EVERY_MS);
      for (let i = 0; i < 100 && (await own.api.stockOf(productId)) !== 30; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await own.api.stockOf(productId)).toBe(30);
      expect(await holdOf(own, id)).toBeUndefined();
    } finally {
      await own.close();
      // Every interval the app started (this sweep's too) was cleared on close.
      expect(vi.getTimerCount()).toBe(0);
      vi.useRealTimers();
    }
  });

  test.runIf(usesPostgres())(
    '(PostgreSQL only: PGlite runs one transaction at a time) concurrent sweeps in several processes release each hold once',
    async () => {
      const productId = await product(600);
      const ids: string[] = [];
      for (let i = 0; i < 40; i++) ids.push(await t.api.buy(buyer, productId, 10));
      await expireHolds(t, ids);
      expect(await t.api.stockOf(productId)).toBe(200);
      // Several "processes": the same database through independent repository calls at once.
      const released = await Promise.all(Array.from({ length: 6 }, () => t.app.cartRepository.releaseExpiredHolds(7)));
      let total = released.reduce((a, b) => a + b, 0);
      total += await t.app.cartHolds.sweep();
      expect(total).toBe(40);
      expect(await t.api.stockOf(productId)).toBe(600);
      const [left] = await t.database.db
        .execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM cart_items WHERE product_id = ${productId}`)
        .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
      expect(left?.n).toBe(0);
    },
  );
});
