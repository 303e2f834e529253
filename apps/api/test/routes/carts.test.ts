import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ErrorBody } from '@b2b/shared';
import { cartItems } from '../../src/db/schema.js';
import { usesPostgres } from '../helpers/database.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertProduct } from '../helpers/factories.js';
import { cartRowsFor } from '../helpers/rows.js';
import { asAuthUser, createUser, createUsers, deleteUser, type TestUser } from '../helpers/users.js';

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [seller, buyer, other] = await createUsers('Seller', 'Bea Buyer', 'Oscar Other');
});
afterAll(async () => t.close());

describe('POST /api/carts', () => {
  test('buys: lowers the stock and stores a server-side snapshot', async () => {
    const productId = await insertProduct(t.database.db, seller, {
      name: 'Snapshot Kettle',
      brand: 'Boil',
      category: 'kitchen',
      image: '/images/products/kettle.svg',
      price: 19.99,
      quantity: 50,
      minSellQty: 5,
    });
    const res = await t.api.postCart(buyer, {
      productId,
      buyQuantity: 7,
      // Everything below is the old client's payload; the server must ignore all of it.
      name: 'Free Kettle',
      price: 0,
      userEmail: other.email,
      displayName: 'Mallory',
      buyDate: '1999-01-01T00:00:00Z',
      image: 'https://evil.example/x.png',
    });
    expect(res.statusCode).toBe(201);
    const { acknowledged, insertedId } = res.json<{ acknowledged: boolean; insertedId: string }>();
    expect(acknowledged).toBe(true);
    expect(await t.api.stockOf(productId)).toBe(43);

    const items = await t.api.cart(buyer);
    const item = items.find((i) => i._id === insertedId);
    expect(item).toMatchObject({
      productId,
      name: 'Snapshot Kettle',
      brand: 'Boil',
      category: 'kitchen',
      image: '/images/products/kettle.svg',
      price: 19.99,
      userEmail: buyer.email,
      displayName: 'Bea Buyer',
      buyQuantity: 7,
    });
    expect(Math.abs(Date.parse(item?.buyDate ?? '') - Date.now())).toBeLessThan(60_000);
    expect((await t.api.cart(other)).some((i) => i._id === insertedId)).toBe(false);
  });

  test('buying your own product is allowed', async () => {
    const productId = await insertProduct(t.database.db, seller, { quantity: 3 });
    await t.api.buy(seller, productId, 3);
    expect(await t.api.stockOf(productId)).toBe(0);
  });

  test('422 MIN_ORDER_NOT_MET below the minimum order, nothing changes', async () => {
    const productId = await insertProduct(t.database.db, seller, { quantity: 50, minSellQty: 10 });
    const res = await t.api.buyRaw(buyer, productId, 9);
    expect(res.statusCode).toBe(422);
    expect(res.json<ErrorBody>()).toMatchObject({
      statusCode: 422,
      code: 'MIN_ORDER_NOT_MET',
      message: 'You must buy at least 10 units.',
    });
    expect(await t.api.stockOf(productId)).toBe(50);
    expect(await cartRowsFor(t.database.db, productId)).toBe(0);
  });

  test('409 INSUFFICIENT_STOCK names the available count, nothing changes', async () => {
    const productId = await insertProduct(t.database.db, seller, { quantity: 4, minSellQty: 1 });
    const res = await t.api.buyRaw(buyer, productId, 5);
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>()).toMatchObject({ code: 'INSUFFICIENT_STOCK', message: expect.stringContaining('4') });
    expect(await t.api.stockOf(productId)).toBe(4);
    expect(await cartRowsFor(t.database.db, productId)).toBe(0);
  });

  test('the minimum order is checked before the stock', async () => {
    const productId = await insertProduct(t.database.db, seller, { quantity: 2, minSellQty: 5 });
    expect((await t.api.buyRaw(buyer, productId, 3)).statusCode).toBe(422);
  });

  test('404 when the product does not exist', async () => {
    const res = await t.api.buyRaw(buyer, randomUUID(), 1);
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>().code).toBe('NOT_FOUND');
  });

  test.each([
    ['productId missing', { buyQuantity: 1 }, 'productId'],
    ['productId not a UUID', { productId: 'abc', buyQuantity: 1 }, 'productId'],
    ['buyQuantity missing', { productId: randomUUID() }, 'buyQuantity'],
    ['buyQuantity zero', { productId: randomUUID(), buyQuantity: 0 }, 'buyQuantity'],
    ['buyQuantity negative', { productId: randomUUID(), buyQuantity: -2 }, 'buyQuantity'],
    ['buyQuantity fractional', { productId: randomUUID(), buyQuantity: 1.5 }, 'buyQuantity'],
    ['buyQuantity as text', { productId: randomUUID(), buyQuantity: '2' }, 'buyQuantity'],
    ['buyQuantity too large', { productId: randomUUID(), buyQuantity: 1_000_000_001 }, 'buyQuantity'],
  ])('400 when %s', async (_case, payload, field) => {
    const res = await t.api.postCart(buyer, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().details?.map((d) => d.field)).toContain(field);
  });

  test.runIf(usesPostgres())(
    '(PostgreSQL only: PGlite runs one transaction at a time, so no race could be lost there) 60 simultaneous purchases never oversell',
    async () => {
      const stock = 50;
      const perOrder = 2;
      const orders = 60;
      const productId = await insertProduct(t.database.db, seller, { quantity: stock, minSellQty: 1 });
      const buyers = [buyer, other, seller];
      const responses = await Promise.all(
        Array.from({ length: orders }, (_, i) =>
          t.api.buyRaw(buyers[i % buyers.length] as TestUser, productId, perOrder),
        ),
      );
      const statuses = responses.map((r) => r.statusCode);
      const created = statuses.filter((s) => s === 201).length;
      expect(created).toBe(stock / perOrder);
      expect(statuses.filter((s) => s === 409)).toHaveLength(orders - created);
      expect(await t.api.stockOf(productId)).toBe(0);
      expect(await cartRowsFor(t.database.db, productId)).toBe(created);
    },
  );

  test.runIf(usesPostgres())(
    '(PostgreSQL only: PGlite runs one transaction at a time, so no race could be lost there) simultaneous purchases that do not all fit leave the exact remainder',
    async () => {
      const productId = await insertProduct(t.database.db, seller, { quantity: 100, minSellQty: 1 });
      const quantities = Array.from({ length: 50 }, (_, i) => (i % 3) + 1); // 1,2,3,… sums to 99
      const responses = await Promise.all(quantities.map((q) => t.api.buyRaw(buyer, productId, q * 2)));
      const sold = responses.reduce((sum, r, i) => sum + (r.statusCode === 201 ? (quantities[i] ?? 0) * 2 : 0), 0);
      expect(responses.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
      expect(sold).toBeLessThanOrEqual(100);
      const remaining = await t.api.stockOf(productId);
      expect(remaining).toBe(100 - sold);
      expect(remaining).toBeGreaterThanOrEqual(0);
      // Whatever is left is smaller than every order that was turned away.
      for (const [i, r] of responses.entries()) {
        if (r.statusCode === 409) expect((quantities[i] ?? 0) * 2).toBeGreaterThan(remaining);
      }
      expect(await cartRowsFor(t.database.db, productId)).toBe(responses.filter((r) => r.statusCode === 201).length);
    },
  );
});

