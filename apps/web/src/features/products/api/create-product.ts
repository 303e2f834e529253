import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InsertResult, ProductData } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { productKeys } from './query-keys';

/** The owner's email is not sent: the API takes it from the ID token. */
export function createProduct(data: ProductData): Promise<InsertResult> {
  return apiFetch<InsertResult>('/products', { method: 'POST', body: data });
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
