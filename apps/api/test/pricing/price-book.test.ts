import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openPriceBook } from '../../src/pricing/price-book.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createUsers, type TestUser } from '../helpers/users.js';

/*
 * The pricing seam (docs/architecture.md, "Pricing"): a price book reads the buyers' held totals
 * once and prices any quantity of those products for those buyers. The routes' tests prove each
 * path prices through it; these pin the book's own answers.
 */

let t: TestApp;
let seller: TestUser;
let ann: TestUser;
let bob: TestUser;
let laddered: string;
let plain: string;

const LADDER = [
  { minQty: 50, price: 9.2 },
  { minQty: 200, price: 8.5 },
];

beforeAll(async () => {
  t = await createTestApp();
  [seller, ann, bob] = await createUsers('Seller', 'Ann', 'Bob');
  laddered = await t.api.addProduct(seller, { price: 10, quantity: 1000, minSellQty: 1, priceTiers: LADDER });
  plain = await t.api.addProduct(seller, { price: 4.5, quantity: 1000, minSellQty: 1 });
  await t.api.buy(ann, laddered, 10);
  await t.api.buy(ann, laddered, 20);
  await t.api.buy(ann, plain, 5);
  await t.api.buy(bob, laddered, 60);
});
afterAll(async () => t.close());

const bookFor = (...users: TestUser[]) =>
  openPriceBook(t.database.db, { uids: users.map((u) => u.uid), productIds: [laddered, plain] });

test('counts each buyer’s total of each product over their holds, in one book', async () => {
  const book = await bookFor(ann, bob);
  expect([book.held(laddered, ann.uid), book.held(plain, ann.uid)]).toEqual([30, 5]);
  expect([book.held(laddered, bob.uid), book.held(plain, bob.uid)]).toEqual([60, 0]);
});

test('opened for every product they hold, a book counts the same totals and nothing of others’', async () => {
  const book = await openPriceBook(t.database.db, { uids: [ann.uid], productIds: 'held' });
  expect([book.held(laddered, ann.uid), book.held(plain, ann.uid)]).toEqual([30, 5]);
  expect(book.held(laddered, bob.uid)).toBe(0);
});

test('quotes more units at the price of the new total, saying where the price comes from', async () => {
  const book = await bookFor(ann);
  const product = { id: laddered, sellerId: seller.uid, price: 10, priceTiers: LADDER };
  expect(book.quote(product, ann.uid, 10)).toEqual({
    unitPrice: 10,
    source: 'base',
    nextTier: { minQty: 50, price: 9.2, more: 10 },
    held: 30,
    quantity: 10,
    total: 40,
    lineTotal: 100,
  });
  expect(book.quote(product, ann.uid, 20)).toMatchObject({ unitPrice: 9.2, source: 'tier', total: 50, lineTotal: 184 });
  book.take(laddered, ann.uid, 170);
  expect(book.priceAt(product, ann.uid, book.held(laddered, ann.uid))).toEqual({
    unitPrice: 8.5,
    source: 'tier',
    nextTier: null,
  });
  expect(book.ladder(product, ann.uid)).toEqual({ price: 10, priceTiers: LADDER });
});

test('line totals are exact cents, not floats', async () => {
  const book = await bookFor(ann);
  expect(book.quote({ id: plain, sellerId: seller.uid, price: 0.1, priceTiers: [] }, ann.uid, 3).lineTotal).toBe(0.3);
  expect(book.quote({ id: plain, sellerId: seller.uid, price: 1.15, priceTiers: [] }, ann.uid, 7).lineTotal).toBe(8.05);
});

test('an expired hold is no longer counted', async () => {
  await t.database.db.execute(
    sql`update cart_items set held_until = now() - interval '1 minute' where user_uid = ${bob.uid}`,
  );
  const book = await bookFor(bob);
  expect(book.held(laddered, bob.uid)).toBe(0);
});