describe('purchases of one product while another is being bought', () => {
  test('wait for it, then are bought together in arrival order, each under the minimum and stock rules', async () => {
    const productId = await insertProduct(t.database.db, seller, { quantity: 10, minSellQty: 2 });
    const carts = t.app.cartRepository;
    // Started without waiting: the first runs alone, the other four wait for it and form one batch.
    const settled = await Promise.allSettled(
      [3, 1, 8, 4, 3].map((buyQuantity) => carts.purchase(asAuthUser(buyer), { productId, buyQuantity })),
    );
    const outcome = settled.map((s) =>
      s.status === 'fulfilled' ? 'bought' : (s.reason as { code?: string; message?: string }).message,
    );
    // 3 leaves 7; 1 is below the minimum; 8 does not fit in 7; 4 leaves 3; the last 3 leaves 0.
    expect(outcome).toEqual([
      'bought',
      'You must buy at least 2 units.',
      'Not enough stock: only 7 units available.',
      'bought',
      'bought',
    ]);
    expect(await t.api.stockOf(productId)).toBe(0);
    expect(await cartRowsFor(t.database.db, productId)).toBe(3);
    const ids = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    expect(new Set(ids).size).toBe(3);
    const items = await t.api.cart(buyer, '?limit=100');
    expect(
      items
        .filter((i) => i.productId === productId)
        .map((i) => i.buyQuantity)
        .sort(),
    ).toEqual([3, 3, 4]);
  });

  test('share one transaction: the waiting purchases commit together (one buy date, the transaction time)', async () => {
    const productId = await insertProduct(t.database.db, seller, { quantity: 10, minSellQty: 1 });
    const carts = t.app.cartRepository;
    const ids = await Promise.all(
      Array.from({ length: 5 }, () => carts.purchase(asAuthUser(buyer), { productId, buyQuantity: 1 })),
    );
    const rows = await t.database.db
      .select({ id: cartItems.id, buyDate: cartItems.buyDate })
      .from(cartItems)
      .where(eq(cartItems.productId, productId));
    const dateOf = new Map(rows.map((row) => [row.id, row.buyDate.getTime()]));
    const [alone, ...batch] = ids.map((id) => dateOf.get(id));
    expect(new Set(batch).size).toBe(1);
    expect(batch[0]).not.toBe(alone);
    expect(await t.api.stockOf(productId)).toBe(5);
  });

  test('a batch for a product that does not exist: each request gets its 404, nothing is bought', async () => {
    const productId = randomUUID();
    const carts = t.app.cartRepository;
    const settled = await Promise.allSettled(
      Array.from({ length: 40 }, () => carts.purchase(asAuthUser(other), { productId, buyQuantity: 1 })),
    );
    const codes = settled.map((s) => (s.status === 'rejected' ? (s.reason as { code?: string }).code : 'bought'));
    expect(codes).toEqual(Array.from({ length: 40 }, () => 'NOT_FOUND'));
    expect(await cartRowsFor(t.database.db, productId)).toBe(0);
  });
});

