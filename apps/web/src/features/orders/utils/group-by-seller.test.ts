import { expect, test } from 'vitest';
import { createCartItem } from '@/test/factories';
import { groupBySeller } from './group-by-seller';

const NORTHWIND = { companyId: '00000000-0000-4000-8000-0000000000c1', name: 'Northwind Wholesale Ltd.' };

test('a company’s items are one order whoever of its staff listed them; sellers alone are grouped by email', () => {
  const items = [
    createCartItem({
      name: 'Kettle',
      sellerEmail: 'owner@northwind.test',
      seller: NORTHWIND,
      price: 2,
      buyQuantity: 3,
      taxRate: 10,
    }),
    createCartItem({ name: 'Paper', sellerEmail: 'karna@example.com', seller: null, price: 1, buyQuantity: 10 }),
    createCartItem({ name: 'Mugs', sellerEmail: 'maria@northwind.test', seller: NORTHWIND, price: 4, buyQuantity: 2 }),
  ];
  const groups = groupBySeller(items);
  expect(
    groups.map((g) => [g.key, g.sellerName, g.items.map((i) => i.name), g.units, g.totals.net, g.totals.gross]),
  ).toEqual([
    ['karna@example.com', null, ['Paper'], 10, 10, 10],
    // The kettles' 6.00 at 10% add 0.60 of tax.
    [NORTHWIND.companyId, NORTHWIND.name, ['Kettle', 'Mugs'], 5, 14, 14.6],
  ]);
});
