import { and, inArray, sql } from 'drizzle-orm';
import { lineAmount, nextTierFor, tierReached, type NextTier, type PriceTier } from '@b2b/shared';
import type { AppDb, AppTx } from '../db/client.js';
import { cartItems } from '../db/schema.js';
import { holding } from '../db/holding.js';

/*
 * The pricing seam (docs/architecture.md, "Pricing"): the one place that decides what a buyer
 * pays for a quantity of a product. Every path that shows or charges a price asks a price book
 * opened here — the purchase and its batches, the cart and its repricing, the product page's
 * "your cart holds", quick order, lists and reorder (through the purchase), checkout's totals,
 * approvals and the order emails (through `lineAmount` and `withinSpendingLimit` in
 * `@b2b/shared`'s money). A new kind of price (a customer's contract price) is loaded by
 * `openPriceBook` and returned by `ladder`; nothing else changes.
 *
 * A volume price belongs to the buyer's total of a product, not to one cart line, so a book
 * carries the buyers' held totals, read once for every product and buyer it is opened for.
 */

/** What a product's price is made of. */
export interface PricedProduct {
  id: string;
  price: number;
  priceTiers: readonly PriceTier[];
}

/** Where a unit price comes from: the product's own price, or a tier of its volume ladder. */
export type PriceSource = 'base' | 'tier';

export interface Price {
  unitPrice: number;
  source: PriceSource;
  /** The next tier the buyer's total has not reached yet, and how many more units reach it. */
  nextTier: NextTier | null;
}

/** `quantity` more units for a buyer who already holds `held`: the price their new total reaches. */
export interface Quote extends Price {
  held: number;
  quantity: number;
  /** The buyer's total of the product with these units. */
  total: number;
  /** `quantity` × `unitPrice`, exactly. */
  lineTotal: number;
}

/** The prices a buyer is offered for a product: a unit price and a volume ladder below it. */
export interface Ladder {
  price: number;
  priceTiers: readonly PriceTier[];
}

export interface PriceBook {
  /** How many units of the product the buyer holds in their cart now (as the book has counted them). */
  held(productId: string, uid: string): number;
  /** Counts units a buyer has just taken in this transaction, so their next line sees the new total. */
  take(productId: string, uid: string, quantity: number): void;
  /** The buyer's prices for the product (what the product page and the purchase dialog show). */
  ladder(product: PricedProduct, uid: string): Ladder;
  /** The unit price for the buyer whose total of the product is `total`. */
  priceAt(product: PricedProduct, uid: string, total: number): Price;
  /** The price of `quantity` more units for the buyer, on top of what they hold. */
  quote(product: PricedProduct, uid: string, quantity: number): Quote;
}

const key = (productId: string, uid: string) => `${productId} ${uid}`;

/**
 * The buyers' totals of the products over their unexpired holds, in one query. Inside a
 * purchase, call it after the products are locked: then no other purchase can change them.
 */
async function heldTotals(
  executor: AppDb | AppTx,
  uids: readonly string[],
  productIds: ProductSet,
): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  if (uids.length === 0 || productIds.length === 0) return totals;
  const rows = await executor
    .select({
      productId: cartItems.productId,
      uid: cartItems.userUid,
      held: sql<number>`sum(${cartItems.buyQuantity})::integer`,
    })
    .from(cartItems)
    .where(
      and(
        productIds === 'held' ? undefined : inArray(cartItems.productId, [...new Set(productIds)]),
        inArray(cartItems.userUid, [...new Set(uids)]),
        holding(),
      ),
    )
    .groupBy(cartItems.productId, cartItems.userUid);
  for (const row of rows) totals.set(key(row.productId, row.uid), Number(row.held));
  return totals;
}

/** The ladder's own price, or the highest tier the buyer's total reaches. */
function priceOnLadder(ladder: Ladder, total: number): Price {
  const tier = tierReached(ladder, total);
  return {
    unitPrice: tier?.price ?? ladder.price,
    source: tier ? 'tier' : 'base',
    nextTier: nextTierFor(ladder, total),
  };
}

/**
 * The products a book is opened for: these, or `held`, every product the buyers hold now (the
 * cart's list opens its book beside its page query instead of after it).
 */
export type ProductSet = readonly string[] | 'held';

/**
 * A price book for `uids` buying `productIds`: reads what they hold of them (one query), then
 * prices any quantity of those products for those buyers without another round trip.
 */
export async function openPriceBook(
  executor: AppDb | AppTx,
  { uids, productIds }: { uids: readonly string[]; productIds: ProductSet },
): Promise<PriceBook> {
  const totals = await heldTotals(executor, uids, productIds);
  const held = (productId: string, uid: string) => totals.get(key(productId, uid)) ?? 0;
  // Every buyer is offered the product's own price and ladder today.
  const ladder = ({ price, priceTiers }: PricedProduct, _uid: string): Ladder => ({ price, priceTiers });
  const priceAt = (product: PricedProduct, uid: string, total: number) => priceOnLadder(ladder(product, uid), total);
  return {
    held,
    ladder,
    take(productId, uid, quantity) {
      totals.set(key(productId, uid), held(productId, uid) + quantity);
    },
    priceAt,
    quote(product, uid, quantity) {
      const before = held(product.id, uid);
      const total = before + quantity;
      const price = priceAt(product, uid, total);
      return { ...price, held: before, quantity, total, lineTotal: lineAmount(price.unitPrice, quantity) };
    },
  };
}
