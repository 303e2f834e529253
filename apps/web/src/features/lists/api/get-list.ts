import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedList } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { listKeys } from './query-keys';

/** One list with its lines; a line whose product was deleted has `product: null` (GET /api/lists/:id). */
export function getList(id: string, signal?: AbortSignal): Promise<SavedList> {
  return apiFetch<SavedList>(`/lists/${encodeURIComponent(id)}`, { signal });
}

export function listQueryOptions(id: string) {
  return queryOptions({ queryKey: listKeys.detail(id), queryFn: ({ signal }) => getList(id, signal) });
}

export function useList(id: string) {
  return useQuery(listQueryOptions(id));
}
