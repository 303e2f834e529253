import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedList } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { listKeys } from './query-keys';

export type ListLineChange = { listId: string; productId: string; quantity: number };

const linePath = (listId: string, productId: string) =>
  `/lists/${encodeURIComponent(listId)}/lines/${encodeURIComponent(productId)}`;

/** Sets a product's quantity in a list, adding the line when it is new (PUT /api/lists/:id/lines/:productId). */
export function setListLine({ listId, productId, quantity }: ListLineChange): Promise<SavedList> {
  return apiFetch<SavedList>(linePath(listId, productId), { method: 'PUT', body: { quantity } });
}

/** DELETE /api/lists/:id/lines/:productId */
export function removeListLine({ listId, productId }: Omit<ListLineChange, 'quantity'>): Promise<SavedList> {
  return apiFetch<SavedList>(linePath(listId, productId), { method: 'DELETE' });
}

function useListMutation<V>(mutationFn: (variables: V) => Promise<SavedList>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (list) => {
      // The answer is the list as it is now: shown at once, and the index's line counts refreshed.
      queryClient.setQueryData(listKeys.detail(list._id), list);
      return queryClient.invalidateQueries({ queryKey: listKeys.mine() });
    },
  });
}

export const useSetListLine = () => useListMutation(setListLine);
export const useRemoveListLine = () => useListMutation(removeListLine);
