import { Readable } from 'node:stream';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import { type ImportStatus } from '@b2b/shared';
import { type AppDb } from '../../db/client.js';
import { importChunks, imports, type ImportRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { readRows, type SheetKind } from '../../lib/spreadsheet.js';
import type { Seller } from '../companies/index.js';
import { recordActivity } from '../activity/index.js';
import { toImportStatus } from './import-status.js';

/* The uploaded file: stored in the database in pieces as it arrives, read back as a stream. */

const CHUNK_BYTES = 1024 * 1024;
/**
 * The stored file is handed to its reader this many bytes at a time, each after the requests
 * waiting on the event loop. The CSV parser reads what it is given in one go: a whole 1 MB piece
 * (some 8,000 rows) held the API's one thread for 50 to 100 ms, and every shopper's request then
 * waited for it; 16 KiB (about 120 rows) holds it for 1 to 2 ms.
 */
const READ_BYTES = 16 * 1024;

/** What the queue offers the import: sending a job. */
export interface ImportJobs {
  send(importId: string): Promise<void>;
}

export function createImportStore(db: AppDb, { maxBytes, jobs }: { maxBytes: number; jobs: ImportJobs }) {
  /** The stored file as a stream, READ_BYTES at a time. */
  function fileOf(importId: string): Readable {
    async function* pieces() {
      for (let seq = 0; ; seq++) {
        const [chunk] = await db
          .select({ data: importChunks.data })
          .from(importChunks)
          .where(and(eq(importChunks.importId, importId), eq(importChunks.seq, seq)));
        if (!chunk) return;
        const data = Buffer.from(chunk.data);
        for (let at = 0; at < data.length; at += READ_BYTES) {
          if (at > 0) await yieldToRequests();
          yield data.subarray(at, at + READ_BYTES);
        }
      }
    }
    return Readable.from(pieces());
  }

  /** Counts the data rows of the stored file (a first pass, so the progress bar knows its end). */
  async function countRows(imp: ImportRow): Promise<{ total: number; header: string[] }> {
    let header: string[] | null = null;
    let total = 0;
    for await (const row of readRows(fileOf(imp.id), imp.kind)) {
      if (!header) header = row.cells;
      else total++;
    }
    return { total, header: header ?? [] };
  }

  return {
    fileOf,
    countRows,

    /**
     * Stores an upload as it arrives (pieces of 1 MB) and queues its job. Past `maxBytes` the
     * upload stops with 413 and nothing is kept.
     */
    async upload(
      seller: Seller,
      input: { dryRun: boolean; kind: SheetKind; fileName: string; stream: Readable },
    ): Promise<ImportStatus> {
      const imp = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(imports)
          .values({
            sellerId: seller.id,
            ownerEmail: seller.user.email,
            startedByUid: seller.user.uid,
            dryRun: input.dryRun,
            kind: input.kind,
            fileName: input.fileName,
          })
          .returning();
        if (!row) throw new Error('insert returned no import');
        // A real import changes the catalogue: the log says who started it (its report says what changed).
        if (!row.dryRun) {
          await recordActivity(tx, seller, {
            kind: 'import',
            action: 'started',
            subjectId: row.id,
            subjectLabel: row.fileName || 'Import',
            summary: `Started an import of ${row.fileName ? `“${row.fileName}”` : 'a file'}.`,
            after: { fileName: row.fileName, kind: row.kind },
          });
        }
        return row;
      });
      try {
        let seq = 0;
        let bytes = 0;
        let pending: Buffer[] = [];
        let pendingBytes = 0;
        const flush = async () => {
          if (pendingBytes === 0) return;
          await db.insert(importChunks).values({ importId: imp.id, seq, data: Buffer.concat(pending) });
          seq++;
          pending = [];
          pendingBytes = 0;
        };
        for await (const chunk of input.stream as AsyncIterable<Buffer | string>) {
          const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
          bytes += buffer.length;
          if (bytes > maxBytes) {
            throw new AppError(
              'PAYLOAD_TOO_LARGE',
              `The file is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB an import may be: split it.`,
            );
          }
          pending.push(buffer);
          pendingBytes += buffer.length;
          if (pendingBytes >= CHUNK_BYTES) await flush();
        }
        await flush();
        if (bytes === 0) throw new AppError('VALIDATION_ERROR', 'The file is empty.');
        const [queued] = await db
          .update(imports)
          .set({ status: 'queued', bytes, updatedAt: sql`now()` })
          .where(eq(imports.id, imp.id))
          .returning();
        await jobs.send(imp.id);
        return toImportStatus(queued ?? imp);
      } catch (error) {
        await db.delete(imports).where(eq(imports.id, imp.id));
        throw error;
      }
    },
  };
}

export type ImportStore = ReturnType<typeof createImportStore>;
