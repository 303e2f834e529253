import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product, ProductListQuery } from '@b2b/shared';
import { apiFetchPage, type ApiPage } from '@/lib/api-client';
import { toListParams } from './list-query';
import { productKeys } from './query-keys';

export type ProductPage = ApiPage<Product>;

export function getProducts(query: ProductListQuery, signal?: AbortSignal): Promise<ProductPage> {
  return apiFetchPage<Product>('/products', { query: toListParams(query), signal });
}

export function productsQueryOptions(query: ProductListQuery) {
  return queryOptions({
    queryKey: productKeys.list(query),
    queryFn: ({ signal }) => getProducts(query, signal),
  });
}

export function useProducts(query: ProductListQuery) {
  return useQuery(productsQueryOptions(query));
}
