import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CartItem, ErrorBody, Order, PlaceOrderResult, Product, ProductHold } from '@b2b/shared';
import { cartItems, products } from '../../src/db/schema.js';
import { usesPostgres } from '../helpers/database.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertProduct } from '../helpers/factories.js';
import { asAuthUser, createUser, createUsers, type TestUser } from '../helpers/users.js';

/*
 * The wholesale trade rules (docs/architecture.md, "Trade rules"): SKUs, packs, a maximum per
 * buyer and volume prices, on every path a quantity enters.
 */

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [seller, buyer, other] = await createUsers('Seller', 'Bea Buyer', 'Oscar Other');
});
afterAll(async () => t.close());

const LADDER = [
  { minQty: 50, price: 9.2 },
  { minQty: 200, price: 8.5 },
];

const updateProduct = (user: TestUser, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: user.headers, payload });

/** The user's cart items of one product. */
const itemsOf = async (user: TestUser, productId: string): Promise<CartItem[]> =>
  (await t.api.cart(user, '?limit=100')).filter((item) => item.productId === productId);

async function holdOf(user: TestUser, productId: string): Promise<ProductHold> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/carts/${encodeURIComponent(user.email)}/products/${productId}`,
    headers: user.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductHold>();
}

function expectError(res: { statusCode: number; json: <T>() => T }, status: number, code: string, message?: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json<ErrorBody>();
  expect(body.code).toBe(code);
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}

describe('a product’s trade rules', () => {
  test('are stored and sent back; existing-style products default to packs of 1, no maximum, no tiers, no SKU', async () => {
    const res = await t.api.addProductRaw(seller, {
      sku: 'BOLT-M8/50',
      packSize: 6,
      minSellQty: 12,
      maxOrderQty: 240,
      price: 10,
      priceTiers: LADDER,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ insertedId: string }>().insertedId;
    const product = (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json<Product>();
    expect(product).toMatchObject({ sku: 'BOLT-M8/50', packSize: 6, maxOrderQty: 240, priceTiers: LADDER });

    const plain = await t.api.addProductRaw(seller, {});
    const plainId = plain.json<{ insertedId: string }>().insertedId;
    const defaults = (await t.app.inject({ method: 'GET', url: `/api/products/${plainId}` })).json<Product>();
    expect(defaults).toMatchObject({ sku: null, packSize: 1, maxOrderQty: null, priceTiers: [] });
  });

  test('a blank SKU is no SKU', async () => {
    const res = await t.api.addProductRaw(seller, { sku: '   ' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db
      .select({ sku: products.sku })
      .from(products)
      .where(eq(products.id, res.json<{ insertedId: string }>().insertedId));
    expect(row?.sku).toBeNull();
  });

  test.each([
    [
      'a SKU with a space',
      { sku: 'AB 12' },
      'sku',
      'SKU may contain only letters, digits, dots, underscores, hyphens and slashes.',
    ],
    ['a SKU of 65 characters', { sku: 'A'.repeat(65) }, 'sku', 'SKU must be at most 64 characters.'],
    ['pack size 0', { packSize: 0 }, 'packSize', 'Pack size must be at least 1.'],
    ['a fractional pack size', { packSize: 1.5 }, 'packSize', 'Pack size must be a whole number.'],
    [
      'a minimum that is not whole packs',
      { packSize: 6, minSellQty: 8 },
      'minSellQty',
      'Min sell quantity must be a multiple of the pack size (6): choose 6 or 12.',
    ],
    [
      'a maximum below the minimum',
      { minSellQty: 10, maxOrderQty: 5 },
      'maxOrderQty',
      'Max per order must be at least the min sell quantity (10).',
    ],
    [
      'a first tier at the minimum',
      { minSellQty: 10, price: 10, priceTiers: [{ minQty: 10, price: 9 }] },
      'priceTiers.0.minQty',
      'Tier 1: the quantity must be more than the min sell quantity (10).',
    ],
    [
      'quantities that do not increase',
      {
        minSellQty: 1,
        price: 10,
        priceTiers: [
          { minQty: 50, price: 9 },
          { minQty: 50, price: 8 },
        ],
      },
      'priceTiers.1.minQty',
      "Tier 2: the quantity must be more than tier 1's (50).",
    ],
    [
      'a higher price for a larger quantity',
      {
        minSellQty: 1,
        price: 10,
        priceTiers: [
          { minQty: 50, price: 9.2 },
          { minQty: 200, price: 9.5 },
        ],
      },
      'priceTiers.1.price',
      "Tier 2: the price must be less than tier 1's (9.20).",
    ],
    [
      'a first tier not below the price',
      { minSellQty: 1, price: 10, priceTiers: [{ minQty: 50, price: 10 }] },
      'priceTiers.0.price',
      "Tier 1: the price must be less than the product's price (10.00).",
    ],
    [
      'a tier above the maximum',
      { minSellQty: 1, maxOrderQty: 40, price: 10, priceTiers: [{ minQty: 50, price: 9 }] },
      'priceTiers.0.minQty',
      'Tier 1: the quantity is more than the max per order (40), so no buyer could reach it.',
    ],
    [
      'a tier price with three decimals',
      { minSellQty: 1, price: 10, priceTiers: [{ minQty: 50, price: 9.125 }] },
      'priceTiers.0.price',
      'Tier price can have at most 2 decimals.',
    ],
    [
      'eleven tiers',
      {
        minSellQty: 1,
        price: 100,
        priceTiers: Array.from({ length: 11 }, (_, i) => ({ minQty: 10 * (i + 1), price: 90 - i })),
      },
      'priceTiers',
      'At most 10 price tiers.',
    ],
  ])('400 for %s, naming the field and the row', async (_case, overrides, field, message) => {
    const before = await t.database.db.$count(products);
    const res = await t.api.addProductRaw(seller, overrides);
    const body = expectError(res, 400, 'VALIDATION_ERROR');
    expect(body.details).toContainEqual({ field, message });
    expect(await t.database.db.$count(products)).toBe(before);
  });

  test('an update is checked on the product it would leave: raising the pack above the minimum is refused', async () => {
    const id = await insertProduct(t.database.db, seller, { packSize: 6, minSellQty: 12, price: 10 });
    const res = await updateProduct(seller, id, { packSize: 5 });
    const body = expectError(res, 400, 'VALIDATION_ERROR');
    expect(body.details).toContainEqual({
      field: 'minSellQty',
      message: 'Min sell quantity must be a multiple of the pack size (5): choose 10 or 15.',
    });
    // A price cut below the first tier names the tier.
    const tiered = await insertProduct(t.database.db, seller, { price: 10, minSellQty: 1, priceTiers: LADDER });
    const cut = await updateProduct(seller, tiered, { price: 9 });
    expect(expectError(cut, 400, 'VALIDATION_ERROR').details).toContainEqual({
      field: 'priceTiers.0.price',
      message: "Tier 1: the price must be less than the product's price (9.00).",
    });
    // Together they fit.
    const both = await updateProduct(seller, id, { packSize: 4, minSellQty: 12 });
    expect(both.statusCode, both.body).toBe(200);
  });

  test('the database refuses what the API would refuse (CHECK constraints)', async () => {
    const bad = [
      { packSize: 6, minSellQty: 8 },
      { minSellQty: 10, maxOrderQty: 5 },
      { sku: 'has space' },
      { price: 10, minSellQty: 1, priceTiers: [{ minQty: 50, price: 11 }] },
      {
        price: 10,
        minSellQty: 1,
        priceTiers: [
          { minQty: 50, price: 9 },
          { minQty: 40, price: 8 },
        ],
      },
    ];
    for (const overrides of bad) {
      await expect(insertProduct(t.database.db, seller, overrides)).rejects.toMatchObject({
        cause: expect.objectContaining({ code: '23514' }) as unknown,
      });
    }
  });
});

describe('SKUs', () => {
  test('are unique per seller, compared case-insensitively: 409 SKU_TAKEN names the product', async () => {
    const first = await t.api.addProductRaw(seller, { sku: 'KETTLE-1', name: 'Steel Kettle' });
    expect(first.statusCode).toBe(201);
    const again = await t.api.addProductRaw(seller, { sku: 'kettle-1' });
    const body = expectError(again, 409, 'SKU_TAKEN');
    expect(body.message).toContain('Steel Kettle');
    expect(body.details).toEqual([{ field: 'sku', message: 'You already use SKU kettle-1 for “Steel Kettle”.' }]);
    // Another seller may use the same part number.
    expect((await t.api.addProductRaw(other, { sku: 'KETTLE-1' })).statusCode).toBe(201);
    // An update onto a taken SKU is refused too, and changes nothing.
    const second = await t.api.addProductRaw(seller, { sku: 'KETTLE-2' });
    const id = second.json<{ insertedId: string }>().insertedId;
    expectError(await updateProduct(seller, id, { sku: 'Kettle-1' }), 409, 'SKU_TAKEN');
    const product = (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json<Product>();
    expect(product.sku).toBe('KETTLE-2');
  });
});

describe('packs', () => {
  test('every purchased quantity is a multiple of the pack: the two nearest valid quantities are offered', async () => {
    const id = await insertProduct(t.database.db, seller, { packSize: 6, minSellQty: 6, quantity: 100 });
    expectError(
      await t.api.buyRaw(buyer, id, 13),
      422,
      'QUANTITY_NOT_MULTIPLE',
      'Sold in packs of 6: choose 12 or 18.',
    );
    expectError(await t.api.buyRaw(buyer, id, 7), 422, 'QUANTITY_NOT_MULTIPLE', 'Sold in packs of 6: choose 6 or 12.');
    expect(await t.api.stockOf(id)).toBe(100);
    await t.api.buy(buyer, id, 12);
    expect(await t.api.stockOf(id)).toBe(88);
  });

  test('below the minimum, the spec’s minimum message comes first', async () => {
    const id = await insertProduct(t.database.db, seller, { packSize: 6, minSellQty: 12, quantity: 100 });
    expectError(await t.api.buyRaw(buyer, id, 5), 422, 'MIN_ORDER_NOT_MET', 'You must buy at least 12 units.');
    expectError(await t.api.buyRaw(buyer, id, 6), 422, 'MIN_ORDER_NOT_MET', 'You must buy at least 12 units.');
  });
});

describe('the maximum per buyer', () => {
  test('sums every cart item of the product and says how many more may be added', async () => {
    const id = await insertProduct(t.database.db, seller, { maxOrderQty: 40, quantity: 500 });
    expectError(
      await t.api.buyRaw(buyer, id, 41),
      422,
      'MAX_ORDER_EXCEEDED',
      'You can order at most 40 of this product.',
    );
    await t.api.buy(buyer, id, 30);
    expectError(
      await t.api.buyRaw(buyer, id, 11),
      422,
      'MAX_ORDER_EXCEEDED',
      'You can order at most 40 of this product; your cart already holds 30, so you can add up to 10.',
    );
    await t.api.buy(buyer, id, 10);
    // Another buyer has a maximum of their own.
    await t.api.buy(other, id, 40);
    expect(await t.api.stockOf(id)).toBe(420);
    // Removing an item makes room again.
    const [item] = await itemsOf(buyer, id);
    expect((await t.api.removeFromCart(buyer, item?._id ?? '')).statusCode).toBe(200);
    await t.api.buy(buyer, id, item?.buyQuantity ?? 0);
  });

  test('reorder goes through the same rules and reports the maximum per line', async () => {
    const id = await insertProduct(t.database.db, seller, { maxOrderQty: 20, quantity: 500 });
    const shopper = await createUser();
    await t.api.buy(shopper, id, 20);
    const placed = await t.api.placeRaw(shopper);
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<PlaceOrderResult>().orders[0]?._id ?? '';
    await t.api.buy(shopper, id, 5);
    const res = await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/reorder`, headers: shopper.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ results: { outcome: string; message: string }[] }>().results).toEqual([
      expect.objectContaining({
        outcome: 'max_order_exceeded',
        message: 'You can order at most 20 of this product; your cart already holds 5, so you can add up to 15.',
      }),
    ]);
  });

  test.runIf(usesPostgres())(
    '(PostgreSQL only: PGlite runs one transaction at a time) racing purchases cannot exceed it together',
    async () => {
      const id = await insertProduct(t.database.db, seller, { maxOrderQty: 30, quantity: 1000 });
      const shopper = await createUser();
      const responses = await Promise.all(Array.from({ length: 20 }, () => t.api.buyRaw(shopper, id, 4)));
      const bought = responses.filter((r) => r.statusCode === 201).length;
      expect(bought).toBe(7);
      expect(
        responses.filter((r) => r.statusCode === 422).every((r) => r.json<ErrorBody>().code === 'MAX_ORDER_EXCEEDED'),
      ).toBe(true);
      const held = await t.database.db.select().from(cartItems).where(eq(cartItems.productId, id));
      expect(held.reduce((sum, row) => sum + row.buyQuantity, 0)).toBe(28);
      expect(await t.api.stockOf(id)).toBe(972);
    },
  );
});

