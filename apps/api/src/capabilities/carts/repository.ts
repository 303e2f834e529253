import fp from 'fastify-plugin';
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { judgeQuantity, type CartItem, type NextTier, type Purchase, type TradeRules } from '@b2b/shared';
import type { AppDb, AppTx, InTransaction } from '../../db/client.js';
import { cartItems, companies, products, type CartItemRow } from '../../db/schema.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { createKeyBatcher } from '../../lib/key-batcher.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import { openPriceBook, type PriceBook } from '../../pricing/price-book.js';
import type { Page } from '../../lib/page.js';
import { holding } from '../../db/holding.js';
import { returnStock } from '../catalogue/index.js';
import { productTaxRate } from '../billing/index.js';

/** What the cart list adds to a stored item: the product's pack today, the buyer's total of it and the next tier. */
interface CartItemContext {
  packSize: number | null;
  productQuantity: number;
  nextTier: NextTier | null;
  /** The selling company's name (null: a user selling on their own). */
  sellerName: string | null;
  /** The rate the item will be ordered at (billing's `productTaxRate`; 0 for a product deleted since). */
  taxRate: number | null;
}

export function toCartItem(
  { id, userUid: _buyer, sellerId, buyDate, heldUntil, ...fields }: CartItemRow,
  { packSize, productQuantity, nextTier, sellerName, taxRate }: CartItemContext,
): CartItem {
  return {
    ...fields,
    seller: sellerName ? { companyId: sellerId, name: sellerName } : null,
    _id: id,
    buyDate: buyDate.toISOString(),
    heldUntil: heldUntil.toISOString(),
    packSize: packSize ?? 1,
    productQuantity,
    taxRate: taxRate ?? 0,
    nextTier,
  };
}

export interface CartOptions {
  /** CART_HOLD_HOURS: how long an item holds its stock. */
  holdHours: number;
}

/** One buyer's request in a batch of purchases of one product. */
interface BuyRequest {
  user: AuthUser;
  buyQuantity: number;
  inTransaction?: InTransaction<string> | undefined;
}

/** At most this many purchases share one transaction (and one commit). */
const MAX_PURCHASE_BATCH = 100;

/** The product's columns a purchase decides by and snapshots. */
const PURCHASED = {
  id: products.id,
  name: products.name,
  image: products.image,
  brand: products.brand,
  category: products.category,
  price: products.price,
  quantity: products.quantity,
  minSellQty: products.minSellQty,
  packSize: products.packSize,
  maxOrderQty: products.maxOrderQty,
  priceTiers: products.priceTiers,
  sku: products.sku,
  sellerId: products.sellerId,
  ownerEmail: products.ownerEmail,
};

type LockedProduct = TradeRules & { id: string; sellerId: string; quantity: number };

type PurchasedRow = Awaited<ReturnType<typeof lockProducts>>[number];

/**
 * Locks the product rows for the rest of the transaction, in id order, so two transactions
 * locking the same products can never deadlock. Lock order: a removal, the sweep and a checkout
 * lock cart rows first and products after; a purchase locks products first but never waits for
 * a cart row (its repricing skips locked rows), so no two of them can deadlock either.
 */
function lockProducts(tx: AppTx, productIds: readonly string[]) {
  return tx
    .select(PURCHASED)
    .from(products)
    .where(inArray(products.id, [...new Set(productIds)].sort()))
    .orderBy(products.id)
    .for('update');
}

/**
 * Sets the unit price of every hold of `product` by `uids` to the price their total in `book`
 * reaches (docs/architecture.md, "Trade rules"): a volume price belongs to the buyer's
 * total of a product, not to one cart line. Only rows whose price changes are touched. Rows
 * another transaction is deleting right now (a checkout, the sweep) are skipped rather than
 * waited for: they are leaving the cart. A product whose ladder, for these buyers, has no tiers
 * (neither its own nor a contract's) is not repriced at all: each of its items keeps the price it
 * was bought at, as the spec's cart does.
 */
