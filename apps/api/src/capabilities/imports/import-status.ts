import { type ImportStatus } from '@b2b/shared';
import { type ImportRow } from '../../db/schema.js';

/** An import as the API shows it. */
const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toImportStatus(row: ImportRow): ImportStatus {
  return {
    importId: row.id,
    status: row.status === 'uploading' ? 'queued' : row.status,
    dryRun: row.dryRun,
    total: row.total,
    processed: row.processed,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    failed: row.failed,
    ignoredColumns: row.ignoredColumns,
    error: row.error,
    fileName: row.fileName,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}
