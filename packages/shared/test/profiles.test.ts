import { expect, test } from 'vitest';
import {
  imageRefSchema,
  isImageRef,
  productInputSchema,
  profileUpdateSchema,
  sellerLabel,
  sellerLookupQuerySchema,
} from '../src/index.js';

const urls = [
  'https://cdn.example.com/a.png',
  '/images/avatars/a.svg',
  '',
  'http://example.com/a.png',
  '//evil.example/a.png',
  '/\\evil.example',
  'javascript:alert(1)',
  'not a url',
];

test.each(urls)('profile photos and product images accept exactly the same URLs: %j', (url) => {
  const product = productInputSchema.shape.image.safeParse(url).success;
  expect(profileUpdateSchema.shape.photoURL.safeParse(url).success).toBe(product);
  expect(imageRefSchema.safeParse(url).success).toBe(product);
  expect(isImageRef(url)).toBe(product);
});

test('the sellers lookup takes one email or many', () => {
  expect(sellerLookupQuerySchema.parse({ email: 'a@x.com' })).toEqual({ email: ['a@x.com'] });
  expect(sellerLookupQuerySchema.parse({ email: ['a@x.com', ' b@y.com '] })).toEqual({ email: ['a@x.com', 'b@y.com'] });
  expect(sellerLookupQuerySchema.safeParse({}).success).toBe(false);
  expect(sellerLookupQuerySchema.safeParse({ email: [] }).success).toBe(false);
});

test('a seller is shown by company, then display name, then email', () => {
  expect(sellerLabel('a@x.com', { companyName: 'Acme', displayName: 'Ann' })).toBe('Acme');
  expect(sellerLabel('a@x.com', { companyName: '', displayName: 'Ann' })).toBe('Ann');
  expect(sellerLabel('a@x.com', { companyName: '', displayName: '' })).toBe('a@x.com');
  expect(sellerLabel('a@x.com', null)).toBe('a@x.com');
});
