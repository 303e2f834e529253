import { formatUnits } from '@/lib/format';
import type { ProductFormValues } from './product-form-values';

/* What the product form warns a seller of as they type, before anything is sent. */

/** A whole number typed in a field, or null while it holds none. */
function wholeNumber(text: string): number | null {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) ? n : null;
}

/**
 * The sentence a seller sees when the minimum order is larger than the stock, or null. On
 * Update an emptied field keeps the stored value, so that value counts.
 */
export function minimumAboveStock(values: ProductFormValues, kept: ProductFormValues): string | null {
  const quantity = wholeNumber(values.quantity) ?? wholeNumber(kept.quantity);
  const minimum = wholeNumber(values.minSellQty) ?? wholeNumber(kept.minSellQty);
  if (quantity === null || minimum === null || minimum <= quantity) return null;
  return `The minimum order (${formatUnits(minimum)}) is more than the stock (${formatUnits(quantity)}): buyers cannot order this until you add stock.`;
}

/**
 * The tier editor's preview: what buyers pay, once the price and every filled row are valid and
 * the ladder holds; otherwise what is missing. `null` while there are no tiers to preview.
 */