async function reprice(tx: AppTx, product: LockedProduct, book: PriceBook, uids: readonly string[]): Promise<void> {
  if (!uids.some((uid) => hasTiers(book, product, uid))) return;
  const prices = uids.map((uid) => book.priceAt(product, uid, book.held(product.id, uid)));
  const list = sql`${product.price}::numeric`;
  await tx.execute(sql`
    update ${cartItems} set price = changed.price, list_price = ${list}, price_list_id = changed.price_list_id
    from (
      select held.id, p.price, p.price_list_id
      from ${cartItems} as held
      join unnest(${sql.param(uids)}::text[], ${sql.param(prices.map((p) => p.unitPrice.toFixed(2)))}::numeric[],
                  ${sql.param(prices.map((p) => p.priceList?.id ?? null))}::uuid[])
           as p(uid, price, price_list_id) on held.user_uid = p.uid
      where held.product_id = ${product.id} and held.held_until > now()
        and (held.price <> p.price or held.list_price <> ${list}
             or held.price_list_id is distinct from p.price_list_id)
      for update of held skip locked
    ) as changed
    where ${cartItems.id} = changed.id`);
}

/** Whether the buyer's price of the product depends on how much they hold: their ladder (its own or a contract's) has tiers. */
const hasTiers = (book: PriceBook, product: LockedProduct, uid: string) =>
  book.ladder(product, uid).priceTiers.length > 0;

/** After holds left the cart (a removal, the sweep): each buyer's remaining holds get their new tier. */
export async function repriceAfterRelease(
  tx: AppTx,
  released: readonly { productId: string; userUid: string }[],
): Promise<void> {
  const buyersByProduct = new Map<string, Set<string>>();
  for (const { productId, userUid } of released) {
    buyersByProduct.set(productId, (buyersByProduct.get(productId) ?? new Set()).add(userUid));
  }
  const locked = await lockProducts(tx, [...buyersByProduct.keys()]);
  if (locked.length === 0) return;
  // Every product: a contract may give one without tiers of its own a ladder for these buyers.
  const book = await openPriceBook(tx, {
    uids: released.map((r) => r.userUid),
    productIds: locked.map((p) => p.id),
  });
  for (const product of locked) await reprice(tx, product, book, [...(buyersByProduct.get(product.id) ?? [])]);
}

/** One purchase in a bulk (quick order, a list, or a batch of one hot product's purchases). */
export interface BuyLine {
  user: AuthUser;
  productId: string;
  buyQuantity: number;
  /** Runs in the purchase's transaction once this line is bought (an idempotent answer). */
  inTransaction?: InTransaction<string> | undefined;
}

