import { describe, expect, test } from 'vitest';
import {
  judgeQuantity,
  nearestPackQuantities,
  nextTierFor,
  nextTierMessage,
  productCreateSchema,
  quantityStep,
  suggestQuantities,
  tierReached,
  tradeRuleIssues,
  unitPriceFor,
  type TradeRules,
} from '../src/index.js';
import { buildProductInput } from '../src/testing.js';

const rules = (overrides: Partial<TradeRules> = {}): TradeRules => ({
  price: 10,
  minSellQty: 6,
  packSize: 6,
  maxOrderQty: 240,
  priceTiers: [
    { minQty: 50, price: 9.2 },
    { minQty: 200, price: 8.5 },
  ],
  ...overrides,
});

describe('judgeQuantity', () => {
  test('checks the minimum, the pack, the maximum and the stock, in that order', () => {
    expect(judgeQuantity(rules({ minSellQty: 12 }), { quantity: 5 })).toMatchObject({
      code: 'MIN_ORDER_NOT_MET',
      message: 'You must buy at least 12 units.',
    });
    expect(judgeQuantity(rules(), { quantity: 13 })).toMatchObject({
      code: 'QUANTITY_NOT_MULTIPLE',
      message: 'Sold in packs of 6: choose 12 or 18.',
    });
    expect(judgeQuantity(rules({ maxOrderQty: 40 }), { quantity: 12, held: 30 })).toMatchObject({
      code: 'MAX_ORDER_EXCEEDED',
      message: 'You can order at most 40 of this product; your cart already holds 30, so you can add up to 10.',
    });
    expect(judgeQuantity(rules(), { quantity: 12, stock: 1 })).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      message: 'Not enough stock: only 1 unit available.',
    });
  });

  test('an accepted quantity gives the buyer’s new total (the pricing seam prices it)', () => {
    expect(judgeQuantity(rules(), { quantity: 24, held: 0 })).toEqual({ ok: true, total: 24 });
    expect(judgeQuantity(rules(), { quantity: 30, held: 24, stock: 30 })).toEqual({ ok: true, total: 54 });
  });

  test('without the stock (checkout, where it is already held) only the rules count', () => {
    expect(judgeQuantity(rules(), { quantity: 600 })).toMatchObject({ code: 'MAX_ORDER_EXCEEDED' });
    expect(judgeQuantity(rules({ maxOrderQty: null }), { quantity: 600 })).toEqual({ ok: true, total: 600 });
  });
});

describe('suggestQuantities', () => {
  test('offers nothing for a quantity the rules accept', () => {
    expect(suggestQuantities(rules(), { quantity: 24, stock: 100 })).toEqual([]);
  });

  test('offers the nearest packs for a broken pack, the minimum for too few', () => {
    expect(suggestQuantities(rules(), { quantity: 13 })).toEqual([12, 18]);
    expect(suggestQuantities(rules({ minSellQty: 24 }), { quantity: 6 })).toEqual([24]);
  });

  test('offers the most whole packs under the maximum, counting what the cart holds', () => {
    expect(suggestQuantities(rules(), { quantity: 300, held: 200 })).toEqual([36]);
    expect(suggestQuantities(rules(), { quantity: 12, held: 236 })).toEqual([]);
  });

  test('offers the most whole packs of the stock left', () => {
    expect(suggestQuantities(rules(), { quantity: 60, stock: 25 })).toEqual([24]);
    expect(suggestQuantities(rules(), { quantity: 60, stock: 5 })).toEqual([]);
  });
});

test('nearestPackQuantities offers only the higher one when the lower is below the minimum', () => {
  expect(nearestPackQuantities(13, 6, 6)).toEqual([12, 18]);
  expect(nearestPackQuantities(5, 6, 6)).toEqual([6]);
  expect(nearestPackQuantities(8, 6, 12)).toEqual([12]);
});

test('unit price and next tier follow the total', () => {
  expect(tierReached(rules(), 49)).toBeNull();
  expect(tierReached(rules(), 50)).toEqual({ minQty: 50, price: 9.2 });
  expect([1, 49, 50, 199, 200, 1000].map((n) => unitPriceFor(rules(), n))).toEqual([10, 10, 9.2, 9.2, 8.5, 8.5]);
  expect(nextTierFor(rules(), 10)).toEqual({ minQty: 50, price: 9.2, more: 40 });
  expect(nextTierFor(rules(), 200)).toBeNull();
  expect(nextTierMessage({ more: 40, price: 8.5 })).toBe('40 more for 8.50 each');
});

test('the stepper moves in packs for a pack, and as the spec says (from 1, by 1) otherwise', () => {
  expect(quantityStep({ packSize: 1, minSellQty: 10 })).toEqual({ step: 1, start: 1 });
  expect(quantityStep({ packSize: 6, minSellQty: 12 })).toEqual({ step: 6, start: 12 });
});

describe('tradeRuleIssues', () => {
  test('a valid ladder has none', () => {
    expect(tradeRuleIssues(rules())).toEqual([]);
  });

  test('names the row that breaks the ladder', () => {
    const issues = tradeRuleIssues(
      rules({
        priceTiers: [
          { minQty: 50, price: 9.2 },
          { minQty: 40, price: 9.5 },
        ],
      }),
    );
    expect(issues).toEqual([
      { path: ['priceTiers', 1, 'minQty'], message: "Tier 2: the quantity must be more than tier 1's (50)." },
      { path: ['priceTiers', 1, 'price'], message: "Tier 2: the price must be less than tier 1's (9.20)." },
    ]);
  });

  test('the create schema reports them as zod issues on their paths', () => {
    const result = productCreateSchema.safeParse(
      buildProductInput({ price: 10, minSellQty: 8, packSize: 6, priceTiers: [] }),
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['minSellQty', 'Min sell quantity must be a multiple of the pack size (6): choose 6 or 12.'],
    ]);
  });
});