describe('the batched path for a hot product', () => {
  test('judges packs and maximums exactly like a purchase that comes alone', async () => {
    const id = await insertProduct(t.database.db, seller, {
      packSize: 5,
      minSellQty: 5,
      maxOrderQty: 20,
      quantity: 100,
    });
    const shopper = await createUser();
    const carts = t.app.cartRepository;
    // The first runs alone; the rest wait for it and are judged together, in arrival order.
    const settled = await Promise.allSettled(
      [10, 7, 10, 5, 15].map((buyQuantity) => carts.purchase(asAuthUser(shopper), { productId: id, buyQuantity })),
    );
    expect(settled.map((s) => (s.status === 'fulfilled' ? 'bought' : (s.reason as Error).message))).toEqual([
      'bought',
      'Sold in packs of 5: choose 5 or 10.',
      'bought',
      'You can order at most 20 of this product; your cart already holds 20, so you can add up to 0.',
      'You can order at most 20 of this product; your cart already holds 20, so you can add up to 0.',
    ]);
    expect(await t.api.stockOf(id)).toBe(80);
  });
});

describe('volume prices', () => {
  test('two purchases whose sum crosses a tier both get the tier price; a removal below it raises it again', async () => {
    const id = await insertProduct(t.database.db, seller, {
      price: 10,
      minSellQty: 1,
      quantity: 1000,
      priceTiers: LADDER,
    });
    const shopper = await createUser();
    await t.api.buy(shopper, id, 30);
    let items = await itemsOf(shopper, id);
    expect(items.map((i) => [i.price, i.listPrice, i.productQuantity])).toEqual([[10, 10, 30]]);
    expect(items[0]?.nextTier).toEqual({ minQty: 50, price: 9.2, more: 20 });

    const second = await t.api.buy(shopper, id, 30);
    items = await itemsOf(shopper, id);
    expect(items.map((i) => i.price)).toEqual([9.2, 9.2]);
    expect(items.every((i) => i.productQuantity === 60 && i.listPrice === 10)).toBe(true);
    expect(items[0]?.nextTier).toEqual({ minQty: 200, price: 8.5, more: 140 });
    expect(await holdOf(shopper, id)).toEqual({
      productId: id,
      quantity: 60,
      unitPrice: 9.2,
      nextTier: { minQty: 200, price: 8.5, more: 140 },
      price: 10,
      priceTiers: LADDER,
    });
    // Another buyer's total is their own.
    await t.api.buy(other, id, 1);
    expect((await itemsOf(other, id)).map((i) => i.price)).toEqual([10]);

    expect((await t.api.removeFromCart(shopper, second)).statusCode).toBe(200);
    items = await itemsOf(shopper, id);
    expect(items.map((i) => [i.price, i.productQuantity])).toEqual([[10, 30]]);
  });

  test('the order lines snapshot the unit price charged, the list price and the SKU', async () => {
    const id = await insertProduct(t.database.db, seller, {
      sku: 'TIER-ORDER-1',
      price: 10,
      minSellQty: 1,
      quantity: 1000,
      priceTiers: LADDER,
    });
    const shopper = await createUser();
    await t.api.buy(shopper, id, 100);
    await t.api.buy(shopper, id, 100);
    const placed = await t.api.placeRaw(shopper);
    expect(placed.statusCode, placed.body).toBe(201);
    const [summary] = placed.json<PlaceOrderResult>().orders;
    expect(summary?.total).toBe(1700);
    const order = (
      await t.app.inject({ method: 'GET', url: `/api/orders/${summary?._id}`, headers: shopper.headers })
    ).json<Order>();
    expect(order.lines.map((l) => [l.sku, l.price, l.listPrice, l.quantity, l.lineTotal])).toEqual([
      ['TIER-ORDER-1', 8.5, 10, 100, 850],
      ['TIER-ORDER-1', 8.5, 10, 100, 850],
    ]);
  });

  test('the hold sweep releasing one purchase reprices the buyer’s other holds', async () => {
    const id = await insertProduct(t.database.db, seller, {
      price: 10,
      minSellQty: 1,
      quantity: 1000,
      priceTiers: LADDER,
    });
    const shopper = await createUser();
    const first = await t.api.buy(shopper, id, 30);
    await t.api.buy(shopper, id, 30);
    await t.database.db
      .update(cartItems)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(cartItems.id, first));
    while ((await t.app.cartRepository.releaseExpiredHolds(500)) > 0) {
      // Other tests' holds may be swept too; go on until none is left.
    }
    expect((await itemsOf(shopper, id)).map((i) => [i.price, i.productQuantity])).toEqual([[10, 30]]);
  });
});