export function createCartRepository(db: AppDb, { holdHours }: CartOptions) {
  /**
   * Buys what it can of `lines`, in one transaction (docs/architecture.md, "Atomic purchase"):
   * it locks their products (in id order, so two bulks can never deadlock), reads each buyer's
   * holds of the products that have a maximum or volume prices, judges the lines in order with
   * the shared `judgeQuantity` (minimum, pack, maximum per buyer, the stock left by the lines
   * before), then in one statement takes the accepted units off each product's stock and inserts
   * their cart rows at the unit price of each buyer's new total, and moves the buyers' earlier
   * holds to that price. Each line is judged exactly as if it had come alone after the ones
   * before it; the result of each line is its cart item id, or why it was not bought.
   */
  async function buy(lines: readonly BuyLine[]): Promise<PromiseSettledResult<string>[]> {
    if (lines.length === 0) return [];
    return db.transaction(async (tx) => {
      const locked = await lockProducts(
        tx,
        lines.map((line) => line.productId),
      );
      const byId = new Map(locked.map((product) => [product.id, product]));
      // Every product's prices for these buyers (a contract may cover any of them), and what they hold.
      const book = await openPriceBook(tx, {
        uids: lines.map((line) => line.user.uid),
        productIds: locked.map((product) => product.id),
      });

      const stock = new Map(locked.map((product) => [product.id, product.quantity]));
      const accepted: { line: BuyLine; product: PurchasedRow; id: string }[] = [];
      const results = lines.map((line): PromiseSettledResult<string> => {
        const product = byId.get(line.productId);
        if (!product) return { status: 'rejected', reason: notFound('Product') };
        const left = stock.get(product.id) ?? 0;
        const held = book.held(product.id, line.user.uid);
        const verdict = judgeQuantity(product, { quantity: line.buyQuantity, held, stock: left });
        if (!verdict.ok) return { status: 'rejected', reason: new AppError(verdict.code, verdict.message) };
        stock.set(product.id, left - line.buyQuantity);
        book.take(product.id, line.user.uid, line.buyQuantity);
        const id = randomUUID();
        accepted.push({ line, product, id });
        return { status: 'fulfilled', value: id };
      });
      if (accepted.length === 0) return results;

      const sold = [...new Set(accepted.map((a) => a.product.id))];
      const column = <T>(pick: (a: (typeof accepted)[number]) => T) => sql.param(accepted.map(pick));
      // Every new row of a buyer is charged the price of their total after the whole batch.
      const priceOf = ({ product, line }: (typeof accepted)[number]) =>
        book.priceAt(product, line.user.uid, book.held(product.id, line.user.uid));
      const unitPrice = (a: (typeof accepted)[number]) => priceOf(a).unitPrice.toFixed(2);
      await tx.execute(sql`
        with bought as (
          update ${products}
          set quantity = ${products.quantity} - sold.units, updated_at = now()
          from unnest(${sql.param(sold)}::uuid[],
                      ${sql.param(sold.map((id) => (byId.get(id)?.quantity ?? 0) - (stock.get(id) ?? 0)))}::integer[])
               as sold(id, units)
          where ${products.id} = sold.id
          returning ${products.id}
        )
        insert into ${cartItems} (id, product_id, name, image, brand, category, price, list_price, price_list_id, sku,
                                  user_uid, user_email, display_name, buy_quantity, seller_uid, seller_email, held_until)
        select r.id, r.product_id, r.name, r.image, r.brand, r.category, r.price, r.list_price, r.price_list_id, r.sku,
               r.uid, r.email, r.display_name, r.qty, r.seller_uid, r.seller_email,
               now() + make_interval(hours => ${holdHours}::integer)
        from unnest(${column((a) => a.id)}::uuid[], ${column((a) => a.product.id)}::uuid[],
                    ${column((a) => a.product.name)}::text[], ${column((a) => a.product.image)}::text[],
                    ${column((a) => a.product.brand)}::text[], ${column((a) => a.product.category)}::text[],
                    ${column(unitPrice)}::numeric[], ${column((a) => a.product.price.toFixed(2))}::numeric[],
                    ${column((a) => priceOf(a).priceList?.id ?? null)}::uuid[],
                    ${column((a) => a.product.sku)}::text[],
                    ${column((a) => a.line.user.uid)}::text[], ${column((a) => a.line.user.email)}::text[],
                    ${column((a) => a.line.user.displayName)}::text[], ${column((a) => a.line.buyQuantity)}::integer[],
                    ${column((a) => a.product.sellerId)}::text[], ${column((a) => a.product.ownerEmail)}::text[])
             as r(id, product_id, name, image, brand, category, price, list_price, price_list_id, sku,
                  uid, email, display_name, qty, seller_uid, seller_email)
        where r.product_id in (select id from bought)`);
      // The new rows already have the new price; this moves the buyers' earlier holds to it.
      for (const productId of sold) {
        const product = byId.get(productId);
        if (!product) continue;
        const buyers = accepted.filter((a) => a.product.id === productId).map((a) => a.line.user.uid);
        await reprice(tx, product, book, [...new Set(buyers)]);
      }
      for (const { line, id } of accepted) await line.inTransaction?.(tx, id);
      return results;
    });
  }

  /** A batch of purchases of one product (the key batcher's runner). */
  const buyBatch = (productId: string, requests: readonly BuyRequest[]) =>
    buy(requests.map(({ user, buyQuantity, inTransaction }) => ({ user, productId, buyQuantity, inTransaction })));

  const batcher = createKeyBatcher(buyBatch, MAX_PURCHASE_BATCH);

  return {
    /**
     * A purchase: batched with the purchases of the same product that arrive while one is being
     * committed (`buyBatch`), so a hot product sells at the pace of the server, not of the disk.
     */
    purchase(
      user: AuthUser,
      { productId, buyQuantity }: Purchase,
      inTransaction?: InTransaction<string>,
    ): Promise<string> {
      return batcher.submit(productId, { user, buyQuantity, inTransaction });
    },

    /**
     * Many purchases in one transaction (quick order, a saved list): each line judged by the same
     * rules as a purchase, in order; one result per line.
     */
    buyLines: buy,

    /**
     * The buyer's items, by uid like every ownership check: an email address can be reused by
     * a later account, which must not see the earlier account's purchases. An expired hold is
     * no longer in the cart, even before the sweep has released it. Each item carries the
     * buyer's total of its product and the next volume tier (from the product's ladder today).
     */
    async listForUser(user: AuthUser, limit: number, offset: number): Promise<Page<CartItem>> {
      const where = and(eq(cartItems.userUid, user.uid), holding());
      // The page, its count and the buyer's held totals side by side: one round trip, not two.
      const [rows, totals, book] = await Promise.all([
        db
          .select({
            item: cartItems,
            packSize: products.packSize,
            price: products.price,
            priceTiers: products.priceTiers,
            sellerId: products.sellerId,
            sellerName: companies.name,
            taxRate: productTaxRate,
          })
          .from(cartItems)
          .leftJoin(products, eq(products.id, cartItems.productId))
          // The selling company's name now (a seller id that is a user's uid joins nothing).
          .leftJoin(companies, sql`${companies.id}::text = ${cartItems.sellerId}`)
          .where(where)
          .orderBy(desc(cartItems.buyDate), desc(cartItems.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(cartItems).where(where),
        openPriceBook(db, { uids: [user.uid], productIds: 'held' }),
      ]);
      return {
        items: rows.map(({ item, packSize, price, priceTiers, sellerId, sellerName, taxRate }) => {
          const productQuantity = book.held(item.productId, user.uid);
          // A product deleted since has no ladder left to climb.
          const product =
            price !== null && priceTiers !== null && sellerId !== null
              ? { id: item.productId, sellerId, price, priceTiers }
              : null;
          const nextTier = product ? book.priceAt(product, user.uid, productQuantity).nextTier : null;
          return toCartItem(item, { packSize, productQuantity, nextTier, sellerName, taxRate });
        }),
        total: totals[0]?.total ?? 0,
      };
    },

    /**
     * How much of one product the buyer holds, the unit price that total is charged, the next
     * tier, and the buyer's prices for it (what the purchase dialog prices a quantity by). Null: no such product.
     */
    async heldOf(user: AuthUser, productId: string) {
      const [[product], book] = await Promise.all([
        db.select(PURCHASED).from(products).where(eq(products.id, productId)),
        openPriceBook(db, { uids: [user.uid], productIds: [productId] }),
      ]);
      if (!product) return null;
      const quantity = book.held(productId, user.uid);
      const { unitPrice, nextTier } = book.priceAt(product, user.uid, quantity);
      const { price, priceTiers } = book.ladder(product, user.uid);
      return { productId, quantity, unitPrice, nextTier, price, priceTiers: [...priceTiers] };
    },

    /**
     * Deletes the item and gives its units back to the product (if it still exists), atomically;
     * the buyer's other holds of the product move to the tier their smaller total reaches. How
     * many were deleted (0 when a concurrent removal came first); null: no such item.
     */
    async remove(id: string, user: AuthUser): Promise<number | null> {
      return db.transaction(async (tx) => {
        const [item] = await tx
          .select({ userUid: cartItems.userUid, productId: cartItems.productId })
          .from(cartItems)
          .where(eq(cartItems.id, id));
        if (!item) return null;
        if (item.userUid !== user.uid) throw forbidden('Only the buyer can remove this cart item.');
        // DELETE … RETURNING: of two concurrent removals only one gets the row and restores stock.
        const [deleted] = await tx
          .delete(cartItems)
          .where(and(eq(cartItems.id, id), eq(cartItems.userUid, user.uid)))
          .returning({ productId: cartItems.productId, buyQuantity: cartItems.buyQuantity });
        if (!deleted) return 0;
        // Capped at the stock limit (a CHECK), so giving units back can never fail the removal.
        await returnStock(tx, [{ productId: deleted.productId, quantity: deleted.buyQuantity }]);
        await repriceAfterRelease(tx, [{ productId: deleted.productId, userUid: user.uid }]);
        return 1;
      });
    },

    /**
     * Releases up to `batch` expired holds in one transaction: the items leave their carts and
     * their units go back to stock, and their buyers' other holds of those products are repriced.
     * `FOR UPDATE SKIP LOCKED` lets several API processes sweep at once (each item is released
     * by exactly one), and an item that a checkout or a removal is taking right now is skipped,
     * not waited for. Returns how many items were released.
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
          .returning({ productId: cartItems.productId, quantity: cartItems.buyQuantity, userUid: cartItems.userUid });
        await returnStock(tx, released);
        await repriceAfterRelease(tx, released);
        return released.length;
      });
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Carts: buying into a cart (stock taken, prices from the price book), holds, removal. */
    cartRepository: CartRepository;
  }
}

/** The repository as a plugin: routes and other plugins reach it as `app.cartRepository`. */
export default fp(
  async (app) => {
    app.decorate('cartRepository', createCartRepository(app.db, { holdHours: app.config.cartHoldHours }));
  },
  { name: 'cart-repository', dependencies: ['db', 'config'] },
);
