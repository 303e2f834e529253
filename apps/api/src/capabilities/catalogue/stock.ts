import { eq, inArray, sql } from 'drizzle-orm';
import { judgeQuantity, LIMITS } from '@b2b/shared';
import { refuseLines, type LineRefusal } from '../../lib/errors.js';
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

/** One line an order takes straight from the shelf (an accepted quote's), and the name to refuse it by. */
export interface StockTake {
  productId: string;
  quantity: number;
  name: string;
}

/**
 * Takes units off their products inside the caller's transaction, for an order that did not come
 * through a cart (an accepted quote: docs/architecture.md, "Quotes"). The products are locked in
 * id order, as every stock path locks them; each line is judged by the shared `judgeQuantity`
 * against the product's rules and stock as they are now (minimum, pack, maximum, stock), and the
 * first line that does not fit refuses the whole take with its code and `name: reason`, before
 * anything is written. Then each product is updated once, guarded by its stock. Returns each
 * product's own price and rules now.
 */
export async function takeStock(tx: AppTx, takes: readonly StockTake[]) {
  const ids = [...new Set(takes.map((take) => take.productId))].sort();
  const rows = await tx
    .select({
      id: products.id,
      price: products.price,
      quantity: products.quantity,
      minSellQty: products.minSellQty,
      packSize: products.packSize,
      maxOrderQty: products.maxOrderQty,
      priceTiers: products.priceTiers,
      sku: products.sku,
    })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(products.id)
    .for('update');
  const byId = new Map(rows.map((row) => [row.id, row]));
  const refusals: LineRefusal[] = [];
  for (const take of takes) {
    const product = byId.get(take.productId);
    if (!product) {
      refusals.push({
        code: 'INSUFFICIENT_STOCK',
        field: take.productId,
        message: `${take.name}: no longer in the catalogue.`,
      });
      continue;
    }
    const verdict = judgeQuantity(product, { quantity: take.quantity, stock: product.quantity });
    if (!verdict.ok)
      refusals.push({ code: verdict.code, field: take.productId, message: `${take.name}: ${verdict.message}` });
  }
  refuseLines('Nothing was ordered:', refusals);
  for (const take of takes) {
    const taken = await tx
      .update(products)
      .set({ quantity: sql`${products.quantity} - ${take.quantity}`, updatedAt: sql`now()` })
      .where(sql`${products.id} = ${take.productId} AND ${products.quantity} >= ${take.quantity}`)
      .returning({ id: products.id });
    // Locked and judged above: a miss here is a bug, never a sale of stock that is not there.
    if (taken.length === 0) throw new Error(`stock of ${take.productId} changed under its lock`);
  }
  return byId;
}
