import { count, eq, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../../src/db/client.js';
import { cartItems, products } from '../../src/db/schema.js';
import type { TestApp } from './app.js';

/*
 * What the tables hold, read and changed directly: for what no route shows, and for stock that
 * must not come through the catalogue cache (another app on the same database may have changed it).
 */

export async function stockInDatabase(db: AppDb, productId: string): Promise<number | undefined> {
  const [row] = await db.select({ quantity: products.quantity }).from(products).where(eq(products.id, productId));
  return row?.quantity;
}

/** How many cart items, of anyone's, hold the product. */
export async function cartRowsFor(db: AppDb, productId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.productId, productId));
  return row?.n ?? 0;
}

/** Makes holds expire now, as if CART_HOLD_HOURS had passed. */
export async function expireHolds(t: TestApp, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await t.database.db
    .update(cartItems)
    .set({ heldUntil: sql`now() - interval '1 minute'` })
    .where(inArray(cartItems.id, ids));
}

export async function holdOf(t: TestApp, id: string): Promise<Date | undefined> {
  const [row] = await t.database.db
    .select({ heldUntil: cartItems.heldUntil })
    .from(cartItems)
    .where(eq(cartItems.id, id));
  return row?.heldUntil;
}
