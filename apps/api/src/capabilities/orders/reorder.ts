import { type ReorderLineResult, type ReorderResult } from '@b2b/shared';
import type { AppDb } from '../../db/client.js';
import { AppError, forbidden } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import type { CartRepository } from '../carts/index.js';
import type { OrderQueries } from './queries.js';

const REORDER_OUTCOME = {
  NOT_FOUND: 'product_gone',
  MIN_ORDER_NOT_MET: 'min_order_not_met',
  QUANTITY_NOT_MULTIPLE: 'quantity_not_multiple',
  MAX_ORDER_EXCEEDED: 'max_order_exceeded',
  INSUFFICIENT_STOCK: 'insufficient_stock',
} as const;

export function createReorder(
  db: AppDb,
  { carts, linesOf, readOrder }: { carts: CartRepository } & Pick<OrderQueries, 'linesOf' | 'readOrder'>,
) {
  return {
    /**
     * Buys every line again into the buyer's cart through the ordinary purchase (its minimum,
     * its stock, today's price), one transaction per line, and says per line what happened.
     */
    async reorder(id: string, user: AuthUser): Promise<ReorderResult | null> {
      const visible = await readOrder(id, user);
      if (!visible) return null;
      const { row } = visible;
      if (row.buyerUid !== user.uid) throw forbidden('Only the buyer can reorder this order.');
      const results: ReorderLineResult[] = [];
      for (const line of await linesOf(db, id)) {
        const base = { productId: line.productId, name: line.name, quantity: line.quantity };
        try {
          const cartItemId = await carts.purchase(user, { productId: line.productId, buyQuantity: line.quantity });
          results.push({ ...base, outcome: 'added', message: 'Added to your cart.', cartItemId });
        } catch (error) {
          if (!(error instanceof AppError) || !(error.code in REORDER_OUTCOME)) throw error;
          const outcome = REORDER_OUTCOME[error.code as keyof typeof REORDER_OUTCOME];
          const message = outcome === 'product_gone' ? 'This product is no longer sold.' : error.message;
          results.push({ ...base, outcome, message, cartItemId: null });
        }
      }
      return { acknowledged: true, added: results.filter((r) => r.outcome === 'added').length, results };
    },
  };
}