describe('checkout against rules changed since the purchase', () => {
  test('a line that no longer fits is reported and nothing is placed', async () => {
    const id = await insertProduct(t.database.db, seller, { name: 'Rule Change Gloves', quantity: 500, minSellQty: 1 });
    const shopper = await createUser();
    await t.api.buy(shopper, id, 10);
    // The seller now sells in packs of 4.
    expect((await updateProduct(seller, id, { packSize: 4, minSellQty: 4 })).statusCode).toBe(200);
    const res = await t.api.placeRaw(shopper);
    const body = expectError(res, 422, 'QUANTITY_NOT_MULTIPLE');
    expect(body.message).toContain('Rule Change Gloves: Sold in packs of 4: choose 8 or 12.');
    expect(body.details).toEqual([{ field: id, message: 'Rule Change Gloves: Sold in packs of 4: choose 8 or 12.' }]);
    // The cart is as it was.
    expect((await itemsOf(shopper, id)).map((i) => i.buyQuantity)).toEqual([10]);
    // A maximum lowered below the cart's total is reported the same way.
    expect((await updateProduct(seller, id, { packSize: 1, minSellQty: 1, maxOrderQty: 5 })).statusCode).toBe(200);
    expectError(await t.api.placeRaw(shopper), 422, 'MAX_ORDER_EXCEEDED');
    expect((await updateProduct(seller, id, { maxOrderQty: null })).statusCode).toBe(200);
    expect((await t.api.placeRaw(shopper)).statusCode).toBe(201);
  });
});

