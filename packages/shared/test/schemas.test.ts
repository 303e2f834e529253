import { expect, test } from 'vitest';
import {
  emailParamsSchema,
  firstPasswordProblem,
  productInputSchema,
  productListQuerySchema,
  productSchema,
  productUpdateSchema,
  PASSWORD_RULES,
  publicProductSchema,
} from '../src/index.js';
import { buildProduct } from '../src/testing.js';

const valid = { name: 'Rice 25 kg', quantity: 500, minSellQty: 10, price: 42.5, category: 'kitchen' };

test('a minimal valid product gets the spec defaults, and no trade rules (packs of 1, no maximum, no tiers, no SKU)', () => {
  expect(productInputSchema.parse(valid)).toEqual({
    ...valid,
    image: '',
    brand: '',
    description: '',
    rating: null,
    content: '',
    sku: null,
    packSize: 1,
    maxOrderQty: null,
    priceTiers: [],
    taxRate: null,
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
  // The CSP only loads https images; `//host` is another site, not a path of this one.
  ['image', 'http://example.com/a.png'],
  ['image', '//evil.example/a.png'],
  ['image', '/\\evil.example/a.png'],
  ['image', '/with space.png'],
  ['name', 'a\u0000b'],
  ['brand', '\u0000'],
  ['description', 'x\u0000'],
])('rejects %s = %j', (field, value) => {
  const result = productInputSchema.safeParse({ ...valid, [field]: value });
  expect(result.success).toBe(false);
  expect(result.error?.issues[0]?.path).toEqual([field]);
});

test.each([
  ['image', 'https://cdn.example.com/a.png?x=1'],
  ['image', '/images/products/a.svg'],
  ['image', ''],
  ['price', 1270425621.66],
  ['price', 9999999999.99],
  ['price', 0.07],
  ['price', 42],
])('accepts %s = %j', (field, value) => {
  expect(productInputSchema.parse({ ...valid, [field]: value })).toMatchObject({ [field]: value });
});

test('a NUL character is refused with a clear message, in the search query too', () => {
  const result = productInputSchema.safeParse({ ...valid, name: 'a\u0000b' });
  expect(result.error?.issues.map((i) => i.message)).toEqual(['Must not contain NUL characters.']);
  expect(productUpdateSchema.safeParse({ content: '\u0000' }).success).toBe(false);
  expect(productListQuerySchema.safeParse({ q: '\u0000' }).success).toBe(false);
});

test('a lone UTF-16 surrogate is refused like NUL; a well-formed pair (an emoji) is accepted', () => {
  const message = 'Must not contain unpaired surrogate characters.';
  for (const name of ['a\uD800b', 'a\uDC00', '\uDBFF', 'x\uDE00\uD83D']) {
    const result = productInputSchema.safeParse({ ...valid, name });
    expect(result.error?.issues.map((i) => i.message)).toEqual([message]);
  }
  expect(productUpdateSchema.safeParse({ description: 'ok \uD83D' }).success).toBe(false);
  expect(productListQuerySchema.safeParse({ q: '\uDFFF' }).success).toBe(false);
  expect(productInputSchema.parse({ ...valid, name: 'Box \uD83D\uDCE6' }).name).toBe('Box 📦');
});

test('the email path parameter accepts whatever Firebase accepts, up to 320 characters', () => {
  for (const email of ['a!b@x.com', 'user+tag@example.com', `${'a'.repeat(64)}@${'b'.repeat(250)}.com`]) {
    expect(emailParamsSchema.parse({ email })).toEqual({ email });
  }
  expect(emailParamsSchema.safeParse({ email: '' }).success).toBe(false);
  expect(emailParamsSchema.safeParse({ email: 'x'.repeat(321) }).success).toBe(false);
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

test("the public product leaves the seller's email out for anonymous callers; a product has it", () => {
  const product = buildProduct();
  const { email: _email, ...anonymous } = product;
  expect(publicProductSchema.parse(anonymous)).not.toHaveProperty('email');
  expect(publicProductSchema.parse(product).email).toBe(product.email);
  expect(productSchema.safeParse(anonymous).success).toBe(false);
});
