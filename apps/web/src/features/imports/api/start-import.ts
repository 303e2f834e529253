import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportStatus } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { XLSX_TYPE, type FileKind } from '../utils/file-preview';
import { importKeys } from './query-keys';

export type StartImport = { file: File; kind: FileKind; dryRun: boolean };

/**
 * Sends the file (POST /api/imports?dryRun=…, a form with its `file` part); 202 with the import,
 * which then runs in the background. The part's type comes from the file's name, since a browser
 * may call a .csv `application/vnd.ms-excel` (Windows) or nothing at all.
 */
export function startImport({ file, kind, dryRun }: StartImport): Promise<ImportStatus> {
  const form = new FormData();
  form.append('file', new Blob([file], { type: kind === 'xlsx' ? XLSX_TYPE : 'text/csv' }), file.name);
  return apiFetch<ImportStatus>('/imports', { method: 'POST', query: { dryRun }, body: form });
}

export function useStartImport(options: { onSuccess?: (status: ImportStatus) => unknown } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    onSuccess: async (status) => {
      queryClient.setQueryData(importKeys.detail(status.importId), status);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: importKeys.recent() }),
        options.onSuccess?.(status),
      ]);
    },
  });
}
