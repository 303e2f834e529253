import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderStatusCounts } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { orderKeys } from './query-keys';

/** How many of the buyer's orders (GET /api/orders/counts) or sales (GET /api/sales/counts) are in each status. */
export function getOrderCounts(side: 'mine' | 'sales', signal?: AbortSignal): Promise<OrderStatusCounts> {
  return apiFetch<OrderStatusCounts>(side === 'mine' ? '/orders/counts' : '/sales/counts', { signal });
}

export function orderCountsQueryOptions(side: 'mine' | 'sales') {
  return queryOptions({
    queryKey: side === 'mine' ? orderKeys.myCounts() : orderKeys.salesCounts(),
    queryFn: ({ signal }) => getOrderCounts(side, signal),
  });
}

export function useOrderCounts(side: 'mine' | 'sales') {
  return useQuery(orderCountsQueryOptions(side));
}
