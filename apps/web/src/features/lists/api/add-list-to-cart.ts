import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListAddToCartResult } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';

export type AddListVariables = { id: string; idempotencyKey: string };

/**
 * Buys every line of a list into the cart, each through the purchase rules (POST
 * /api/lists/:id/add-to-cart); a product deleted since comes back as NOT_FOUND. The key makes
 * a retry of the same click safe.
 */
export function addListToCart({ id, idempotencyKey }: AddListVariables): Promise<ListAddToCartResult> {
  return apiFetch<ListAddToCartResult>(`/lists/${encodeURIComponent(id)}/add-to-cart`, {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** `invalidate` lists what the purchase changed outside this feature (the cart, the products' stock). */
export function useAddListToCart(options: { invalidate?: readonly (readonly unknown[])[] } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addListToCart,
    onSuccess: () =>
      Promise.all((options.invalidate ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
