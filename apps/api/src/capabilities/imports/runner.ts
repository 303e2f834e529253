import { setTimeout as rest } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { type AppDb } from '../../db/client.js';
import { imports } from '../../db/schema.js';
import { notifyImportFinished } from '../notifications/index.js';
import { readRows, type SheetRow } from '../../lib/spreadsheet.js';
import { companyNames } from '../companies/index.js';
import { headerProblem, mapColumns } from './rows.js';
import { ImportTakenOver, type Batches, type ImportOwner } from './batches.js';
import type { ImportStore } from './store.js';
import { BATCH_ROWS } from './batches.js';

/*
 * The import's job: about a minute of batches at a time (SLICE_MS), each followed by a rest as long
 * as the shop is busy, resumed by the next job from the first row not yet applied.
 */

/** A job applies batches for about this long, then hands the rest to a new job (so a lost one is retried soon). */
const SLICE_MS = 60_000;

/**
 * Shopper requests a second at which an import rests the whole `restRatio` after each batch; at
 * fewer, it rests that much less (docs/architecture.md, "Catalogue import and export").
 */
export const BUSY_SHOP_PER_SECOND = 1_000;

/**
 * How long a job rests after a batch that took `batchMs`, with `shoppersPerSecond` shopper
 * requests in the last second: `restRatio` times the batch at a busy shop's rate or more, in
 * proportion below it, none with nobody shopping.
 */
export function restAfterBatch(batchMs: number, restRatio: number, shoppersPerSecond: number): number {
  const busy = Math.min(1, Math.max(0, shoppersPerSecond) / BUSY_SHOP_PER_SECOND);
  return batchMs * restRatio * busy;
}

interface RunnerParts {
  fileOf: ImportStore['fileOf'];
  countRows: ImportStore['countRows'];
  applyBatch: Batches['applyBatch'];
  restRatio: number;
  shopperRate: () => number;
}

/** A rest cut short by the shutdown is over; any other failure is not. */
function stillStopping(error: unknown): void {
  if ((error as { name?: unknown } | null)?.name !== 'AbortError') throw error;
}

export function createRunner(db: AppDb, { fileOf, countRows, applyBatch, restRatio, shopperRate }: RunnerParts) {
  /** Marks the import finished and, in the same transaction, tells its seller (the outbox). */
  const finish = (id: string, fields: Partial<typeof imports.$inferInsert>) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .update(imports)
        .set({ ...fields, finishedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(imports.id, id))
        .returning();
      if (row) await notifyImportFinished(tx, row);
    });

  return {
    /**
     * A job: reads the file (and counts it, the first time), applies its rows batch by batch from
     * the first one not yet applied, for about `sliceMs`, or until `stopping` is aborted (the
     * process is shutting down: a batch being written is finished, not cut); 'more' when rows
     * remain for the next job. Safe to run again after a crash at any point, and two workers on one
     * import never apply a row twice: each batch commits only if `processed` is still where its
     * worker read it.
     */
    async run(
      importId: string,
      { sliceMs = SLICE_MS, stopping }: { sliceMs?: number; stopping?: AbortSignal } = {},
    ): Promise<'done' | 'more'> {
      let [imp] = await db.select().from(imports).where(eq(imports.id, importId));
      if (!imp || imp.status === 'done' || imp.status === 'failed' || imp.status === 'uploading') return 'done';
      const owner: ImportOwner = {
        id: imp.sellerId,
        name: (await companyNames(db, [imp.sellerId])).get(imp.sellerId) ?? null,
        email: imp.ownerEmail,
      };
      if (imp.status === 'queued' || !imp.header) {
        let counted: { total: number; header: string[] };
        try {
          counted = await countRows(imp);
        } catch (error) {
          await finish(imp.id, { status: 'failed', error: `The file could not be read: ${(error as Error).message}` });
          return 'done';
        }
        const columns = mapColumns(counted.header);
        const problem = headerProblem(columns);
        if (problem) {
          await finish(imp.id, {
            status: 'failed',
            error: problem,
            header: counted.header,
            ignoredColumns: columns.ignored,
          });
          return 'done';
        }
        [imp] = await db
          .update(imports)
          .set({
            status: 'running',
            header: counted.header,
            ignoredColumns: columns.ignored,
            total: counted.total,
            startedAt: sql`coalesce(${imports.startedAt}, now())`,
            updatedAt: sql`now()`,
          })
          .where(eq(imports.id, importId))
          .returning();
        if (!imp) return 'done';
      }
      const columns = mapColumns(imp.header ?? []);
      const started = performance.now();
      let seen = 0;
      let done = imp.processed;
      let batch: SheetRow[] = [];
      let first = true;
      const apply = async () => {
        const batchStarted = performance.now();
        await applyBatch(imp, owner, columns, batch, done);
        done += batch.length;
        batch = [];
        // The batch's inserts and their triggers held a core of the database: give the machine
        // back to the shoppers, the longer the more of them there are.
        const pause = restAfterBatch(performance.now() - batchStarted, restRatio, shopperRate());
        // Already stopping, the rest ends at once.
        if (pause > 0) await rest(pause, undefined, { signal: stopping }).catch(stillStopping);
      };
      try {
        for await (const row of readRows(fileOf(imp.id), imp.kind)) {
          if (first) {
            first = false;
            continue;
          }
          // Stopping: the rows read since the last batch are not applied, and `processed` stays
          // where that batch left it, so the next job reads them again. After the last row the
          // loop has ended and the import finishes here.
          if (stopping?.aborted) return 'more';
          seen++;
          // Rows applied before (by an earlier slice, or a worker that died) are skipped: `processed` moved with them.
          if (seen <= done) continue;
          batch.push(row);
          if (batch.length >= BATCH_ROWS) {
            await apply();
            if (performance.now() - started > sliceMs) return 'more';
          }
        }
        if (batch.length > 0) await apply();
      } catch (error) {
        if (error instanceof ImportTakenOver) return 'done';
        throw error;
      }
      await finish(imp.id, { status: 'done' });
      return 'done';
    },
  };
}
