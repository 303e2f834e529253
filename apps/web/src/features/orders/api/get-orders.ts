import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderSummary } from '@b2b/shared';
import { apiFetchPage, type ApiPage } from '@/lib/api-client';
import { orderKeys, type OrderListRequest } from './query-keys';

export type OrderPage = ApiPage<OrderSummary>;

/** The signed-in buyer's orders, newest first (GET /api/orders). */
export function getOrders(query: OrderListRequest, signal?: AbortSignal): Promise<OrderPage> {
  return apiFetchPage<OrderSummary>('/orders', { query: { ...query }, signal });
}

export function ordersQueryOptions(query: OrderListRequest) {
  return queryOptions({ queryKey: orderKeys.mine(query), queryFn: ({ signal }) => getOrders(query, signal) });
}

export function useOrders(query: OrderListRequest, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...ordersQueryOptions(query),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
