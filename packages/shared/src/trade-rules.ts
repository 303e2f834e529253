/*
 * Wholesale trade rules (docs/architecture.md, "Trade rules"): a SKU, a pack size, a maximum per
 * buyer and a volume price ladder. `judgeQuantity` is the one function that decides whether a
 * quantity may be bought: the purchase, Undo, reorder, checkout, quick order, lists and imports
 * all call it, and the web app calls it to explain a refusal before anything is sent. What a
 * buyer pays is decided by the API's pricing seam (apps/api/src/pricing), which reads a product's
 * ladder with `tierReached`; the web app shows a ladder with `unitPriceFor`.
 */

import { formatAmount } from './money.js';

export const TRADE_LIMITS = {
  sku: 64,
  priceTiers: 10,
} as const;

/** Letters, digits and `. _ - /`: what a part number is made of. */
export const SKU_PATTERN = /^[A-Za-z0-9._\-/]+$/;

export const DEFAULT_PACK_SIZE = 1;

/** One row of a volume price ladder: from `minQty` units (the buyer's total), each costs `price`. */
export interface PriceTier {
  minQty: number;
  price: number;
}

/** What the rules of one product are made of. */
export interface TradeRules {
  price: number;
  minSellQty: number;
  packSize: number;
  maxOrderQty: number | null;
  priceTiers: readonly PriceTier[];
}

/** A problem with a product's rules, by the path of the field it is about (zod's issue shape). */
export interface RuleIssue {
  path: (string | number)[];
  message: string;
}

/** The two valid quantities nearest to `quantity` for this pack: the one below (if any) and the one above. */
export function nearestPackQuantities(quantity: number, packSize: number, minimum: number): number[] {
  const below = Math.floor(quantity / packSize) * packSize;
  const above = below + packSize;
  return below >= Math.max(minimum, packSize) ? [below, above] : [Math.max(above, minimum)];
}

/** "Sold in packs of 6: choose 12 or 18." */
export function packMessage(quantity: number, packSize: number, minimum: number): string {
  const choices = nearestPackQuantities(quantity, packSize, minimum);
  return `Sold in packs of ${packSize}: choose ${choices.join(' or ')}.`;
}

/**
 * The rules across fields that zod's per-field rules cannot see. The form, the API (on the
 * whole product after an update is applied), the import and the database CHECKs all hold these.
 */
export function tradeRuleIssues(rules: TradeRules): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const { price, minSellQty, packSize, maxOrderQty, priceTiers } = rules;
  if (minSellQty % packSize !== 0) {
    issues.push({
      path: ['minSellQty'],
      message: `Min sell quantity must be a multiple of the pack size (${packSize}): choose ${nearestPackQuantities(minSellQty, packSize, packSize).join(' or ')}.`,
    });
  }
  if (maxOrderQty !== null && maxOrderQty < minSellQty) {
    issues.push({
      path: ['maxOrderQty'],
      message: `Max per order must be at least the min sell quantity (${minSellQty}).`,
    });
  }
  priceTiers.forEach((tier, index) => {
    const row = index + 1;
    const previous = priceTiers[index - 1];
    if (previous ? tier.minQty <= previous.minQty : tier.minQty <= minSellQty) {
      issues.push({
        path: ['priceTiers', index, 'minQty'],
        message: previous
          ? `Tier ${row}: the quantity must be more than tier ${row - 1}'s (${previous.minQty}).`
          : `Tier ${row}: the quantity must be more than the min sell quantity (${minSellQty}).`,
      });
    } else if (maxOrderQty !== null && tier.minQty > maxOrderQty) {
      issues.push({
        path: ['priceTiers', index, 'minQty'],
        message: `Tier ${row}: the quantity is more than the max per order (${maxOrderQty}), so no buyer could reach it.`,
      });
    }
    if (previous ? tier.price >= previous.price : tier.price >= price) {
      issues.push({
        path: ['priceTiers', index, 'price'],
        message: previous
          ? `Tier ${row}: the price must be less than tier ${row - 1}'s (${formatAmount(previous.price)}).`
          : `Tier ${row}: the price must be less than the product's price (${formatAmount(price)}).`,
      });
    }
  });
  return issues;
}

/** The highest tier of the ladder a total of `totalQuantity` reaches (null: none, the product's price). */
export function tierReached(rules: Pick<TradeRules, 'priceTiers'>, totalQuantity: number): PriceTier | null {
  let reached: PriceTier | null = null;
  for (const tier of rules.priceTiers) if (totalQuantity >= tier.minQty) reached = tier;
  return reached;
}

/** The unit price for a buyer whose total of this product is `totalQuantity`: the highest tier reached. */
export function unitPriceFor(rules: Pick<TradeRules, 'price' | 'priceTiers'>, totalQuantity: number): number {
  return tierReached(rules, totalQuantity)?.price ?? rules.price;
}

