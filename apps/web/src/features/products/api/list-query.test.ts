import { expect, test } from 'vitest';
import { productListQuerySchema, type ProductListQuery } from '@b2b/shared';
import { toListParams } from './list-query';

/** What the shared schema makes of a query, as the old schema-based version sent it. */
function viaSchema(query: ProductListQuery) {
  const parsed = productListQuerySchema.parse(query);
  return {
    limit: parsed.limit,
    offset: parsed.offset,
    available: parsed.available ? true : undefined,
    category: parsed.category,
    q: parsed.q ? parsed.q : undefined,
    sort: parsed.sort,
    brand: parsed.brand,
    priceMin: parsed.priceMin,
    priceMax: parsed.priceMax,
    ratingMin: parsed.ratingMin,
    seller: parsed.seller,
  };
}

test.each<[string, ProductListQuery]>([
  ['nothing', {}],
  ['a page', { limit: 24, offset: 48 }],
  ['available', { available: 'true' }],
  ['not available', { available: 'false' }],
  ['a search (relevance by default)', { q: 'steel' }],
  ['a padded search', { q: '  steel pan ' }],
  ['a blank search', { q: '   ' }],
  ['a search with a sort', { q: 'steel', sort: 'price_asc' }],
  ['a category and a sort', { category: 'kitchen', sort: 'name_asc' }],
  ['one brand', { brand: 'Acme' }],
  [
    'two brands, a price range and a rating floor',
    { brand: ['Acme', 'Bolt & Co'], priceMin: 10, priceMax: 25, ratingMin: 4 },
  ],
  ['a price floor only, with a search', { q: 'steel', priceMin: 1000 }],
  ['a seller', { seller: 'uid-123' }],
])('without the schema, %s gives what the shared schema gives', (_name, query) => {
  expect(toListParams(query)).toEqual(viaSchema(query));
});
