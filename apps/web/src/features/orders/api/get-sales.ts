import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderSummary } from '@b2b/shared';
import { apiFetchPage } from '@/lib/api-client';
import type { OrderPage } from './get-orders';
import { orderKeys, type OrderListRequest } from './query-keys';

/** Orders for the signed-in seller's products, newest first (GET /api/sales). */
export function getSales(query: OrderListRequest, signal?: AbortSignal): Promise<OrderPage> {
  return apiFetchPage<OrderSummary>('/sales', { query: { ...query }, signal });
}

export function salesQueryOptions(query: OrderListRequest) {
  return queryOptions({ queryKey: orderKeys.sales(query), queryFn: ({ signal }) => getSales(query, signal) });
}

export function useSales(query: OrderListRequest) {
  return useQuery({ ...salesQueryOptions(query), placeholderData: keepPreviousData });
}
