import type { AppDb } from '../../db/client.js';
import { createBatches } from './batches.js';
import { createExport } from './export.js';
import { createReports } from './reports.js';
import { createRunner } from './runner.js';
import { createImportStore, type ImportJobs } from './store.js';

export { restAfterBatch } from './runner.js';
export { toImportStatus } from './import-status.js';
export type { ImportJobs } from './store.js';

/*
 * Catalogue import and export (docs/architecture.md, "Catalogue import and export"). An upload is
 * stored in the database in pieces as it arrives and becomes a durable job; the job reads the
 * file back as a stream, counts its rows, then applies them in batches of BATCH_ROWS, each batch
 * one transaction that also advances the import's `processed`, so a job resumed after a crash
 * starts at the first row not yet applied. Nothing of the file is ever held whole in memory.
 */

export const IMPORT_QUEUE = 'catalogue-import';
export interface ImportServiceOptions {
  maxBytes: number;
  jobs: ImportJobs;
  /**
   * After each batch the job rests this many times the batch's own time (IMPORT_REST_RATIO,
   * default 1), so an import takes at most about half of the machine's time from the shoppers.
   */
  restRatio?: number;
  /**
   * Whether shoppers are using the shop now (capabilities/imports/worker.plugin.ts: a request other than the
   * imports' own within the last second). The job rests after a batch only then: with nobody to
   * give the machine back to, resting would only make the seller wait. Default: always.
   */
  shoppersActive?: () => boolean;
}

export function createImportService(
  db: AppDb,
  { maxBytes, jobs, restRatio = 1, shoppersActive = () => true }: ImportServiceOptions,
) {
  const store = createImportStore(db, { maxBytes, jobs });
  const { applyBatch } = createBatches(db);
  const { fileOf, countRows, upload } = store;
  return {
    /** Whether an import rests after its batches now (shoppers are using the shop). */
    shoppersActive,
    upload,
    ...createRunner(db, { fileOf, countRows, applyBatch, restRatio, shoppersActive }),
    ...createReports(db),
    ...createExport(db),
  };
}

export type ImportService = ReturnType<typeof createImportService>;
