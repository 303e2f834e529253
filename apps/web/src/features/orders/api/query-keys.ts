import type { OrderStatus } from '@b2b/shared';

/** One page of an order list, as the client asks for it (GET /api/orders, GET /api/sales). */
export type OrderListRequest = { limit?: number; offset?: number; cursor?: string; status?: OrderStatus };

/** Every order query lives under `orders`, so one invalidation refreshes lists, counts and pages after a change. */
export const orderKeys = {
  all: ['orders'] as const,
  mine: (query: OrderListRequest) => ['orders', 'mine', query] as const,
  myCounts: () => ['orders', 'mine', 'counts'] as const,
  sales: (query: OrderListRequest) => ['orders', 'sales', query] as const,
  salesCounts: () => ['orders', 'sales', 'counts'] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
};
