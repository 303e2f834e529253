import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportStatus } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { importKeys } from './query-keys';

/** How often a queued or running import is asked about: often enough for a live progress bar. */
export const IMPORT_POLL_MS = 1000;

export const isFinished = (status: ImportStatus) => status.status === 'done' || status.status === 'failed';

/** One import: status, progress and counters (GET /api/imports/:id; its owner only). */
export function getImport(id: string, signal?: AbortSignal): Promise<ImportStatus> {
  return apiFetch<ImportStatus>(`/imports/${encodeURIComponent(id)}`, { signal });
}

export function importQueryOptions(id: string) {
  return queryOptions({
    queryKey: importKeys.detail(id),
    queryFn: ({ signal }) => getImport(id, signal),
    // Polls while the job works; a finished import no longer changes.
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data) ? false : IMPORT_POLL_MS),
  });
}

export function useImport(id: string | undefined) {
  return useQuery({ ...importQueryOptions(id ?? ''), enabled: Boolean(id) });
}
