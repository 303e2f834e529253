/*
 * Money (docs/architecture.md, "Money"): one shop currency, net amounts with two decimals. The
 * API and the database keep amounts as `numeric(12,2)` and hand them out as numbers; arithmetic
 * on them is done here, in integer cents (bigint), so no total ever drifts by a float's error.
 * The one rounding rule: an amount becomes cents by rounding half away from zero, which for
 * amounts that already have two decimals (every stored price) is exact. The one formatter, for
 * the web app, the emails and the documents: `formatPrice` ("$1,234.50"), and `formatAmount`
 * without the currency where a sentence already says it is money ("less than 8.50").
 */

import { FALLBACK_TEXT } from './constants.js';

/** "1234567" → "1,234,567". */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** An amount with two decimals and thousands separated: 1234.5 → "1,234.50". */
export function formatAmount(value: number): string {
  const [whole = '0', cents = '00'] = Math.abs(value).toFixed(2).split('.');
  return `${value < 0 ? '-' : ''}${grouped(whole)}.${cents}`;
}

/** A price in the shop's currency, US dollars ("$1,234.50"); a missing one (rows older than the field) "N/A". */
export function formatPrice(price: number | null | undefined): string {
  if (typeof price !== 'number' || !Number.isFinite(price)) return FALLBACK_TEXT;
  const amount = formatAmount(price);
  return amount.startsWith('-') ? `-$${amount.slice(1)}` : `$${amount}`;
}

/** The exact cents of an amount: 12.34 → 1234n. */
export function toCents(amount: number): bigint {
  return BigInt(Math.sign(amount) * Math.round(Math.abs(amount) * 100));
}

/** An amount of cents as the number the API answers with: 1234n → 12.34. */
export function fromCents(cents: bigint): number {
  return Number(cents) / 100;
}

/** `quantity` units at `unitPrice` each, exactly. */
export function lineAmount(unitPrice: number, quantity: number): number {
  return fromCents(toCents(unitPrice) * BigInt(quantity));
}

/** What a line saves against the product's own price (`listPrice`) at the unit price applied, exactly. */
export function lineSaving(line: { listPrice: number; price: number; quantity: number }): number {
  return fromCents((toCents(line.listPrice) - toCents(line.price)) * BigInt(line.quantity));
}

/** The exact sum of amounts. */
export function sumAmounts(amounts: Iterable<number>): number {
  let cents = 0n;
  for (const amount of amounts) cents += toCents(amount);
  return fromCents(cents);
}

/**
 * Whether a checkout of `total` stays within a company member's spending limit (null: none).
 * A limit exactly met is within it; compared in cents, so 0.1 + 0.2 is 0.30, not more.
 */
export function withinSpendingLimit(total: number, limit: number | null): boolean {
  return limit === null || toCents(total) <= toCents(limit);
}
