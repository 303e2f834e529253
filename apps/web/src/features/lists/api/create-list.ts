import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedList } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { listKeys } from './query-keys';

/** Where a new list's lines come from: nothing, the cart, or one of the buyer's orders. */
export type NewList =
  { name: string; from?: 'empty' } | { name: string; from: 'cart' } | { name: string; from: 'order'; orderId: string };

/** POST /api/lists, /api/lists/from-cart or /api/lists/from-order/:id. */
export function createList(input: NewList): Promise<SavedList> {
  const path =
    input.from === 'cart'
      ? '/lists/from-cart'
      : input.from === 'order'
        ? `/lists/from-order/${encodeURIComponent(input.orderId)}`
        : '/lists';
  return apiFetch<SavedList>(path, { method: 'POST', body: { name: input.name } });
}

export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKeys.all }),
  });
}
