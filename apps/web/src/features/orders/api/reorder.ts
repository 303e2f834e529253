import { useMutation } from '@tanstack/react-query';
import type { ReorderResult } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';

/** Buys an order's lines again into the cart, each through the purchase rules (POST /api/orders/:id/reorder). */
export function reorder(id: string): Promise<ReorderResult> {
  return apiFetch<ReorderResult>(`/orders/${encodeURIComponent(id)}/reorder`, { method: 'POST' });
}

export function useReorder(options: { onSuccess?: (result: ReorderResult) => unknown } = {}) {
  return useMutation({
    mutationFn: reorder,
    onSuccess: async (result) => {
      await options.onSuccess?.(result);
    },
  });
}
