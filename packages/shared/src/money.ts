/*
 * Money (docs/architecture.md, "Money"): one shop currency (`CURRENCY`, ISO 4217, one of
 * CURRENCIES: each has two minor digits), net amounts with two decimals. The
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

/**
 * The currencies a shop may keep its prices in, by ISO 4217 code, with the sign shown before an
 * amount. Each has two minor digits, as the database's `numeric(12,2)` and the cents below assume.
 */
export const CURRENCIES = {
  USD: { sign: '$', name: 'US dollar' },
  EUR: { sign: '€', name: 'Euro' },
  GBP: { sign: '£', name: 'Pound sterling' },
  BDT: { sign: '৳', name: 'Bangladeshi taka' },
  INR: { sign: '₹', name: 'Indian rupee' },
  PKR: { sign: 'Rs ', name: 'Pakistani rupee' },
  AED: { sign: 'AED ', name: 'UAE dirham' },
  SGD: { sign: 'S$', name: 'Singapore dollar' },
  AUD: { sign: 'A$', name: 'Australian dollar' },
  CAD: { sign: 'CA$', name: 'Canadian dollar' },
  CHF: { sign: 'CHF ', name: 'Swiss franc' },
} as const satisfies Record<string, { sign: string; name: string }>;

export type CurrencyCode = keyof typeof CURRENCIES;
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

export function isCurrencyCode(code: string): code is CurrencyCode {
  return Object.hasOwn(CURRENCIES, code);
}

let shop: CurrencyCode = DEFAULT_CURRENCY;

/**
 * Sets the shop's currency for every formatter of this process (the API at start-up from
 * `CURRENCY`, the web app from the currency it was built for). An unknown code throws.
 */
export function setShopCurrency(code: string): void {
  if (!isCurrencyCode(code))
    throw new Error(`${code} is not a currency this shop keeps prices in (${Object.keys(CURRENCIES).join(', ')}).`);
  shop = code;
}

/** The shop's currency (USD until set). */
export function shopCurrency(): CurrencyCode {
  return shop;
}

/** An amount already formatted, in the shop's currency: "-3.20" → "-$3.20". */
const signed = (amount: string) => {
  const { sign } = CURRENCIES[shop];
  return amount.startsWith('-') ? `-${sign}${amount.slice(1)}` : `${sign}${amount}`;
};

/** A price in the shop's currency ("$1,234.50", "৳1,234.50"); a missing one (rows older than the field) "N/A". */
export function formatPrice(price: number | null | undefined): string {
  if (typeof price !== 'number' || !Number.isFinite(price)) return FALLBACK_TEXT;
  return signed(formatAmount(price));
}

/** A price without cents when it has none ("$10", "$1,000"), as price ranges and chart axes show it. */
export function formatWholePrice(price: number): string {
  return Number.isInteger(price)
    ? signed(price < 0 ? `-${grouped(String(-price))}` : grouped(String(price)))
    : formatPrice(price);
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

/** `n / d` in integers, rounded half away from zero (the one rounding rule). */
function divideRounded(n: bigint, d: bigint): bigint {
  const quotient = n / d;
  const remainder = n % d;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  return twice >= d ? quotient + (n < 0n ? -1n : 1n) : quotient;
}

/**
 * The tax on a net amount at `rate` percent (two decimals at most, as products keep it), rounded
 * half away from zero to the cent: taxOf(10.10, 7.5) = 0.76 (0.7575 rounded).
 */
export function taxOf(net: number, rate: number): number {
  return fromCents(divideRounded(toCents(net) * BigInt(Math.round(rate * 100)), 10_000n));
}

/** A line as its tax is worked out: its net amount and the rate that applies to it. */
export interface TaxedAmount {
  lineTotal: number;
  taxRate: number;
}

/** Net, tax and gross of some lines, and the net and tax at each rate (lowest rate first). */
export interface Totals {
  net: number;
  tax: number;
  gross: number;
  byRate: { rate: number; net: number; tax: number }[];
}

/**
 * The totals of some lines, taxed per line (docs/architecture.md, "Money"): each line's tax is
 * rounded on its own, and every sum is the exact sum of the lines' amounts, so a document's
 * totals always equal the sums of its lines to the cent.
 */
export function totalsOf(lines: readonly TaxedAmount[]): Totals {
  const rates = new Map<number, { net: bigint; tax: bigint }>();
  let net = 0n;
  let tax = 0n;
  for (const line of lines) {
    const lineNet = toCents(line.lineTotal);
    const lineTax = toCents(taxOf(line.lineTotal, line.taxRate));
    net += lineNet;
    tax += lineTax;
    const rate = rates.get(line.taxRate) ?? { net: 0n, tax: 0n };
    rates.set(line.taxRate, { net: rate.net + lineNet, tax: rate.tax + lineTax });
  }
  return {
    net: fromCents(net),
    tax: fromCents(tax),
    gross: fromCents(net + tax),
    byRate: [...rates.entries()]
      .sort(([a], [b]) => a - b)
      .map(([rate, sums]) => ({ rate, net: fromCents(sums.net), tax: fromCents(sums.tax) })),
  };
}

/** A tax rate as documents and screens show it: 7.5 → "7.5%", 20 → "20%". */
export function formatTaxRate(rate: number): string {
  return `${Number(rate.toFixed(2))}%`;
}

/** Whether any tax applies: without it, screens, emails and documents show one amount, the total. */
export function isTaxed(totals: Totals): boolean {
  return totals.byRate.some((rate) => rate.rate > 0);
}

/** What a rate's row says, on every screen, email and document: "Tax 7.5% on $30.30". */
export function taxLabel(rate: Totals['byRate'][number]): string {
  return `Tax ${formatTaxRate(rate.rate)} on ${formatPrice(rate.net)}`;
}
