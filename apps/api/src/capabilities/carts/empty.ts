import { and, eq } from 'drizzle-orm';
import type { AppTx } from '../../db/client.js';
import { holding } from '../../db/holding.js';
import { cartItems, type CartItemRow } from '../../db/schema.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import { returnStock } from '../catalogue/index.js';

/**
 * Empties the caller's cart inside the caller's transaction: its holds are deleted (RETURNING, so
 * an item a concurrent removal or the sweep takes is not given back twice) and their units go back
 * to stock. The items as they were, for a quote request made of them (docs/architecture.md, "Quotes").
 */
export async function emptyCart(tx: AppTx, user: AuthUser): Promise<CartItemRow[]> {
  const items = await tx
    .delete(cartItems)
    .where(and(eq(cartItems.userUid, user.uid), holding()))
    .returning();
  await returnStock(
    tx,
    items.map((item) => ({ productId: item.productId, quantity: item.buyQuantity })),
  );
  return items;
}
