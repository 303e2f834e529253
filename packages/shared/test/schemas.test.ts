import { expect, test } from 'vitest';
import {
  firstPasswordProblem,
  productInputSchema,
  productListQuerySchema,
  productUpdateSchema,
  PASSWORD_RULES,
} from '../src/index.js';

const valid = { name: 'Rice 25 kg', quantity: 500, minSellQty: 10, price: 42.5, category: 'kitchen' };

test('a minimal valid product gets the spec defaults', () => {
  expect(productInputSchema.parse(valid)).toEqual({
    ...valid,
    image: '',
    brand: '',
    description: '',
    rating: null,
    content: '',
  });
});

test.each([
  ['quantity', '5'],
  ['quantity', -1],
  ['quantity', 1.5],
  ['minSellQty', 0],
  ['price', -0.01],
  ['price', 1.234],
  ['rating', 5.5],
  ['category', 'toys'],
  ['name', ''],
  ['name', 'x'.repeat(201)],
  ['image', 'javascript:alert(1)'],
])('rejects %s = %j', (field, value) => {
  const result = productInputSchema.safeParse({ ...valid, [field]: value });
  expect(result.success).toBe(false);
  expect(result.error?.issues[0]?.path).toEqual([field]);
});

test('update accepts a partial body and adds no defaults', () => {
  expect(productUpdateSchema.parse({ price: 3 })).toEqual({ price: 3 });
  expect(productUpdateSchema.safeParse({ quantity: -3 }).success).toBe(false);
});

test('list query: available is true only for "true", defaults applied', () => {
  expect(productListQuerySchema.parse({ available: 'true' })).toMatchObject({ available: true, limit: 24, offset: 0 });
  expect(productListQuerySchema.parse({})).toMatchObject({ available: false, sort: 'oldest' });
  expect(productListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
});

test.each([
  ['Ab1!', PASSWORD_RULES[0].message],
  ['abcdefg1!', PASSWORD_RULES[1].message],
  ['Abcdefgh!', PASSWORD_RULES[2].message],
  ['Abcdefgh1', PASSWORD_RULES[3].message],
  ['Abcdefg1"', null],
])('password %j -> %j', (password, problem) => {
  expect(firstPasswordProblem(password)).toBe(problem);
});
