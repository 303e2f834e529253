import { expect, test } from 'vitest';
import {
  formatAmount,
  formatTaxRate,
  taxOf,
  totalsOf,
  formatPrice,
  formatWholePrice,
  fromCents,
  lineAmount,
  lineSaving,
  setShopCurrency,
  shopCurrency,
  sumAmounts,
  toCents,
  withinSpendingLimit,
} from '../src/index.js';

test('amounts become exact cents, rounding half away from zero', () => {
  expect([toCents(12.34), toCents(0.1), toCents(1.005), toCents(-2.5), toCents(9_999_999_999.99)]).toEqual([
    1234n,
    10n,
    100n,
    -250n,
    999_999_999_999n,
  ]);
  expect(fromCents(1234n)).toBe(12.34);
});

test('line totals and sums carry no float error', () => {
  expect(lineAmount(0.1, 3)).toBe(0.3);
  expect(lineAmount(1.15, 7)).toBe(8.05);
  expect(sumAmounts([0.1, 0.2])).toBe(0.3);
  expect(sumAmounts([])).toBe(0);
  expect(lineSaving({ listPrice: 10, price: 9.2, quantity: 60 })).toBe(48);
  expect(lineSaving({ listPrice: 0.3, price: 0.1, quantity: 3 })).toBe(0.6);
});

test('a spending limit exactly met is within it; a cent above is not', () => {
  expect(withinSpendingLimit(0.1 + 0.2, 0.3)).toBe(true);
  expect(withinSpendingLimit(500, 500)).toBe(true);
  expect(withinSpendingLimit(500.01, 500)).toBe(false);
  expect(withinSpendingLimit(1_000_000, null)).toBe(true);
});

test('one formatter: dollars with cents and thousands separated', () => {
  expect([formatPrice(1234.5), formatPrice(0), formatPrice(-3.2), formatPrice(null)]).toEqual([
    '$1,234.50',
    '$0.00',
    '-$3.20',
    'N/A',
  ]);
  expect(formatAmount(1234567.891)).toBe('1,234,567.89');
  expect([formatWholePrice(10), formatWholePrice(1000), formatWholePrice(12.5), formatWholePrice(-5)]).toEqual([
    '$10',
    '$1,000',
    '$12.50',
    '-$5',
  ]);
});

test('the shop’s currency: its sign everywhere, an unknown code refused and nothing changed', () => {
  try {
    setShopCurrency('BDT');
    expect([formatPrice(1234.5), formatPrice(-3.2), formatWholePrice(250)]).toEqual(['৳1,234.50', '-৳3.20', '৳250']);
    setShopCurrency('CHF');
    expect(formatPrice(9.9)).toBe('CHF 9.90');
    expect(() => setShopCurrency('JPY')).toThrow('JPY is not a currency this shop keeps prices in (USD, EUR,');
    expect(() => setShopCurrency('usd')).toThrow();
    expect(shopCurrency()).toBe('CHF');
  } finally {
    setShopCurrency('USD');
  }
  expect(formatPrice(1)).toBe('$1.00');
});

test('tax per line, rounded half away from zero to the cent', () => {
  expect([taxOf(10.1, 7.5), taxOf(10.3, 7.5), taxOf(0.5, 1), taxOf(0.49, 1), taxOf(100, 0), taxOf(-10.1, 7.5)]).toEqual(
    [0.76, 0.77, 0.01, 0, 0, -0.76],
  );
  expect([taxOf(19.99, 20), taxOf(1234567.89, 15), taxOf(0.1, 100)]).toEqual([4, 185185.18, 0.1]);
  expect([formatTaxRate(7.5), formatTaxRate(20), formatTaxRate(0)]).toEqual(['7.5%', '20%', '0%']);
});

test('totals: the sums of the lines, each line taxed on its own', () => {
  // Three lines of 0.05 at 10% are 0.01 of tax each (0.005 rounded up), 0.03 in all, not 0.02 on 0.15.
  const totals = totalsOf([
    { lineTotal: 0.05, taxRate: 10 },
    { lineTotal: 0.05, taxRate: 10 },
    { lineTotal: 0.05, taxRate: 10 },
    { lineTotal: 99.99, taxRate: 0 },
    { lineTotal: 10.1, taxRate: 7.5 },
  ]);
  expect(totals).toEqual({
    net: 110.24,
    tax: 0.79,
    gross: 111.03,
    byRate: [
      { rate: 0, net: 99.99, tax: 0 },
      { rate: 7.5, net: 10.1, tax: 0.76 },
      { rate: 10, net: 0.15, tax: 0.03 },
    ],
  });
  expect(totalsOf([])).toEqual({ net: 0, tax: 0, gross: 0, byRate: [] });
});
