import { expect, test, vi } from 'vitest';
import { FALLBACK_TEXT } from '@b2b/shared';
import { formatCount, formatPrice, formatUnits } from './format';

test('prices are US dollars with two decimals, and a missing price shows the fallback', () => {
  expect(formatPrice(4.5)).toBe('$4.50');
  expect(formatPrice(1234)).toBe('$1,234.00');
  expect(formatPrice(undefined)).toBe(FALLBACK_TEXT);
  expect(formatPrice(Number.NaN)).toBe(FALLBACK_TEXT);
});

test('counts have thousands separators, and a lower bound ends in +', () => {
  expect(formatCount(7)).toBe('7');
  expect(formatCount(1_000_000)).toBe('1,000,000');
  expect(formatCount(10_000, false)).toBe('10,000+');
});

test('units have thousands separators and a singular', () => {
  expect(formatUnits(1)).toBe('1 unit');
  expect(formatUnits(12_500)).toBe('12,500 units');
});

test('large and small amounts group and round like en-US currency', () => {
  expect(formatPrice(0)).toBe('$0.00');
  expect(formatPrice(999.999)).toBe('$1,000.00');
  expect(formatPrice(1_234_567.89)).toBe('$1,234,567.89');
  expect(formatCount(999)).toBe('999');
  expect(formatCount(1000)).toBe('1,000');
  expect(formatCount(123_456_789)).toBe('123,456,789');
});

test('numbers are formatted without Intl.NumberFormat (its first use loads locale data on the way to a paint)', () => {
  const spy = vi.spyOn(Intl, 'NumberFormat');
  formatPrice(12.5);
  formatUnits(1200);
  expect(spy).not.toHaveBeenCalled();
});
