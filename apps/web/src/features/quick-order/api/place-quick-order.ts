import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuickOrderLineInput, QuickOrderResult } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';

export type QuickOrderVariables = { lines: QuickOrderLineInput[]; idempotencyKey: string };

/**
 * Adds every valid line to the cart (POST /api/quick-order). The Idempotency-Key is the
 * submission's: a retry of the same lines is answered with the first result, nothing is bought twice.
 */
export function placeQuickOrder({ lines, idempotencyKey }: QuickOrderVariables): Promise<QuickOrderResult> {
  return apiFetch<QuickOrderResult>('/quick-order', {
    method: 'POST',
    body: { lines },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** `invalidate` lists what the purchase changed outside this feature (the cart, the products' stock). */
export function usePlaceQuickOrder(options: { invalidate?: readonly (readonly unknown[])[] } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeQuickOrder,
    onSuccess: () =>
      Promise.all((options.invalidate ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
