import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedList } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { listKeys } from './query-keys';

/** PATCH /api/lists/:id */
export function renameList({ id, name }: { id: string; name: string }): Promise<SavedList> {
  return apiFetch<SavedList>(`/lists/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name } });
}

/** DELETE /api/lists/:id */
export function deleteList(id: string): Promise<void> {
  return apiFetch<void>(`/lists/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRenameList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKeys.all }),
  });
}

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteList,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: listKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: listKeys.mine() });
    },
  });
}
