import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category, Product, ProductListQuery } from '@b2b/shared';
import { apiFetchPage } from '@/lib/api-client';
import { toListParams } from './list-query';
import { productKeys } from './query-keys';
import type { ProductPage } from './get-products';

/** `category` null lists every product (GET /categories); otherwise GET /categories/:id. */
export function getCategoryProducts(
  category: Category | null,
  query: ProductListQuery,
  signal?: AbortSignal,
): Promise<ProductPage> {
  const path = category === null ? '/categories' : `/categories/${encodeURIComponent(category)}`;
  return apiFetchPage<Product>(path, { query: toListParams(query), signal });
}

export function categoryProductsQueryOptions(category: Category | null, query: ProductListQuery) {
  return queryOptions({
    queryKey: productKeys.category(category, query),
    queryFn: ({ signal }) => getCategoryProducts(category, query, signal),
  });
}

export function useCategoryProducts(category: Category | null, query: ProductListQuery) {
  return useQuery(categoryProductsQueryOptions(category, query));
}
