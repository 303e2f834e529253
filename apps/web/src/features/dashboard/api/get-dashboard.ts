import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';

export const dashboardKeys = { mine: ['dashboard'] as const };

/** The signed-in seller's overview (GET /api/dashboard). */
export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return apiFetch<Dashboard>('/dashboard', { signal });
}

export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.mine,
    queryFn: ({ signal }) => getDashboard(signal),
    staleTime: 30_000,
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
