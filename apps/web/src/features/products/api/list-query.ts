import { productListQuerySchema, type ProductListQuery } from '@b2b/shared';

type QueryParams = Record<string, string | number | boolean | undefined>;

/**
 * Normalises a list query through the shared schema (defaults, bounds) and drops what the
 * server should not see: `available=false` and an empty search.
 */
export function toListParams(query: ProductListQuery): QueryParams {
  const parsed = productListQuerySchema.parse(query);
  return {
    limit: parsed.limit,
    offset: parsed.offset,
    available: parsed.available ? true : undefined,
    category: parsed.category,
    q: parsed.q ? parsed.q : undefined,
    sort: parsed.sort,
  };
}
