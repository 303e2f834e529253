import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportStatus } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { importKeys } from './query-keys';

/** The caller's 20 latest imports, newest first (GET /api/imports). */
export function getImports(signal?: AbortSignal): Promise<ImportStatus[]> {
  return apiFetch<ImportStatus[]>('/imports', { signal });
}

export function importsQueryOptions() {
  return queryOptions({ queryKey: importKeys.recent(), queryFn: ({ signal }) => getImports(signal) });
}

export function useImports() {
  return useQuery(importsQueryOptions());
}
