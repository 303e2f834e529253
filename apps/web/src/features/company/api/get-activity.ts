import { useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityKind, ActivityPage } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { companyKeys } from '@/lib/company';

export type ActivityFilter = { member?: string; kind?: ActivityKind };

/** One page of the company's activity log, newest first (GET /api/companies/current/activity; admins). */
export function getActivity(filter: ActivityFilter, cursor: string | null, signal?: AbortSignal) {
  return apiFetch<ActivityPage>('/companies/current/activity', {
    query: { ...filter, ...(cursor ? { cursor } : {}) },
    signal,
  });
}

/** The log by pages: "Show older" asks for the next one after the last entry shown. */
export function useActivity(filter: ActivityFilter) {
  const { user } = useAuth();
  return useInfiniteQuery({
    queryKey: companyKeys.activity(user?.uid ?? '', filter),
    queryFn: ({ pageParam, signal }) => getActivity(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(user),
  });
}
