import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportRowError } from '@b2b/shared';
import { apiDownload, apiFetch, type ApiFile } from '@/lib/api-client';
import { importKeys } from './query-keys';

/** A finished import's failed rows: row (the header is row 1), column, message (GET /api/imports/:id/errors). */
export function getImportErrors(id: string, signal?: AbortSignal): Promise<ImportRowError[]> {
  return apiFetch<ImportRowError[]>(`/imports/${encodeURIComponent(id)}/errors`, { signal });
}

export function importErrorsQueryOptions(id: string) {
  return queryOptions({
    queryKey: importKeys.errors(id),
    queryFn: ({ signal }) => getImportErrors(id, signal),
    staleTime: Infinity,
  });
}

/** Asked once the import has finished: its errors do not change after that. */
export function useImportErrors(id: string, options: { enabled: boolean }) {
  return useQuery({ ...importErrorsQueryOptions(id), enabled: options.enabled });
}

/** The same failed rows as a CSV: the rows as they were in the file, plus an `error` column. */
export function downloadFailedRows(id: string): Promise<ApiFile> {
  return apiDownload(`/imports/${encodeURIComponent(id)}/errors`, {
    accept: 'text/csv',
    fallbackName: `failed-rows-${id.slice(0, 8)}.csv`,
  });
}
