import { DEFAULT_PAGE_SIZE, DEFAULT_SEARCH_SORT, DEFAULT_SORT, type ProductListQuery } from '@b2b/shared';

type QueryParams = Record<string, string | number | boolean | undefined>;

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
  };
}
