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
    }),
    createCartItem({ name: 'Paper', sellerEmail: 'karna@example.com', seller: null, price: 1, buyQuantity: 10 }),
    createCartItem({ name: 'Mugs', sellerEmail: 'maria@northwind.test', seller: NORTHWIND, price: 4, buyQuantity: 2 }),
  ];
  const groups = groupBySeller(items);
  expect(groups.map((g) => [g.key, g.sellerName, g.items.map((i) => i.name), g.units, g.total])).toEqual([
    ['karna@example.com', null, ['Paper'], 10, 10],
    [NORTHWIND.companyId, NORTHWIND.name, ['Kettle', 'Mugs'], 5, 14],
  ]);
});
