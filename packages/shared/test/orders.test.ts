import { expect, test } from 'vitest';
import {
  formatOrderNumber,
  nextStatuses,
  orderLineSchema,
  orderListQuerySchema,
  orderSchema,
  orderStatusUpdateSchema,
  placeOrderSchema,
  shipToSchema,
} from '../src/index.js';
import { buildOrder, buildOrderLine, buildShipTo } from '../src/testing.js';

test('order numbers read B2B-000123 and keep growing past six digits', () => {
  expect(formatOrderNumber(123)).toBe('B2B-000123');
  expect(formatOrderNumber(1_234_567)).toBe('B2B-1234567');
});

test('what each party may do next, per status', () => {
  expect(nextStatuses('placed', ['buyer'])).toEqual(['cancelled']);
  expect(nextStatuses('placed', ['seller'])).toEqual(['confirmed', 'cancelled']);
  expect(nextStatuses('confirmed', ['buyer'])).toEqual([]);
  expect(nextStatuses('confirmed', ['seller'])).toEqual(['shipped', 'cancelled']);
  expect(nextStatuses('shipped', ['seller'])).toEqual(['delivered']);
  expect(nextStatuses('delivered', ['buyer', 'seller'])).toEqual([]);
  expect(nextStatuses('cancelled', ['buyer', 'seller'])).toEqual([]);
});

test('a placement needs a ship-to name, line 1, city and country; the rest defaults to empty', () => {
  const { name, line1, city, country } = buildShipTo();
  expect(placeOrderSchema.parse({ shipTo: { name, line1, city, country } })).toEqual({
    poNumber: '',
    note: '',
    shipTo: { name, line1, line2: '', city, postalCode: '', country, phone: '' },
  });
  const problems = shipToSchema.safeParse({ name: ' ', line1: '', city: '', country: '' }).error?.issues;
  expect(problems?.map((issue) => issue.message)).toEqual([
    'Name is required.',
    'Address line 1 is required.',
    'City is required.',
    'Country is required.',
  ]);
});

test('PO numbers up to 64 characters; phones of digits and + ( ) - . / only', () => {
  const shipTo = buildShipTo();
  expect(placeOrderSchema.safeParse({ shipTo, poNumber: 'P'.repeat(64) }).success).toBe(true);
  expect(placeOrderSchema.safeParse({ shipTo, poNumber: 'P'.repeat(65) }).success).toBe(false);
  expect(shipToSchema.safeParse({ ...shipTo, phone: '+1 (555) 010-0100' }).success).toBe(true);
  expect(shipToSchema.safeParse({ ...shipTo, phone: 'ask for Bob' }).success).toBe(false);
});

test('a tracking reference only goes with shipping', () => {
  expect(orderStatusUpdateSchema.safeParse({ status: 'shipped', trackingRef: 'DHL 1' }).success).toBe(true);
  expect(orderStatusUpdateSchema.safeParse({ status: 'confirmed', trackingRef: 'DHL 1' }).success).toBe(false);
  expect(orderStatusUpdateSchema.safeParse({ status: 'lost' }).success).toBe(false);
});

test('order lists take a status and either an offset or a cursor', () => {
  expect(orderListQuerySchema.parse({ status: 'placed' })).toMatchObject({ status: 'placed', limit: 24, offset: 0 });
  expect(orderListQuerySchema.safeParse({ cursor: 'abc', offset: '24' }).success).toBe(false);
});

test('the factories build valid orders', () => {
  expect(orderLineSchema.parse(buildOrderLine({ price: 2.5, quantity: 4 })).lineTotal).toBe(10);
  const shipped = orderSchema.parse(buildOrder({ status: 'shipped' }, { viewer: 'seller' }));
  expect(shipped.history.map((h) => h.status)).toEqual(['placed', 'confirmed', 'shipped']);
  expect(shipped.nextStatuses).toEqual(['delivered']);
});
