import { DEFAULT_PAGE_SIZE, DEFAULT_SEARCH_SORT, DEFAULT_SORT, type ProductListQuery } from '@b2b/shared';

type QueryParams = Record<string, string | number | boolean | undefined | readonly string[]>;

/**
 * A list query as the server receives it: the shared schema's defaults filled in (page size,
 * first page, creation order, or relevance while searching), `available=false` and an empty
 * search left out. Without the schema itself: the values come from the URL hook, which already
 * keeps them in bounds, the API validates them again, and the list pages are among the first a
 * buyer opens, so they do not wait for the validation library.
 */
export function toListParams(query: ProductListQuery): QueryParams {
  const q = query.q?.trim() || undefined;
  return {
    limit: Number(query.limit ?? DEFAULT_PAGE_SIZE),
    offset: Number(query.offset ?? 0),
    available: query.available === 'true' ? true : undefined,
    category: query.category,
    q,
    sort: query.sort ?? (q ? DEFAULT_SEARCH_SORT : DEFAULT_SORT),
    ...toFacetParams(query),
  };
}

/** The facet filters (brand repeated, price range, rating floor, seller) as the server receives them. */
export function toFacetParams(
  query: Pick<ProductListQuery, 'brand' | 'priceMin' | 'priceMax' | 'ratingMin' | 'seller'>,
) {
  const brand = query.brand === undefined ? [] : Array.isArray(query.brand) ? query.brand : [query.brand];
  const number = (value: unknown) =>
    typeof value === 'number' || typeof value === 'string' ? Number(value) : undefined;
  return {
    brand: brand.length > 0 ? (brand as readonly string[]) : undefined,
    priceMin: number(query.priceMin),
    priceMax: number(query.priceMax),
    ratingMin: number(query.ratingMin),
    seller: query.seller,
  };
}
