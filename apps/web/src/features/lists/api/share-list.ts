import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListShare, SavedList } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { listKeys } from './query-keys';

/** PUT /api/lists/:id/shared: the owner shares the list with their company, or stops sharing it. */
export function shareList({ id, shared }: { id: string } & ListShare): Promise<SavedList> {
  return apiFetch<SavedList>(`/lists/${encodeURIComponent(id)}/shared`, { method: 'PUT', body: { shared } });
}

export function useShareList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareList,
    onSuccess: (list) => {
      queryClient.setQueryData(listKeys.detail(list._id), list);
      return queryClient.invalidateQueries({ queryKey: listKeys.mine() });
    },
  });
}
