import { queryOptions, useQuery } from '@tanstack/react-query';
import { UNREAD_POLL_MS, type UnreadCount } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';

/*
 * The navbar bell's unread count (GET /api/notifications/unread-count: one index lookup). It is
 * asked once every UNREAD_POLL_MS while the page is visible (TanStack Query does not poll hidden
 * tabs), and once when the tab comes back: a new order shows within 30 s without a reload, at the
 * cost of one small request per open tab, never a storm. The inbox invalidates it on every change.
 */

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => ['notifications', 'unread'] as const,
  list: (unreadOnly: boolean) => ['notifications', 'list', { unreadOnly }] as const,
};

export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return apiFetch<UnreadCount>('/notifications/unread-count', { signal });
}

export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: 0,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountQueryOptions(), enabled });
}
