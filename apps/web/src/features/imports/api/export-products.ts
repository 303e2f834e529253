import { apiDownload, type ApiFile } from '@/lib/api-client';
import { XLSX_TYPE } from '../utils/file-preview';

export type ExportFormat = 'csv' | 'xlsx';

/** The signed-in seller's whole catalogue, with the import's columns (GET /api/my-products/export). */
export function exportProducts(format: ExportFormat): Promise<ApiFile> {
  const date = new Date().toISOString().slice(0, 10);
  return apiDownload('/my-products/export', {
    query: { format },
    accept: format === 'csv' ? 'text/csv' : XLSX_TYPE,
    fallbackName: `products-${date}.${format}`,
  });
}
