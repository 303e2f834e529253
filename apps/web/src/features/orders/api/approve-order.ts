import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { companyKeys } from '@/lib/company';
import { orderKeys } from './query-keys';

/** POST /api/orders/:id/approve (an approver or admin of the buyer's company): the order is placed. */
export function approveOrder(id: string): Promise<Order> {
  return apiFetch<Order>(`/orders/${encodeURIComponent(id)}/approve`, { method: 'POST' });
}

export function useApproveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveOrder,
    onSuccess: async (order) => {
      queryClient.setQueryData(orderKeys.detail(order._id), order);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: companyKeys.all }),
      ]);
    },
  });
}
