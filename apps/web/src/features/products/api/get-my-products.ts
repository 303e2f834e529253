import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import type { Product, ProductListQuery } from '@b2b/shared';
import { apiFetchPage } from '@/lib/api-client';
import { toListParams } from './list-query';
import { productKeys } from './query-keys';
import type { ProductPage } from './get-products';

export function getMyProducts(email: string, query: ProductListQuery, signal?: AbortSignal): Promise<ProductPage> {
  return apiFetchPage<Product>(`/my-products/${encodeURIComponent(email)}`, { query: toListParams(query), signal });
}

export function myProductsQueryOptions(email: string, query: ProductListQuery) {
  return queryOptions({
    queryKey: productKeys.mine(email, query),
    queryFn: ({ signal }) => getMyProducts(email, query, signal),
  });
}

export function useMyProducts(email: string, query: ProductListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...myProductsQueryOptions(email, query),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}
