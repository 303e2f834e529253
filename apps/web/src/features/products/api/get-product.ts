import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { productKeys } from './query-keys';

export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return apiFetch<Product>(`/products/${encodeURIComponent(id)}`, { signal });
}

export function productQueryOptions(id: string) {
  return queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  });
}

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
