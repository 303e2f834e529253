import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteResult } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { productKeys } from './query-keys';

export function deleteProduct(id: string): Promise<DeleteResult> {
  return apiFetch<DeleteResult>(`/products/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: async (result, id) => {
      if (result.deletedCount === 0) return queryClient.invalidateQueries({ queryKey: productKeys.all });
      const deletedHash = hashKey(productKeys.detail(id));
      // Product Details is still mounted until the caller navigates away: refetching (or
      // removing) its entry now would ask for the deleted product and flash a 404. Marked
      // stale, it is fetched afresh if anyone opens it again.
      await queryClient.invalidateQueries({ queryKey: productKeys.detail(id), refetchType: 'none' });
      return queryClient.invalidateQueries({
        queryKey: productKeys.all,
        predicate: (query) => query.queryHash !== deletedHash,
      });
    },
  });
}
