import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InsertResult, Purchase } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { cartKeys } from './get-cart';

/**
 * The server checks the minimum, checks and lowers the stock and stores the cart item in one
 * transaction, so only the product and the quantity are sent.
 */
export function purchase(input: Purchase): Promise<InsertResult> {
  return apiFetch<InsertResult>('/carts', { method: 'POST', body: input });
}

export function usePurchase(options: { onSuccess?: () => unknown } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purchase,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: cartKeys.all }), options.onSuccess?.()]);
    },
  });
}
