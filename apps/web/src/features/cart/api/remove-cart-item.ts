import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartItem, DeleteResult } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { cartKeys } from './get-cart';

/** The server restores the product's stock in the same transaction; the client never patches stock. */
export function removeCartItem(id: string): Promise<DeleteResult> {
  return apiFetch<DeleteResult>(`/carts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRemoveCartItem(email: string, options: { onSuccess?: () => unknown } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartItem,
    onSuccess: async (result, id) => {
      if (result.deletedCount > 0) {
        // Drop the row at once instead of waiting for the refetch.
        queryClient.setQueryData<CartItem[]>(cartKeys.byEmail(email), (items) => items?.filter((i) => i._id !== id));
      }
      await Promise.all([queryClient.invalidateQueries({ queryKey: cartKeys.all }), options.onSuccess?.()]);
    },
  });
}
