import { useMutation } from '@tanstack/react-query';
import type { QuickOrderLineInput, QuickOrderPreview } from '@b2b/shared';
import { apiFetch, apiUpload } from '@/lib/api-client';

/** What a preview or an order is made of: typed lines, or a CSV/.xlsx file the server reads. */
export type QuickOrderSource = { lines: QuickOrderLineInput[] } | { file: File };

/** Resolves and checks the lines without buying anything (POST /api/quick-order/preview). */
export function previewQuickOrder(source: QuickOrderSource): Promise<QuickOrderPreview> {
  return 'file' in source
    ? apiUpload<QuickOrderPreview>('/quick-order/preview', source.file)
    : apiFetch<QuickOrderPreview>('/quick-order/preview', { method: 'POST', body: source });
}

export function usePreviewQuickOrder() {
  return useMutation({ mutationFn: previewQuickOrder });
}