describe('GET /api/carts/:email', () => {
  test('newest first, paged, with the total', async () => {
    const shopper = await createUser();
    const productId = await insertProduct(t.database.db, seller, { quantity: 100 });
    for (const q of [1, 2, 3]) await t.api.buy(shopper, productId, q);
    const all = await t.api.cartPage(shopper);
    expect(all.items.map((i) => i.buyQuantity)).toEqual([3, 2, 1]);
    expect(all.total).toBe('3');
    const page = await t.api.cartPage(shopper, '?limit=1&offset=1');
    expect(page.items.map((i) => i.buyQuantity)).toEqual([2]);
    expect(page.total).toBe('3');
  });

  test('an empty cart is an empty array', async () => {
    const nobody = await createUser();
    expect(await t.api.cartPage(nobody)).toEqual({ items: [], total: '0' });
  });

  test("403 for another user's email (or any other string), 400 past 320 characters", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/carts/${encodeURIComponent(buyer.email)}`,
      headers: other.headers,
    });
    expect(res.statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'GET', url: '/api/carts/nope', headers: buyer.headers });
    expect(bad.statusCode).toBe(403);
    const long = await t.app.inject({ method: 'GET', url: `/api/carts/${'x'.repeat(321)}`, headers: buyer.headers });
    expect(long.statusCode).toBe(400);
    expect(long.json<ErrorBody>().details?.[0]?.field).toBe('email');
  });

  test('an address Firebase accepts but z.email() would not (a!b@…) lists its cart', async () => {
    const shopper = await createUser({ email: `a!b-${Date.now()}@example.com` });
    const productId = await insertProduct(t.database.db, seller, { quantity: 10 });
    await t.api.buy(shopper, productId, 1);
    expect(await t.api.cart(shopper)).toHaveLength(1);
  });

  test('a 200-character address is not cut off by the router (404)', async () => {
    const email = `${'l'.repeat(64)}@${'d'.repeat(60)}.${'e'.repeat(60)}.${Date.now()}.example.com`;
    expect(email.length).toBeGreaterThan(100);
    const shopper = await createUser({ email });
    expect(await t.api.cartPage(shopper)).toEqual({ items: [], total: '0' });
  });

  test("after an email address moves to a new account, that account does not see the old one's cart", async () => {
    const email = `reused-${Date.now()}@example.com`;
    const first = await createUser({ email });
    const productId = await insertProduct(t.database.db, seller, { quantity: 10 });
    const oldItem = await t.api.buy(first, productId, 2);
    expect((await t.api.cart(first)).map((i) => i._id)).toEqual([oldItem]);

    await deleteUser(first);
    const second = await createUser({ email });
    expect(second.uid).not.toBe(first.uid);
    expect(second.email).toBe(first.email);
    expect(await t.api.cartPage(second)).toEqual({ items: [], total: '0' });
    // Neither can it remove (and so restock) the earlier account's item.
    expect((await t.api.removeFromCart(second, oldItem)).statusCode).toBe(403);
    expect(await t.api.stockOf(productId)).toBe(8);

    const newItem = await t.api.buy(second, productId, 1);
    expect((await t.api.cart(second)).map((i) => i._id)).toEqual([newItem]);
  });

  test("a deleted product's cart items stay readable", async () => {
    const shopper = await createUser();
    const productId = await insertProduct(t.database.db, seller, { name: 'Soon Gone', quantity: 10, price: 3.5 });
    await t.api.buy(shopper, productId, 2);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/products/${productId}`, headers: seller.headers });
    expect(del.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    const items = await t.api.cart(shopper);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ productId, name: 'Soon Gone', price: 3.5, buyQuantity: 2 });
  });
});

