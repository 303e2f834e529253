import type { ProductListQuery } from '@b2b/shared';

/** Every product query lives under `products`, so one invalidation refreshes every list after a change. */
export const productKeys = {
  all: ['products'] as const,
  list: (query: ProductListQuery) => ['products', 'list', query] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
  mine: (email: string, query: ProductListQuery) => ['products', 'mine', email, query] as const,
  category: (id: string | null, query: ProductListQuery) => ['products', 'category', id ?? 'all', query] as const,
  facets: (query: object) => ['products', 'facets', query] as const,
};
