import { and, asc, count, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { type CartItem, type Purchase } from '@b2b/shared';
import { queryRows, type AppDb } from '../db/client.js';
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
     * The purchase as one statement (docs/architecture.md, "Atomic purchase"): a conditional
     * decrement whose RETURNING feeds the cart row's snapshot, in a single INSERT … WITH
     * UPDATE. It commits or fails as a whole, and the row lock that serialises concurrent
     * buyers of one product is held for that one statement only, not across client round trips
     * (with BEGIN/UPDATE/INSERT/COMMIT a hot product sold at the pace of the event loop).
     */
    async purchase(user: AuthUser, { productId, buyQuantity }: Purchase): Promise<string> {
      const col = (column: { name: string }) => sql.identifier(column.name);
      const [item] = await queryRows<{ id: string }>(
        db,
        sql`with bought as (
              update ${products}
              set ${col(products.quantity)} = ${products.quantity} - ${buyQuantity}::integer,
                  ${col(products.updatedAt)} = now()
              where ${products.id} = ${productId}
                and ${products.quantity} >= ${buyQuantity}::integer
                and ${products.minSellQty} <= ${buyQuantity}::integer
              returning ${products.id}, ${products.name}, ${products.image}, ${products.brand},
                        ${products.category}, ${products.price}, ${products.ownerUid}, ${products.ownerEmail}
            )
            insert into ${cartItems} (${col(cartItems.productId)}, ${col(cartItems.name)}, ${col(cartItems.image)},
                                      ${col(cartItems.brand)}, ${col(cartItems.category)}, ${col(cartItems.price)},
                                      ${col(cartItems.userUid)}, ${col(cartItems.userEmail)}, ${col(cartItems.displayName)},
                                      ${col(cartItems.buyQuantity)}, ${col(cartItems.sellerUid)}, ${col(cartItems.sellerEmail)},
                                      ${col(cartItems.heldUntil)})
            select ${col(products.id)}, ${col(products.name)}, ${col(products.image)}, ${col(products.brand)},
                   ${col(products.category)}, ${col(products.price)}, ${user.uid}, ${user.email}, ${user.displayName},
                   ${buyQuantity}::integer, ${col(products.ownerUid)}, ${col(products.ownerEmail)},
                   now() + make_interval(hours => ${holdHours}::integer)
            from bought
            returning ${col(cartItems.id)}`,
      );
      if (item) return item.id;
      // Nothing was bought: say why (outside any lock; the answer may be a moment old).
      const [current] = await db
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
