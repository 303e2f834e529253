import { FALLBACK_TEXT } from '@b2b/shared';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** A price in US dollars. Rows stored before a field existed may lack it, hence the fallback. */
export function formatPrice(price: number | null | undefined): string {
  return typeof price === 'number' && Number.isFinite(price) ? usd.format(price) : FALLBACK_TEXT;
}

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A count with thousands separators; a lower bound gets a trailing "+" (10,000+). */
export function formatCount(count: number, exact = true): string {
  return `${whole.format(count)}${exact ? '' : '+'}`;
}

/** A number of units, e.g. "1,200 units" (one unit is "1 unit"). */
export function formatUnits(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'unit' : 'units'}`;
}
