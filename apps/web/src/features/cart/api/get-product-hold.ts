import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductHold } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { cartKeys } from './get-cart';

/** How much of one product the buyer's cart holds, the unit price that total reaches and the next tier. */
export function getProductHold(email: string, productId: string, signal?: AbortSignal): Promise<ProductHold> {
  return apiFetch<ProductHold>(`/carts/${encodeURIComponent(email)}/products/${encodeURIComponent(productId)}`, {
    signal,
  });
}

export function productHoldQueryOptions(email: string, productId: string) {
  return queryOptions({
    queryKey: cartKeys.hold(email, productId),
    queryFn: ({ signal }) => getProductHold(email, productId, signal),
  });
}

export function useProductHold(email: string, productId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...productHoldQueryOptions(email, productId), enabled: options.enabled ?? true });
}
