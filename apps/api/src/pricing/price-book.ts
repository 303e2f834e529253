import { and, inArray, sql } from 'drizzle-orm';
import { lineAmount, unitPriceFor, type NextTier, type PriceSource, type PriceTier } from '@b2b/shared';
import type { AppDb, AppTx } from '../db/client.js';
import { cartItems, products } from '../db/schema.js';
import { holding } from '../db/holding.js';
import { discounted, loadContracts, type BuyerContracts, type PriceListRef } from './contracts.js';

/*
 * The pricing seam (docs/architecture.md, "Pricing"): the one place that decides what a buyer
 * pays for a quantity of a product. Every path that shows or charges a price asks a price book
 * opened here — the purchase and its batches, the cart and its repricing, the product page's
 * "your cart holds", quick order, lists and reorder (through the purchase), checkout's totals,
 * approvals and the order emails (through `lineAmount` and `withinSpendingLimit` in
 * `@b2b/shared`'s money). Contract prices (pricing/contracts.ts) are loaded by `openPriceBook`
 * with the buyers' holds, and every price it gives is the price rule's (`@b2b/shared`'s
 * price-lists.ts): the lowest, for the quantity, of the product's own ladder and of every valid
 * list of the buyer that covers the product.
 *
 * A volume price belongs to the buyer's total of a product, not to one cart line, so a book
 * carries the buyers' held totals, read once for every product and buyer it is opened for.
 */

/** The columns of `products` a price is made of, to select a PricedProduct with. */
export const PRICED_COLUMNS = {
  id: products.id,
  sellerId: products.sellerId,
  price: products.price,
  priceTiers: products.priceTiers,
};

/** What a product's price is made of. */
export interface PricedProduct {
  id: string;
  /** Whose product (products.owner_uid): a list's discount covers its seller's products. */
  sellerId: string;
  price: number;
  priceTiers: readonly PriceTier[];
}

export type { PriceSource };

export interface Price {
  unitPrice: number;
  source: PriceSource;
  /** The list a `contract` price comes from. */
  priceList?: PriceListRef;
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

/** One step of a buyer's ladder: from `minQty` units, `price` each, and where that price comes from. */
interface Step {
  minQty: number;
  price: number;
  source: PriceSource;
  priceList?: PriceListRef;
}

/** A ladder the price rule compares: the product's own, a list's line, or a list's discount of the product's own. */
interface Candidate {
  ladder: Ladder;
  /** Null: the product's own ladder (source `base` or `tier`). */
  list: PriceListRef | null;
}

/** The candidate ladders of a product for a buyer: the product's own first, then every list's that covers it. */
function candidatesOf(product: PricedProduct, contracts: BuyerContracts | undefined): Candidate[] {
  const own: Candidate = { ladder: { price: product.price, priceTiers: product.priceTiers }, list: null };
  if (!contracts) return [own];
  const candidates = [own];
  for (const line of contracts.lines.get(product.id) ?? []) {
    candidates.push({ ladder: { price: line.price, priceTiers: line.priceTiers }, list: line.list });
  }
  for (const discount of contracts.discounts) {
    if (discount.sellerId !== product.sellerId || discount.lined.has(product.id)) continue;
    const ladder = {
      price: discounted(product.price, discount.percent),
      priceTiers: product.priceTiers.map((tier) => ({ ...tier, price: discounted(tier.price, discount.percent) })),
    };
    candidates.push({ ladder, list: discount.list });
  }
  return candidates;
}

/**
 * The price rule as a ladder: at each quantity where some candidate's price changes, the lowest
 * of them (the product's own on a tie), kept only where it is lower than the step before.
 */
function stepsOf(candidates: readonly Candidate[]): Step[] {
  const quantities = [...new Set([1, ...candidates.flatMap((c) => c.ladder.priceTiers.map((t) => t.minQty))])].sort(
    (a, b) => a - b,
  );
  const steps: Step[] = [];
  for (const minQty of quantities) {
    let best: Step | null = null;
    for (const { ladder, list } of candidates) {
      const price = unitPriceFor(ladder, minQty);
      if (best && price >= best.price) continue;
      best = list
        ? { minQty, price, source: 'contract', priceList: list }
        : { minQty, price, source: ladder.priceTiers.some((t) => t.minQty <= minQty) ? 'tier' : 'base' };
    }
    const previous = steps.at(-1);
    if (best && (!previous || best.price < previous.price)) steps.push(best);
  }
  return steps;
}

/** The step a buyer's total reaches, and the next one. */
function priceOnSteps(steps: readonly Step[], total: number): Price {
  let reached = steps[0] as Step;
  for (const step of steps) if (step.minQty <= total) reached = step;
  const next = steps.find((step) => step.minQty > total);
  return {
    unitPrice: reached.price,
    source: reached.source,
    ...(reached.priceList ? { priceList: reached.priceList } : {}),
    nextTier: next ? { minQty: next.minQty, price: next.price, more: next.minQty - total } : null,
  };
}

/**
 * The products a book is opened for: these, or `held`, every product the buyers hold now (the
 * cart's list opens its book beside its page query instead of after it).
 */
export type ProductSet = readonly string[] | 'held';

/**
 * A price book for `uids` buying `productIds`: reads what they hold of `held` (default: the same
 * products) and their contracts for `productIds` (two queries), then prices any quantity of those
 * products for those buyers without another round trip.
 */
export async function openPriceBook(
  executor: AppDb | AppTx,
  {
    uids,
    productIds,
    held: heldOf = productIds,
  }: { uids: readonly string[]; productIds: ProductSet; held?: ProductSet },
): Promise<PriceBook> {
  const totals = await heldTotals(executor, uids, heldOf);
  const contracts = await loadContracts(executor, uids, productIds);
  const held = (productId: string, uid: string) => totals.get(key(productId, uid)) ?? 0;
  const ladders = new Map<string, Step[]>();
  const stepsFor = (product: PricedProduct, uid: string) => {
    const buyer = contracts.get(uid);
    // Without a contract the product's own ladder is the answer: nothing to remember.
    if (!buyer) return stepsOf(candidatesOf(product, undefined));
    const at = key(product.id, uid);
    let steps = ladders.get(at);
    if (!steps) ladders.set(at, (steps = stepsOf(candidatesOf(product, buyer))));
    return steps;
  };
  const ladder = (product: PricedProduct, uid: string): Ladder => {
    const [first, ...rest] = stepsFor(product, uid);
    return { price: first?.price ?? product.price, priceTiers: rest.map(({ minQty, price }) => ({ minQty, price })) };
  };
  const priceAt = (product: PricedProduct, uid: string, total: number) => priceOnSteps(stepsFor(product, uid), total);
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
