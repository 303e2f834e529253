import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListSummary } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { listKeys } from './query-keys';

/** The signed-in user's saved lists, last changed first (GET /api/lists). */
export function getLists(signal?: AbortSignal): Promise<ListSummary[]> {
  return apiFetch<ListSummary[]>('/lists', { signal });
}

export function listsQueryOptions() {
  return queryOptions({ queryKey: listKeys.mine(), queryFn: ({ signal }) => getLists(signal) });
}

export function useLists(options: { enabled?: boolean } = {}) {
  return useQuery({ ...listsQueryOptions(), enabled: options.enabled ?? true });
}
