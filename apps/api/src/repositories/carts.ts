import { and, asc, count, desc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import { type CartItem, type Purchase } from '@b2b/shared';
import type { AppDb } from '../db/client.js';
import { cartItems, products, type CartItemRow } from '../db/schema.js';
import { AppError, forbidden, notFound } from '../lib/errors.js';
import type { AuthUser } from '../plugins/auth.js';
import type { Page } from './products.js';
import { returnStock } from './stock.js';

export function toCartItem({
  id,
  userUid: _buyer,
  sellerUid: _seller,
  buyDate,
  heldUntil,
  ...fields
}: CartItemRow): CartItem {
  return { ...fields, _id: id, buyDate: buyDate.toISOString(), heldUntil: heldUntil.toISOString() };
}

export interface CartOptions {
  /** CART_HOLD_HOURS: how long an item holds its stock. */
  holdHours: number;
}

/** A hold that has not expired yet: only these are in the cart (the sweep removes the rest). */
const holding = () => gt(cartItems.heldUntil, sql`now()`);

const plural = (n: number) => (n === 1 ? 'unit' : 'units');

export function createCartRepository(db: AppDb, { holdHours }: CartOptions) {
  return {
    /**
     * The purchase in one transaction (docs/architecture.md): a conditional decrement (the row lock
     * it takes serialises concurrent buyers of the same product), then the cart row with a
     * snapshot of the product. Any failure rolls both back.
     */
    async purchase(user: AuthUser, { productId, buyQuantity }: Purchase): Promise<string> {
      return db.transaction(async (tx) => {
        const [product] = await tx
          .update(products)
          .set({ quantity: sql`${products.quantity} - ${buyQuantity}::integer`, updatedAt: sql`now()` })
          .where(
            and(eq(products.id, productId), gte(products.quantity, buyQuantity), lte(products.minSellQty, buyQuantity)),
          )
          .returning();
        if (!product) {
          const [current] = await tx
            .select({ quantity: products.quantity, minSellQty: products.minSellQty })
            .from(products)
            .where(eq(products.id, productId));
          if (!current) throw notFound('Product');
          if (buyQuantity < current.minSellQty) {
            throw new AppError('MIN_ORDER_NOT_MET', `You must buy at least ${current.minSellQty} units.`);
          }
          throw new AppError(
            'INSUFFICIENT_STOCK',
            `Not enough stock: only ${current.quantity} ${plural(current.quantity)} available.`,
          );
        }
        const [item] = await tx
          .insert(cartItems)
          .values({
            productId: product.id,
            name: product.name,
            image: product.image,
            brand: product.brand,
            category: product.category,
            price: product.price,
            userUid: user.uid,
            userEmail: user.email,
            displayName: user.displayName,
            buyQuantity,
            sellerUid: product.ownerUid,
            sellerEmail: product.ownerEmail,
            heldUntil: sql`now() + make_interval(hours => ${holdHours}::integer)`,
          })
          .returning({ id: cartItems.id });
        if (!item) throw new Error('insert returned no row');
        return item.id;
      });
    },

    /**
     * The buyer's items, by uid like every ownership check: an email address can be reused by
     * a later account, which must not see the earlier account's purchases. An expired hold is
     * no longer in the cart, even before the sweep has released it.
     */
    async listForUser(user: AuthUser, limit: number, offset: number): Promise<Page<CartItem>> {
      const where = and(eq(cartItems.userUid, user.uid), holding());
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(cartItems)
          .where(where)
          .orderBy(desc(cartItems.buyDate), desc(cartItems.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(cartItems).where(where),
      ]);
      return { items: rows.map(toCartItem), total: totals[0]?.total ?? 0 };
    },

    /** Deletes the item and gives its units back to the product (if it still exists), atomically. */
    async remove(id: string, user: AuthUser): Promise<number> {
      return db.transaction(async (tx) => {
        const [item] = await tx.select({ userUid: cartItems.userUid }).from(cartItems).where(eq(cartItems.id, id));
        if (!item) throw notFound('Cart item');
        if (item.userUid !== user.uid) throw forbidden('Only the buyer can remove this cart item.');
        // DELETE … RETURNING: of two concurrent removals only one gets the row and restores stock.
        const [deleted] = await tx
          .delete(cartItems)
          .where(and(eq(cartItems.id, id), eq(cartItems.userUid, user.uid)))
          .returning({ productId: cartItems.productId, buyQuantity: cartItems.buyQuantity });
        if (!deleted) return 0;
        // Capped at the stock limit (a CHECK), so giving units back can never fail the removal.
        await returnStock(tx, [{ productId: deleted.productId, quantity: deleted.buyQuantity }]);
        return 1;
      });
    },

    /**
     * Releases up to `batch` expired holds in one transaction: the items leave their carts and
     * their units go back to stock. `FOR UPDATE SKIP LOCKED` lets several API processes sweep at
     * once (each item is released by exactly one), and an item that a checkout or a removal is
     * taking right now is skipped, not waited for. Returns how many items were released.
     */
    async releaseExpiredHolds(batch: number): Promise<number> {
      return db.transaction(async (tx) => {
        const expired = tx
          .select({ id: cartItems.id })
          .from(cartItems)
          .where(lte(cartItems.heldUntil, sql`now()`))
          .orderBy(asc(cartItems.heldUntil))
          .limit(batch)
          .for('update', { skipLocked: true });
        const released = await tx
          .delete(cartItems)
          .where(sql`${cartItems.id} IN (${expired})`)
          .returning({ productId: cartItems.productId, quantity: cartItems.buyQuantity });
        await returnStock(tx, released);
        return released.length;
      });
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