/** The next tier a total of `totalQuantity` has not reached yet, and how many more units reach it. */
export function nextTierFor(
  rules: Pick<TradeRules, 'priceTiers'>,
  totalQuantity: number,
): { minQty: number; price: number; more: number } | null {
  const next = rules.priceTiers.find((tier) => tier.minQty > totalQuantity);
  return next ? { ...next, more: next.minQty - totalQuantity } : null;
}

/** "40 more for 8.50 each"; `money` formats the price where prices carry a currency (the web app's "$8.50"). */
export function nextTierMessage(
  next: { more: number; price: number },
  money: (value: number) => string = formatAmount,
): string {
  return `${next.more} more for ${money(next.price)} each`;
}

export type QuantityRefusal =
  'MIN_ORDER_NOT_MET' | 'QUANTITY_NOT_MULTIPLE' | 'MAX_ORDER_EXCEEDED' | 'INSUFFICIENT_STOCK';

/** Accepted, with the buyer's new total (which the API's pricing seam prices), or refused and why. */
export type QuantityVerdict = { ok: true; total: number } | { ok: false; code: QuantityRefusal; message: string };

const units = (n: number) => (n === 1 ? 'unit' : 'units');

/**
 * Whether a buyer who already holds `held` units of a product may add `quantity` more, with
 * `stock` left on the shelf (leave it out where the stock is already taken, as at checkout).
 * The checks run in this order: the minimum (the spec's message), the pack, the maximum, the
 * stock.
 */
export function judgeQuantity(
  rules: TradeRules,
  { quantity, held = 0, stock }: { quantity: number; held?: number; stock?: number },
): QuantityVerdict {
  if (quantity < rules.minSellQty) {
    return { ok: false, code: 'MIN_ORDER_NOT_MET', message: `You must buy at least ${rules.minSellQty} units.` };
  }
  if (quantity % rules.packSize !== 0) {
    return {
      ok: false,
      code: 'QUANTITY_NOT_MULTIPLE',
      message: packMessage(quantity, rules.packSize, rules.minSellQty),
    };
  }
  if (rules.maxOrderQty !== null && held + quantity > rules.maxOrderQty) {
    const room = roomUnderMaximum(rules, held) ?? 0;
    return {
      ok: false,
      code: 'MAX_ORDER_EXCEEDED',
      message:
        held > 0
          ? `You can order at most ${rules.maxOrderQty} of this product; your cart already holds ${held}, so you can add up to ${room}.`
          : `You can order at most ${rules.maxOrderQty} of this product.`,
    };
  }
  if (stock !== undefined && quantity > stock) {
    return {
      ok: false,
      code: 'INSUFFICIENT_STOCK',
      message: `Not enough stock: only ${stock} ${units(stock)} available.`,
    };
  }
  return { ok: true, total: held + quantity };
}

/** How many more units a buyer who holds `held` may add under the product's maximum (null: no maximum). */
export function roomUnderMaximum(rules: Pick<TradeRules, 'maxOrderQty'>, held: number): number | null {
  return rules.maxOrderQty === null ? null : Math.max(0, rules.maxOrderQty - held);
}

/**
 * The quantities to offer instead of a refused one (quick order's "use 12"): the nearest packs
 * for a broken pack, the minimum for too few, and the most whole packs that fit under the
 * maximum or in the stock for too many (nothing when not even the minimum fits). Empty when the
 * quantity is fine.
 */
export function suggestQuantities(
  rules: TradeRules,
  { quantity, held = 0, stock }: { quantity: number; held?: number; stock?: number },
): number[] {
  const verdict = judgeQuantity(rules, { quantity, held, ...(stock === undefined ? {} : { stock }) });
  if (verdict.ok) return [];
  switch (verdict.code) {
    case 'QUANTITY_NOT_MULTIPLE':
      return nearestPackQuantities(quantity, rules.packSize, rules.minSellQty);
    case 'MIN_ORDER_NOT_MET':
      return [rules.minSellQty];
    case 'MAX_ORDER_EXCEEDED':
    case 'INSUFFICIENT_STOCK': {
      const room = verdict.code === 'INSUFFICIENT_STOCK' ? (stock ?? 0) : (roomUnderMaximum(rules, held) ?? 0);
      const most = Math.floor(room / rules.packSize) * rules.packSize;
      return most >= rules.minSellQty ? [most] : [];
    }
  }
}

/** The stepper's step and starting point in the purchase dialog: packs for a pack, else the spec's 1. */
export function quantityStep(rules: Pick<TradeRules, 'packSize' | 'minSellQty'>): { step: number; start: number } {
  return rules.packSize > 1 ? { step: rules.packSize, start: rules.minSellQty } : { step: 1, start: 1 };
}