describe('DELETE /api/carts/:id', () => {
  test('removes the item and restores the stock', async () => {
    const productId = await insertProduct(t.database.db, seller, { quantity: 20 });
    const id = await t.api.buy(buyer, productId, 8);
    expect(await t.api.stockOf(productId)).toBe(12);
    const res = await t.api.removeFromCart(buyer, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await t.api.stockOf(productId)).toBe(20);
    expect((await t.api.cart(buyer)).some((i) => i._id === id)).toBe(false);
  });

  test('removing twice at once restores the stock once', async () => {
    const productId = await insertProduct(t.database.db, seller, { quantity: 20 });
    const id = await t.api.buy(buyer, productId, 5);
    const results = await Promise.all(Array.from({ length: 3 }, () => t.api.removeFromCart(buyer, id)));
    const deleted = results.filter(
      (r) => r.statusCode === 200 && r.json<{ deletedCount: number }>().deletedCount === 1,
    );
    expect(deleted).toHaveLength(1);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 404)).toBe(true);
    expect(await t.api.stockOf(productId)).toBe(20);
  });

  test('restoring stock is capped at the 1,000,000,000 limit, so removal always succeeds', async () => {
    const productId = await insertProduct(t.database.db, seller, { quantity: 1_000_000_000 });
    const id = await t.api.buy(buyer, productId, 10);
    // The seller tops the stock back up to the limit while the item is in the cart.
    const topUp = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/quantity/${productId}`,
      headers: seller.headers,
      payload: { decBy: -10 },
    });
    expect(topUp.json()).toEqual({ acknowledged: true, quantity: 1_000_000_000 });
    const res = await t.api.removeFromCart(buyer, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await t.api.stockOf(productId)).toBe(1_000_000_000);
  });

  test('works after the product was deleted (nothing to restore)', async () => {
    const productId = await insertProduct(t.database.db, seller, { quantity: 20 });
    const id = await t.api.buy(buyer, productId, 5);
    await t.app.inject({ method: 'DELETE', url: `/api/products/${productId}`, headers: seller.headers });
    expect((await t.api.removeFromCart(buyer, id)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
  });

  test('403 for anyone but the buyer (even the seller), 404 for an unknown item', async () => {
    const productId = await insertProduct(t.database.db, seller, { quantity: 20 });
    const id = await t.api.buy(buyer, productId, 5);
    for (const user of [other, seller]) {
      const res = await t.api.removeFromCart(user, id);
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorBody>().code).toBe('FORBIDDEN');
    }
    expect(await t.api.stockOf(productId)).toBe(15);
    expect((await t.api.removeFromCart(buyer, randomUUID())).statusCode).toBe(404);
    expect((await t.api.removeFromCart(buyer, 'not-a-uuid')).statusCode).toBe(400);
  });
});