describe('finding a SKU', () => {
  test('a SKU typed into the search finds its product first, in the catalogue and in the seller’s own list', async () => {
    const partNumber = `ZX-${Date.now()}/B`;
    const wordy = await insertProduct(t.database.db, seller, { name: 'Quasarwidget Deluxe', sku: null });
    const exact = await insertProduct(t.database.db, seller, { name: 'Zeta cable', sku: partNumber });
    const byWord = await insertProduct(t.database.db, other, { name: 'Zephyr quasarwidget', sku: 'QUASARWIDGET' });

    const ids = async (url: string, user?: TestUser) => {
      const res = await t.app.inject({ method: 'GET', url, ...(user ? { headers: user.headers } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Product[]>().map((p) => p._id);
    };
    // A part number that is no word of any name: found by its SKU alone, case-insensitively.
    expect(await ids(`/api/products?q=${encodeURIComponent(partNumber.toLowerCase())}`)).toEqual([exact]);
    // A SKU that is also a word: the exact SKU comes before the names that contain it.
    expect(await ids('/api/products?q=quasarwidget')).toEqual([byWord, wordy]);
    // With an explicit sort, the SKU match is one of the matches.
    expect(await ids(`/api/products?q=${encodeURIComponent(partNumber)}&sort=newest`)).toEqual([exact]);
    // The seller's own list.
    expect(
      await ids(`/api/my-products/${encodeURIComponent(seller.email)}?q=${encodeURIComponent(partNumber)}`, seller),
    ).toEqual([exact]);
    expect(
      await ids(`/api/my-products/${encodeURIComponent(other.email)}?q=${encodeURIComponent(partNumber)}`, other),
    ).toEqual([]);
  });
});
