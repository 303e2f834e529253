import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { companyKeys } from '@/lib/company';
import { orderKeys } from './query-keys';

export type OrderRejection = { id: string; reason: string };

/** POST /api/orders/:id/reject {reason}: the stock goes back, the buyer reads the reason. */
export function rejectOrder({ id, reason }: OrderRejection): Promise<Order> {
  return apiFetch<Order>(`/orders/${encodeURIComponent(id)}/reject`, { method: 'POST', body: { reason } });
}

export function useRejectOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectOrder,
    onSuccess: async (order) => {
      queryClient.setQueryData(orderKeys.detail(order._id), order);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: companyKeys.all }),
      ]);
    },
  });
}
