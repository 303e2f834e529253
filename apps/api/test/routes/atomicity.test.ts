import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ErrorBody } from '@b2b/shared';
import { cartItems } from '../../src/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertProduct } from '../helpers/factories.js';
import { cartRowsFor } from '../helpers/rows.js';
import { createUser, type TestUser } from '../helpers/users.js';

/*
 * A purchase and a cart removal are each one transaction (docs/architecture.md, "Atomic
 * purchase"). Here the database fails on purpose halfway through — a trigger raises on the
 * second statement — and nothing of the first statement may survive. The triggers live in this
 * file's own database (PGlite) or schema (PostgreSQL) and are dropped again.
 */

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
const SECRET = 'trigger says no: internal detail';

beforeAll(async () => {
  t = await createTestApp();
  [seller, buyer] = await Promise.all([createUser(), createUser()]);
  await t.database.db.execute(
    sql.raw(`CREATE FUNCTION fail_on_purpose() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION '${SECRET}'; END $$`),
  );
});
afterAll(async () => {
  await t.database.db.execute(sql`DROP FUNCTION IF EXISTS fail_on_purpose()`);
  await t.close();
});

/** Runs `body` with a failing trigger in place; the trigger is always dropped afterwards. */
async function withFailingTrigger(
  timing: 'BEFORE INSERT ON cart_items' | 'BEFORE UPDATE ON products',
  body: () => Promise<void>,
) {
  await t.database.db.execute(
    sql.raw(`CREATE TRIGGER fail_on_purpose ${timing} FOR EACH ROW EXECUTE FUNCTION fail_on_purpose()`),
  );
  try {
    await body();
  } finally {
    const table = timing.endsWith('cart_items') ? 'cart_items' : 'products';
    await t.database.db.execute(sql.raw(`DROP TRIGGER IF EXISTS fail_on_purpose ON ${table}`));
  }
}

function expectBareServerError(res: { statusCode: number; body: string; json: <T>() => T }) {
  expect(res.statusCode).toBeGreaterThanOrEqual(500);
  expect(res.json<ErrorBody>()).toEqual({
    statusCode: 500,
    code: 'INTERNAL',
    error: 'Internal Server Error',
    message: 'Something went wrong on our side. Please try again.',
  });
  expect(res.body).not.toMatch(/trigger|internal detail|insert|update|cart_items|products|select/i);
}

test('a purchase that fails after lowering the stock leaves stock and cart unchanged', async () => {
  const productId = await insertProduct(t.database.db, seller, { quantity: 30, minSellQty: 1 });
  await withFailingTrigger('BEFORE INSERT ON cart_items', async () => {
    expectBareServerError(await t.api.buyRaw(buyer, productId, 7));
  });
  expect(await t.api.stockOf(productId)).toBe(30);
  expect(await cartRowsFor(t.database.db, productId)).toBe(0);
  // With the trigger gone, the same purchase goes through: the failure left no lock or half state.
  await t.api.buy(buyer, productId, 7);
  expect(await t.api.stockOf(productId)).toBe(23);
});

test('a removal that fails after deleting the cart row keeps the row and the stock', async () => {
  const productId = await insertProduct(t.database.db, seller, { quantity: 30, minSellQty: 1 });
  const itemId = await t.api.buy(buyer, productId, 5);
  expect(await t.api.stockOf(productId)).toBe(25);
  await withFailingTrigger('BEFORE UPDATE ON products', async () => {
    expectBareServerError(await t.api.removeFromCart(buyer, itemId));
  });
  expect(await t.api.stockOf(productId)).toBe(25);
  const [row] = await t.database.db.select().from(cartItems).where(eq(cartItems.id, itemId));
  expect(row).toMatchObject({ productId, buyQuantity: 5 });
  expect((await t.api.removeFromCart(buyer, itemId)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
  expect(await t.api.stockOf(productId)).toBe(30);
});
