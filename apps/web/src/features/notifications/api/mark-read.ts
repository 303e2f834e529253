import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkRead, MarkReadResult } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { notificationKeys } from './get-unread-count';

/** Marks some (`{ids}`) or all (`{all: true}`) of the caller's notifications read (POST /api/notifications/read). */
export function markRead(input: MarkRead): Promise<MarkReadResult> {
  return apiFetch<MarkReadResult>('/notifications/read', { method: 'POST', body: input });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: async (result) => {
      // The bell changes at once; the lists refetch.
      queryClient.setQueryData(notificationKeys.unread(), { unread: result.unread });
      await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
