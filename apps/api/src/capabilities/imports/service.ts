import type { AppDb } from '../../db/client.js';
import { createBatches } from './batches.js';
import { createExport } from './export.js';
import { createReports } from './reports.js';
import { BUSY_SHOP_PER_SECOND, createRunner } from './runner.js';
import { createImportStore, type ImportJobs } from './store.js';

export { BUSY_SHOP_PER_SECOND, restAfterBatch } from './runner.js';
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
   * At a busy shop (BUSY_SHOP_PER_SECOND shopper requests a second or more), the job rests this
   * many times each batch's own time after it (IMPORT_REST_RATIO, default 10); at a quieter one,
   * in proportion less.
   */
  restRatio?: number;
  /**
   * Shopper requests in the last second (capabilities/imports/worker.plugin.ts: requests other
   * than the imports' own and health checks). With nobody to give the machine back to, resting
   * would only make the seller wait. Default: a busy shop's.
   */
  shopperRate?: () => number;
}

export function createImportService(
  db: AppDb,
  { maxBytes, jobs, restRatio = 10, shopperRate = () => BUSY_SHOP_PER_SECOND }: ImportServiceOptions,
) {
  const store = createImportStore(db, { maxBytes, jobs });
  const { applyBatch } = createBatches(db);
  const { fileOf, countRows, upload } = store;
  return {
    /** Shopper requests in the last second: how long an import rests after its batches now. */
    shopperRate,
    upload,
    ...createRunner(db, { fileOf, countRows, applyBatch, restRatio, shopperRate }),
    ...createReports(db),
    ...createExport(db),
  };
}

export type ImportService = ReturnType<typeof createImportService>;
