import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaceOrder, PlaceOrderResult } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { orderKeys } from './query-keys';

export type PlaceOrderVariables = { body: PlaceOrder; idempotencyKey: string };

/**
 * Places the whole cart (POST /api/orders). The Idempotency-Key makes a retry of the same
 * checkout safe: the server answers it with the first result instead of ordering twice.
 */
export function placeOrder({ body, idempotencyKey }: PlaceOrderVariables): Promise<PlaceOrderResult> {
  return apiFetch<PlaceOrderResult>('/orders', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function usePlaceOrder(options: { onSuccess?: () => unknown } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: orderKeys.all }), options.onSuccess?.()]);
    },
  });
}
