import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { orderKeys } from './query-keys';

/** One order with its lines, address and history; for its buyer and its seller (GET /api/orders/:id). */
export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return apiFetch<Order>(`/orders/${encodeURIComponent(id)}`, { signal });
}

export function orderQueryOptions(id: string) {
  return queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getOrder(id, signal) });
}

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
