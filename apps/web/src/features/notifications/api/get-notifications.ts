import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Notification } from '@b2b/shared';
import { apiFetchPage, type ApiPage } from '@/lib/api-client';
import { notificationKeys } from './get-unread-count';

export const INBOX_PAGE_SIZE = 20;

/** The caller's notifications, newest first (GET /api/notifications), page by page with the cursor. */
export function getNotifications(
  query: { cursor?: string | undefined; unreadOnly: boolean },
  signal?: AbortSignal,
): Promise<ApiPage<Notification>> {
  return apiFetchPage<Notification>('/notifications', {
    query: { limit: INBOX_PAGE_SIZE, cursor: query.cursor, unread: query.unreadOnly ? true : undefined },
    signal,
  });
}

export function notificationsQueryOptions(unreadOnly: boolean) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(unreadOnly),
    queryFn: ({ pageParam, signal }) => getNotifications({ cursor: pageParam, unreadOnly }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
}

export function useNotifications(unreadOnly: boolean) {
  return useInfiniteQuery(notificationsQueryOptions(unreadOnly));
}
