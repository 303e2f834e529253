import { DEFAULT_MIN_SELL_QTY, DEFAULT_QUANTITY, FALLBACK_TEXT } from '@b2b/shared';

/*
 * Rows written before a field existed may lack it, so the display helpers accept missing
 * values and fall back to the spec's defaults.
 */
type Maybe<T> = T | null | undefined;

export function formatRating(rating: Maybe<number>): string {
  return typeof rating === 'number' && Number.isFinite(rating) ? `${rating.toFixed(1)} / 5` : FALLBACK_TEXT;
}

export function textOrFallback(value: Maybe<string>): string {
  return value?.trim() ? value : FALLBACK_TEXT;
}

export function quantityOrDefault(quantity: Maybe<number>): number {
  return quantity ?? DEFAULT_QUANTITY;
}

export function minSellQtyOrDefault(minSellQty: Maybe<number>): number {
  return minSellQty ?? DEFAULT_MIN_SELL_QTY;
}
