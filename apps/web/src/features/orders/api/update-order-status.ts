import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderStatusUpdate } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { orderKeys } from './query-keys';

export type OrderStatusChange = { id: string } & OrderStatusUpdate;

/** Moves an order on (PATCH /api/orders/:id/status); a cancel gives the stock back on the server. */
export function updateOrderStatus({ id, ...change }: OrderStatusChange): Promise<Order> {
  return apiFetch<Order>(`/orders/${encodeURIComponent(id)}/status`, { method: 'PATCH', body: change });
}

export function useUpdateOrderStatus(options: { onSuccess?: (order: Order) => unknown } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSuccess: async (order) => {
      queryClient.setQueryData(orderKeys.detail(order._id), order);
      await Promise.all([queryClient.invalidateQueries({ queryKey: orderKeys.all }), options.onSuccess?.(order)]);
    },
  });
}
