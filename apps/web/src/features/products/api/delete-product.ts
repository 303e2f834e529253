import { useMutation, useQueryClient } from '@tanstack/react-query';
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
    onSuccess: (result, id) => {
      if (result.deletedCount > 0) queryClient.removeQueries({ queryKey: productKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
