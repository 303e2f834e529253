import { FALLBACK_TEXT } from '@b2b/shared';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** A price in US dollars. Rows stored before a field existed may lack it, hence the fallback. */
export function formatPrice(price: number | null | undefined): string {
  return typeof price === 'number' && Number.isFinite(price) ? usd.format(price) : FALLBACK_TEXT;
}
