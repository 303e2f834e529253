import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductUpdate, UpdateResult } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { productKeys } from './query-keys';

export type UpdateProductInput = { id: string; data: ProductUpdate };

export function updateProduct({ id, data }: UpdateProductInput): Promise<UpdateResult> {
  return apiFetch<UpdateResult>(`/products/${encodeURIComponent(id)}`, { method: 'PUT', body: data });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
