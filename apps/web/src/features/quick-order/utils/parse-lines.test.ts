import { expect, test } from 'vitest';
import { parsePastedLines } from './parse-lines';

test('reads tab, comma, semicolon and space separated lines and skips a header', () => {
  expect(parsePastedLines('SKU\tQuantity\nAB-1\t12\r\n\nAB-2, 6\nAB-3;4;north@example.com\nAB-4   2\n')).toEqual([
    { sku: 'AB-1', quantity: '12' },
    { sku: 'AB-2', quantity: '6' },
    { sku: 'AB-3', quantity: '4', sellerEmail: 'north@example.com' },
    { sku: 'AB-4', quantity: '2' },
  ]);
});

test('keeps a first line that is an order line, and a quantity that is not a number', () => {
  expect(parsePastedLines('SKU-9 3\nX1 a dozen')).toEqual([
    { sku: 'SKU-9', quantity: '3' },
    { sku: 'X1', quantity: 'a' },
  ]);
  expect(parsePastedLines('X1\ta dozen')).toEqual([{ sku: 'X1', quantity: 'a dozen' }]);
});
