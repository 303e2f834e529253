import { apiDownload, type ApiFile } from '@/lib/api-client';

/** A CSV with every import column and one example row (GET /api/imports/template). */
export function downloadTemplate(): Promise<ApiFile> {
  return apiDownload('/imports/template', { accept: 'text/csv', fallbackName: 'products-template.csv' });
}
