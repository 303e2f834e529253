import { and, asc, count, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { type CartItem, type Purchase } from '@b2b/shared';
import { queryRows, type AppDb } from '../db/client.js';
import { cartItems, products, type CartItemRow } from '../db/schema.js';
import { AppError, forbidden, notFound } from '../lib/errors.js';
import { createKeyBatcher } from '../lib/key-batcher.js';
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

/** One buyer's request in a batch of purchases of one product. */
interface BuyRequest {
  user: AuthUser;
  buyQuantity: number;
}

/** At most this many purchases share one statement (and one commit). */
const MAX_PURCHASE_BATCH = 100;

export function createCartRepository(db: AppDb, { holdHours }: CartOptions) {
  const col = (column: { name: string }) => sql.identifier(column.name);

  /**
   * Buys what it can of a batch of requests for one product, in one statement (docs/architecture.md,
   * "Atomic purchase"): it locks the product row, accepts the requests in arrival order while the
   * stock lasts (each at least the minimum), takes their units off the stock and inserts one cart
   * row per accepted request, committing or failing as a whole. The row lock is held for this one
   * statement, not across client round trips. Returns the cart item id of each accepted request
   * by its index; the others are not bought.
   */
  async function buyBatch(productId: string, requests: readonly BuyRequest[]): Promise<Map<number, string>> {
    // sql.param: one array parameter (a bare array would become a list of parameters).
    const user = (key: keyof AuthUser) => sql.param(requests.map((r) => r.user[key]));
    const rows = await queryRows<{ n: string; id: string }>(
      db,
      sql`with req as (
            select r.n, r.uid, r.email, r.display_name, r.qty
            from unnest(${user('uid')}::text[], ${user('email')}::text[], ${user('displayName')}::text[],
                        ${sql.param(requests.map((r) => r.buyQuantity))}::integer[])
                 with ordinality as r(uid, email, display_name, qty, n)
          ),
          target as (
            select ${col(products.quantity)} as stock, ${col(products.minSellQty)} as minimum
            from ${products} where ${products.id} = ${productId}
            for update
          ),
          running as (
            select req.*, sum(req.qty) over (order by req.n) as total
            from req, target
            where req.qty >= target.minimum
          ),
          ok as (
            select running.*, gen_random_uuid() as item_id
            from running, target
            where running.total <= target.stock
          ),
          bought as (
            update ${products}
            set ${col(products.quantity)} = ${products.quantity} - (select sum(qty) from ok)::integer,
                ${col(products.updatedAt)} = now()
            where ${products.id} = ${productId} and exists (select 1 from ok)
            returning ${products.id}, ${products.name}, ${products.image}, ${products.brand},
                      ${products.category}, ${products.price}, ${products.ownerUid}, ${products.ownerEmail}
          ),
          inserted as (
            insert into ${cartItems} (${col(cartItems.id)}, ${col(cartItems.productId)}, ${col(cartItems.name)},
                                      ${col(cartItems.image)}, ${col(cartItems.brand)}, ${col(cartItems.category)},
                                      ${col(cartItems.price)}, ${col(cartItems.userUid)}, ${col(cartItems.userEmail)},
                                      ${col(cartItems.displayName)}, ${col(cartItems.buyQuantity)},
                                      ${col(cartItems.sellerUid)}, ${col(cartItems.sellerEmail)}, ${col(cartItems.heldUntil)})
            select ok.item_id, bought.${col(products.id)}, bought.${col(products.name)}, bought.${col(products.image)},
                   bought.${col(products.brand)}, bought.${col(products.category)}, bought.${col(products.price)},
                   ok.uid, ok.email, ok.display_name, ok.qty,
                   bought.${col(products.ownerUid)}, bought.${col(products.ownerEmail)},
                   now() + make_interval(hours => ${holdHours}::integer)
            from bought, ok
            returning ${col(cartItems.id)}
          )
          select ok.n::text as n, ok.item_id::text as id
          from ok join inserted on inserted.${col(cartItems.id)} = ok.item_id`,
    );
    return new Map(rows.map((row) => [Number(row.n) - 1, row.id]));
  }

  /** Why a request was not bought (read outside any lock: the answer may be a moment old). */
  async function refusal(productId: string, buyQuantity: number): Promise<AppError> {
    const [current] = await db
      .select({ quantity: products.quantity, minSellQty: products.minSellQty })
      .from(products)
      .where(eq(products.id, productId));
    if (!current) return notFound('Product');
    if (buyQuantity < current.minSellQty) {
      return new AppError('MIN_ORDER_NOT_MET', `You must buy at least ${current.minSellQty} units.`);
    }
    return new AppError(
      'INSUFFICIENT_STOCK',
      `Not enough stock: only ${current.quantity} ${plural(current.quantity)} available.`,
    );
  }

  /**
   * A batch's requests in order: those the batch statement could not accept (the stock ran out
   * before them, or they are below the minimum) are retried alone, so each one is judged on its
   * own against the stock left, exactly as if it had come alone, and refused with its reason.
   */
  async function runBatch(productId: string, requests: readonly BuyRequest[]): Promise<PromiseSettledResult<string>[]> {
    const bought = await buyBatch(productId, requests);
    const results: PromiseSettledResult<string>[] = [];
    for (const [i, request] of requests.entries()) {
      let id = bought.get(i);
      if (id === undefined && requests.length > 1) id = (await buyBatch(productId, [request])).get(0);
      results.push(
        id === undefined
          ? { status: 'rejected', reason: await refusal(productId, request.buyQuantity) }
          : { status: 'fulfilled', value: id },
      );
    }
    return results;
  }

  const batcher = createKeyBatcher(runBatch, MAX_PURCHASE_BATCH);

  return {
    /**
     * A purchase: batched with the purchases of the same product that arrive while one is being
     * committed (`buyBatch`), so a hot product sells at the pace of the server, not of the disk.
     */
    purchase(user: AuthUser, { productId, buyQuantity }: Purchase): Promise<string> {
      return batcher.submit(productId, { user, buyQuantity });
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
