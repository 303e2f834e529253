import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { cartItems, products, type NewProductRow } from '../../src/db/schema.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';

/* The CHECK constraints hold even for writes that bypass the API's validation. */

let handle: TestDatabase;
let database: Database;

beforeAll(async () => {
  handle = await openTestDatabase();
  database = handle.database;
});
afterAll(async () => handle.dispose());

const valid: NewProductRow = {
  sellerId: 'u1',
  ownerEmail: 'u1@example.com',
  name: 'Valid',
  category: 'home',
  price: 1,
  quantity: 1,
  minSellQty: 1,
};

/** SQLSTATE 23514 = check_violation (Drizzle wraps the driver's error in `cause`). */
async function expectCheckViolation(query: PromiseLike<unknown>): Promise<void> {
  const error: unknown = await Promise.resolve(query).then(
    () => null,
    (e: unknown) => e,
  );
  const cause = (error as { cause?: { code?: string } } | null)?.cause;
  expect(cause?.code).toBe('23514');
}

test('a valid row is accepted with generated id and timestamps', async () => {
  const [row] = await database.db.insert(products).values(valid).returning();
  expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(row?.createdAt).toBeInstanceOf(Date);
  expect(row).toMatchObject({ image: '', brand: '', rating: null, price: 1 });
});

test.each([
  ['negative quantity', { quantity: -1 }],
  ['quantity above LIMITS.quantity', { quantity: 1_000_000_001 }],
  ['min_sell_qty 0', { minSellQty: 0 }],
  ['negative price', { price: -0.01 }],
  ['rating above 5', { rating: 5.01 }],
  ['rating below 0', { rating: -1 }],
  // Not a Category: the cast is the point, the CHECK must refuse what the types would.
  ['unknown category', { category: 'toys' as NewProductRow['category'] }],
  ['blank name', { name: '   ' }],
])('rejects %s', async (_case, override) => {
  await expectCheckViolation(database.db.insert(products).values({ ...valid, ...override }));
});

test('prices keep two decimals and come back as numbers', async () => {
  const [row] = await database.db
    .insert(products)
    .values({ ...valid, price: 1234567890.99, rating: 4.25 })
    .returning();
  expect(row?.price).toBe(1234567890.99);
  expect(row?.rating).toBe(4.25);
});

test('cart items need a positive quantity and keep their product id after the product is deleted', async () => {
  const [product] = await database.db.insert(products).values(valid).returning();
  const item = {
    productId: product?.id ?? randomUUID(),
    name: 'Valid',
    image: '',
    brand: '',
    category: 'home' as const,
    price: 1,
    listPrice: 1,
    userUid: 'u2',
    userEmail: 'u2@example.com',
    displayName: 'U2',
    buyQuantity: 0,
    sellerId: 'u1',
    sellerEmail: 'u1@example.com',
    heldUntil: new Date(Date.now() + 3_600_000),
  };
  await expectCheckViolation(database.db.insert(cartItems).values(item));
  const [inserted] = await database.db
    .insert(cartItems)
    .values({ ...item, buyQuantity: 2 })
    .returning();
  await database.db.delete(products).where(eq(products.id, item.productId));
  const [kept] = await database.db
    .select()
    .from(cartItems)
    .where(eq(cartItems.id, inserted?.id ?? ''));
  expect(kept?.productId).toBe(item.productId);
});

// pg_indexes of this schema only: other test files drop theirs meanwhile ("could not open relation").
test('the available filter has a partial index', async () => {
  const result = await database.db.execute<{ indexdef: string }>(
    sql`select indexdef from pg_indexes where schemaname = current_schema() and indexname = 'products_available_idx'`,
  );
  expect(JSON.stringify(result)).toMatch(/WHERE \(quantity > 100\)/);
});

test("the search index's pending list is bounded at 256 kB", async () => {
  // pg_indexes shows the WITH (…) of an index: what every search reads whole until a write moves it.
  const result = await database.db.execute<{ indexdef: string }>(
    sql`select indexdef from pg_indexes where schemaname = current_schema() and indexname = 'products_search_idx'`,
  );
  expect(JSON.stringify(result)).toMatch(/WITH \(gin_pending_list_limit='?256'?\)/);
});

test('carts are listed by buyer uid through an index', async () => {
  const result = await database.db.execute<{ indexdef: string }>(
    sql`select indexdef from pg_indexes where schemaname = current_schema() and indexname = 'cart_items_user_uid_idx'`,
  );
  expect(JSON.stringify(result)).toMatch(/\(user_uid, buy_date\)/);
});

test('quantity may be exactly LIMITS.quantity', async () => {
  const [row] = await database.db
    .insert(products)
    .values({ ...valid, quantity: 1_000_000_000 })
    .returning();
  expect(row?.quantity).toBe(1_000_000_000);
});
