import { eq, inArray, sql } from 'drizzle-orm';
import { LIMITS } from '@b2b/shared';
import type { AppTx } from '../../db/client.js';
import { products } from '../../db/schema.js';

export interface StockReturn {
  productId: string;
  quantity: number;
}

/**
 * Gives units back to their products inside the caller's transaction (a cart removal, an
 * expired hold, a cancelled order). The products are locked in id order first, so two
 * transactions returning stock to the same products can never deadlock; each product is
 * updated once with its summed units, capped at the stock limit (a CHECK), so a return can
 * never fail. A product deleted since is simply not there to receive anything.
 */
export async function returnStock(tx: AppTx, returns: readonly StockReturn[]): Promise<void> {
  const units = new Map<string, number>();
  for (const { productId, quantity } of returns) units.set(productId, (units.get(productId) ?? 0) + quantity);
  if (units.size === 0) return;
  const ids = [...units.keys()].sort();
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(products.id)
    .for('update');
  for (const id of ids) {
    await tx
      .update(products)
      .set({
        quantity: sql`least(${products.quantity}::bigint + ${units.get(id) ?? 0}::bigint, ${LIMITS.quantity}::bigint)::integer`,
        updatedAt: sql`now()`,
      })
      .where(eq(products.id, id));
  }
}
