/*
 * Numbers are formatted by hand, in en-US style: a page of products formats dozens of prices and
 * counts, and the first Intl.NumberFormat of a page loads the browser's locale data (about 20 ms
 * on a phone, on the way to the list's first paint). Dates use Intl, created on first use.
 */

/** "1234567" → "1,234,567". */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Prices: the shop's one formatter (@b2b/shared's money), as in the emails and documents. */
export { formatPrice, formatWholePrice } from '@b2b/shared';

/** A count with thousands separators; a lower bound gets a trailing "+" (10,000+). */
export function formatCount(count: number, exact = true): string {
  const whole = Math.round(Math.abs(count));
  return `${count < 0 && whole !== 0 ? '-' : ''}${grouped(String(whole))}${exact ? '' : '+'}`;
}

/** A number of units, e.g. "1,200 units" (one unit is "1 unit"). */
export function formatUnits(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'unit' : 'units'}`;
}

let dateTime: Intl.DateTimeFormat | undefined;

/** "Mar 4, 2025, 10:30 AM" (or the text as it is when it is not a date). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  dateTime ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}
