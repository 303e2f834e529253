import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { setTimeout as rest, setImmediate as yieldToRequests } from 'node:timers/promises';
import { stringify } from 'csv-stringify';
import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, neutraliseCell, type ImportRowError, type ImportStatus, type ProductData } from '@b2b/shared';
import { queryRows, type AppDb, type AppTx } from '../db/client.js';
import {
  importChunks,
  importErrors,
  imports,
  products,
  skuKey,
  type ImportRow,
  type ProductRow,
} from '../db/schema.js';
import { AppError, notFound } from '../lib/errors.js';
import { notifyImportFinished } from '../notifications/events.js';
import { readRows, type SheetKind, type SheetRow } from '../lib/spreadsheet.js';
import type { AuthUser } from '../plugins/auth.js';
import {
  exportCells,
  headerProblem,
  judgeRow,
  mapColumns,
  readRow,
  sameProduct,
  type CellError,
  type ColumnMap,
} from './rows.js';

/*
 * Catalogue import and export (docs/architecture.md, "Catalogue import and export"). An upload is
 * stored in the database in pieces as it arrives and becomes a durable job; the job reads the
 * file back as a stream, counts its rows, then applies them in batches of BATCH_ROWS, each batch
 * one transaction that also advances the import's `processed`, so a job resumed after a crash
 * starts at the first row not yet applied. Nothing of the file is ever held whole in memory.
 */

export const IMPORT_QUEUE = 'catalogue-import';
/** A job applies batches for about this long, then hands the rest to a new job (so a lost one is retried soon). */
const SLICE_MS = 60_000;

/** Another worker has applied rows of this import since this one read it: this one stops. */
class ImportTakenOver extends Error {}
/**
 * Rows per batch (one transaction). A batch's inserts and their triggers hold a database core
 * while they run, and a shopper's request that arrives then waits behind them; with a rest after
 * each batch as long as it took, 50-row batches kept list pages' p99 within 1.7× of idle on a
 * 2-core machine, where 1,000-row batches without rest made it 4× (docs/benchmarks.md).
 */
const BATCH_ROWS = 50;
/**
 * Reading and judging a row takes some 40 µs of the process's one thread; a batch would hold it
 * for 40 ms at a time. Every YIELD_EVERY_ROWS rows the job lets waiting requests run first, so a
 * shopper's page waits for a few milliseconds of import at most, never for a whole batch.
 */
const YIELD_EVERY_ROWS = 100;
const CHUNK_BYTES = 1024 * 1024;

const productColumns = getTableColumns(products);

/** A product's data as a JSON recordset's row (keys as in ProductData, plus the id of an update). */
const productRecord = sql.raw(`v(
  "id" uuid, "name" text, "image" text, "brand" text, "category" text, "description" text, "content" text,
  "price" numeric, "quantity" integer, "minSellQty" integer, "rating" numeric, "sku" text, "packSize" integer,
  "maxOrderQty" integer, "priceTiers" jsonb)`);

/** What the queue offers the import: sending a job. */
export interface ImportJobs {
  send(importId: string): Promise<void>;
}

export interface ImportServiceOptions {
  maxBytes: number;
  jobs: ImportJobs;
  /**
   * After each batch the job rests this many times the batch's own time (IMPORT_REST_RATIO,
   * default 1), so an import takes at most about half of the machine's time from the shoppers.
   */
  restRatio?: number;
  /**
   * Whether shoppers are using the shop now (plugins/imports.ts: a request other than the
   * imports' own within the last second). The job rests after a batch only then: with nobody to
   * give the machine back to, resting would only make the seller wait. Default: always.
   */
  shoppersActive?: () => boolean;
}

/** How long a job rests after a batch that took `batchMs`: only while shoppers are active. */
export function restAfterBatch(batchMs: number, restRatio: number, shoppersActive: boolean): number {
  return shoppersActive && restRatio > 0 ? batchMs * restRatio : 0;
}

const PRODUCT_DATA_KEYS = [
  'name',
  'image',
  'brand',
  'category',
  'description',
  'content',
  'price',
  'quantity',
  'minSellQty',
  'rating',
  'sku',
  'packSize',
  'maxOrderQty',
  'priceTiers',
] as const satisfies readonly (keyof ProductData)[];

const dataOf = (row: ProductRow): ProductData =>
  Object.fromEntries(PRODUCT_DATA_KEYS.map((key) => [key, row[key]])) as unknown as ProductData;

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

interface Counters {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

export function createImportService(
  db: AppDb,
  { maxBytes, jobs, restRatio = 1, shoppersActive = () => true }: ImportServiceOptions,
) {
  async function own(id: string, user: AuthUser): Promise<ImportRow> {
    const [row] = await db
      .select()
      .from(imports)
      .where(and(eq(imports.id, id), eq(imports.ownerUid, user.uid)));
    if (!row) throw notFound('Import');
    return row;
  }

  /** The stored file as a stream, one piece at a time. */
  function fileOf(importId: string): Readable {
    async function* pieces() {
      for (let seq = 0; ; seq++) {
        const [chunk] = await db
          .select({ data: importChunks.data })
          .from(importChunks)
          .where(and(eq(importChunks.importId, importId), eq(importChunks.seq, seq)));
        if (!chunk) return;
        yield Buffer.from(chunk.data);
      }
    }
    return Readable.from(pieces());
  }

  /** Each of the seller's products a batch names, by id (any owner, to tell "not yours") and by SKU (theirs). */
  async function lookups(user: AuthUser, ids: string[], skus: string[]) {
    const byId = new Map<string, ProductRow>();
    const bySku = new Map<string, ProductRow>();
    if (ids.length > 0) {
      for (const row of await db.select().from(products).where(inArray(products.id, ids))) byId.set(row.id, row);
    }
    if (skus.length > 0) {
      // One probe of the SKU index per SKU (see the quick order's productsBySku for why lateral).
      const found = await queryRows<{ id: string }>(
        db,
        sql`select p.id from unnest(${sql.param(skus)}::text[]) as s(key)
            cross join lateral (
              select ${products.id} from ${products}
              where ${skuKey(products.sku)} = s.key and ${products.ownerUid} = ${user.uid} and ${products.sku} is not null
              limit 1
            ) as p`,
      );
      const rows =
        found.length > 0
          ? await db
              .select()
              .from(products)
              .where(
                inArray(
                  products.id,
                  found.map((f) => f.id),
                ),
              )
          : [];
      for (const row of rows) if (row.sku) bySku.set(row.sku.toLowerCase(), row);
    }
    return { byId, bySku };
  }

  /**
   * Decides every row of a batch (create, update, unchanged or failed) and, unless it is a dry
   * run, writes them, with the import's counters and `processed`, in one transaction.
   */
  async function applyBatch(
    imp: ImportRow,
    user: AuthUser,
    columns: ColumnMap,
    batch: SheetRow[],
    expected: number,
  ): Promise<void> {
    const read = [];
    for (const [i, sheetRow] of batch.entries()) {
      if (i > 0 && i % YIELD_EVERY_ROWS === 0) await yieldToRequests();
      read.push({ ...sheetRow, ...readRow(sheetRow.cells, columns) });
    }
    const ids = [...new Set(read.flatMap((r) => (r.id && !r.errors.some((e) => e.column === 'id') ? [r.id] : [])))];
    const skus = [...new Set(read.flatMap((r) => (r.sku ? [r.sku.toLowerCase()] : [])))];
    const { byId, bySku } = await lookups(user, ids, skus);

    const creates = new Map<string, ProductData>();
    const updates = new Map<string, ProductData>();
    /** Which product (id, or "new:<sku>") holds each SKU after the rows so far. */
    const claimed = new Map<string, string>();
    for (const product of bySku.values()) if (product.sku) claimed.set(product.sku.toLowerCase(), product.id);
    const failures: (ImportRowError & { cells: string[] })[] = [];
    const counters: Counters = { created: 0, updated: 0, unchanged: 0, failed: 0 };
    const fail = (row: SheetRow, errors: CellError[]) => {
      counters.failed++;
      for (const e of errors) failures.push({ row: row.row, column: e.column, message: e.message, cells: row.cells });
    };

    for (const [i, r] of read.entries()) {
      if (i > 0 && i % YIELD_EVERY_ROWS === 0) await yieldToRequests();
      if (r.errors.length > 0) {
        fail(r, r.errors);
        continue;
      }
      let targetId: string | null = null;
      let base: ProductData | null = null;
      let newKey: string | null = null;
      if (r.id) {
        const product = byId.get(r.id);
        if (!product) {
          fail(r, [
            {
              column: 'id',
              message: `None of your products has the id ${r.id}: leave the id empty to create a product.`,
            },
          ]);
          continue;
        }
        if (product.ownerUid !== user.uid) {
          fail(r, [
            {
              column: 'id',
              message: 'This product belongs to another seller: a file can only change your own products.',
            },
          ]);
          continue;
        }
        targetId = product.id;
        base = updates.get(product.id) ?? dataOf(product);
      } else if (r.sku) {
        const holder = claimed.get(r.sku.toLowerCase());
        if (holder?.startsWith('new:')) {
          newKey = holder;
          base = creates.get(holder) ?? null;
        } else if (holder) {
          const product = byId.get(holder) ?? bySku.get(r.sku.toLowerCase());
          if (product) {
            targetId = product.id;
            base = updates.get(product.id) ?? dataOf(product);
          }
        }
      }
      const judged = judgeRow(r.fields, base);
      if (!judged.ok) {
        fail(r, judged.errors);
        continue;
      }
      const { data } = judged;
      const self = targetId ?? newKey ?? `new:${data.sku?.toLowerCase() ?? randomUUID()}`;
      const skuHolder = data.sku ? claimed.get(data.sku.toLowerCase()) : undefined;
      if (data.sku && skuHolder && skuHolder !== self) {
        const other = byId.get(skuHolder) ?? bySku.get(data.sku.toLowerCase());
        fail(r, [
          {
            column: 'sku',
            message: `You already use SKU ${data.sku}${other ? ` for “${other.name}”` : ' in an earlier row'}.`,
          },
        ]);
        continue;
      }
      if (targetId) {
        const stored = byId.get(targetId) ?? [...bySku.values()].find((p) => p.id === targetId);
        const before = base ?? (stored ? dataOf(stored) : null);
        if (before && sameProduct(before, data) && !updates.has(targetId)) {
          counters.unchanged++;
        } else {
          updates.set(targetId, data);
          counters.updated++;
        }
        const old = stored?.sku?.toLowerCase();
        if (old && old !== data.sku?.toLowerCase() && claimed.get(old) === targetId) claimed.delete(old);
      } else if (newKey) {
        creates.set(newKey, data);
        counters.updated++;
      } else {
        creates.set(self, data);
        counters.created++;
      }
      if (data.sku) claimed.set(data.sku.toLowerCase(), self);
    }

    await db.transaction(async (tx) => {
      if (!imp.dryRun) {
        await writeCreates(tx, user, [...creates.values()]);
        await writeUpdates(tx, user, updates);
      }
      if (failures.length > 0) {
        // One JSON parameter, like the products (a file of bad rows would bind 5,000 values a batch).
        await tx.execute(sql`
          insert into ${importErrors} (import_id, "row", "column", message, cells)
          select ${imp.id}::uuid, v."row", v."column", v."message", v."cells"
          from jsonb_to_recordset(${JSON.stringify(failures)}::jsonb)
            as v("row" integer, "column" text, "message" text, "cells" jsonb)`);
      }
      const [advanced] = await tx
        .update(imports)
        .set({
          processed: sql`${imports.processed} + ${batch.length}`,
          created: sql`${imports.created} + ${counters.created}`,
          updated: sql`${imports.updated} + ${counters.updated}`,
          unchanged: sql`${imports.unchanged} + ${counters.unchanged}`,
          failed: sql`${imports.failed} + ${counters.failed}`,
          updatedAt: sql`now()`,
        })
        // Only from where this worker read it: a second worker on the same import rolls back here.
        .where(and(eq(imports.id, imp.id), eq(imports.processed, expected)))
        .returning({ id: imports.id });
      if (!advanced) throw new ImportTakenOver();
    });
  }

  /**
   * All of a batch's new products in one statement, their data one JSON parameter. Bound value by
   * value instead (drizzle's insert of 1,000 rows: 16,000 parameters), the statement took the
   * event loop 270 to 1,300 ms to build, and every request waited behind it.
   */
  async function writeCreates(tx: AppTx, user: AuthUser, rows: ProductData[]) {
    if (rows.length === 0) return;
    await tx.execute(sql`
      insert into ${products} (owner_uid, owner_email, name, image, brand, category, description, content,
        price, quantity, min_sell_qty, rating, sku, pack_size, max_order_qty, price_tiers)
      select ${user.uid}::text, ${user.email}::text, v."name", v."image", v."brand", v."category", v."description", v."content",
        v."price", v."quantity", v."minSellQty", v."rating", v."sku", v."packSize", v."maxOrderQty", v."priceTiers"
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ${productRecord}`);
  }

  /** All of a batch's updates in one statement (a row per product from a JSON recordset). */
  async function writeUpdates(tx: AppTx, user: AuthUser, rows: Map<string, ProductData>) {
    if (rows.size === 0) return;
    const json = JSON.stringify([...rows].map(([id, data]) => ({ id, ...data })));
    await tx.execute(sql`
      update ${products} set
        name = v."name", image = v."image", brand = v."brand", category = v."category",
        description = v."description", content = v."content", price = v."price", quantity = v."quantity",
        min_sell_qty = v."minSellQty", rating = v."rating", sku = v."sku", pack_size = v."packSize",
        max_order_qty = v."maxOrderQty", price_tiers = v."priceTiers", updated_at = now()
      from jsonb_to_recordset(${json}::jsonb) as ${productRecord}
      where ${products.id} = v."id" and ${products.ownerUid} = ${user.uid}`);
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
    /** Whether an import rests after its batches now (shoppers are using the shop). */
    shoppersActive,
    /**
     * Stores an upload as it arrives (pieces of 1 MB) and queues its job. Past `maxBytes` the
     * upload stops with 413 and nothing is kept.
     */
    async upload(
      user: AuthUser,
      input: { dryRun: boolean; kind: SheetKind; fileName: string; stream: Readable },
    ): Promise<ImportStatus> {
      const [imp] = await db
        .insert(imports)
        .values({
          ownerUid: user.uid,
          ownerEmail: user.email,
          dryRun: input.dryRun,
          kind: input.kind,
          fileName: input.fileName,
        })
        .returning();
      if (!imp) throw new Error('insert returned no import');
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

    /**
     * A job: reads the file (and counts it, the first time), applies its rows batch by batch from
     * the first one not yet applied, for about `sliceMs`; 'more' when rows remain for the next
     * job. Safe to run again after a crash at any point, and two workers on one import never
     * apply a row twice: each batch commits only if `processed` is still where its worker read it.
     */
    async run(importId: string, sliceMs = SLICE_MS): Promise<'done' | 'more'> {
      let [imp] = await db.select().from(imports).where(eq(imports.id, importId));
      if (!imp || imp.status === 'done' || imp.status === 'failed' || imp.status === 'uploading') return 'done';
      const user: AuthUser = { uid: imp.ownerUid, email: imp.ownerEmail, displayName: '' };
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
        await applyBatch(imp, user, columns, batch, done);
        done += batch.length;
        batch = [];
        // The batch's inserts and their triggers held a core of the database: give it back as
        // long, while shoppers are there to take it.
        const pause = restAfterBatch(performance.now() - batchStarted, restRatio, shoppersActive());
        if (pause > 0) await rest(pause);
      };
      try {
        for await (const row of readRows(fileOf(imp.id), imp.kind)) {
          if (first) {
            first = false;
            continue;
          }
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

    status: async (id: string, user: AuthUser) => toImportStatus(await own(id, user)),

    async recent(user: AuthUser): Promise<ImportStatus[]> {
      const rows = await db
        .select()
        .from(imports)
        .where(eq(imports.ownerUid, user.uid))
        .orderBy(desc(imports.createdAt))
        .limit(20);
      return rows.map(toImportStatus);
    },

    async errors(id: string, user: AuthUser): Promise<ImportRowError[]> {
      await own(id, user);
      return db
        .select({ row: importErrors.row, column: importErrors.column, message: importErrors.message })
        .from(importErrors)
        .where(eq(importErrors.importId, id))
        .orderBy(asc(importErrors.row), asc(importErrors.column));
    },

    /** The failed rows as they were in the file, with an `error` column: ready to fix and upload again. */
    async errorsCsv(id: string, user: AuthUser): Promise<Readable> {
      const imp = await own(id, user);
      const rows = await db
        .select()
        .from(importErrors)
        .where(eq(importErrors.importId, id))
        .orderBy(asc(importErrors.row), asc(importErrors.column));
      const byRow = new Map<number, { cells: string[]; messages: string[] }>();
      for (const e of rows) {
        const entry = byRow.get(e.row) ?? { cells: e.cells, messages: [] };
        entry.messages.push(`${e.column}: ${e.message}`);
        byRow.set(e.row, entry);
      }
      const header = imp.header ?? [];
      const out = stringify({ bom: true });
      out.write([...header, 'error'].map(neutraliseCell));
      for (const { cells, messages } of byRow.values()) {
        const padded = Array.from({ length: header.length }, (_, i) => cells[i] ?? '');
        out.write([...padded, messages.join(' ')].map(neutraliseCell));
      }
      out.end();
      return out;
    },

    /** The seller's catalogue, streamed in pages of 2,000 by the owner index, as CSV or .xlsx. */
    exportCatalogue(user: AuthUser, format: 'csv' | 'xlsx'): Readable {
      const pages = async function* () {
        let after: { at: string; id: string } | null = null;
        for (;;) {
          const rows: (ProductRow & { at: string })[] = await db
            .select({ ...productColumns, at: sql<string>`${products.createdAt}::text` })
            .from(products)
            .where(
              and(
                eq(products.ownerUid, user.uid),
                after
                  ? sql`(${products.createdAt}, ${products.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
                  : undefined,
              ),
            )
            .orderBy(asc(products.createdAt), asc(products.id))
            .limit(2000);
          for (const row of rows) yield row;
          const last = rows.at(-1);
          if (!last || rows.length < 2000) return;
          after = { at: last.at, id: last.id };
        }
      };
      if (format === 'csv') {
        const out = stringify({ bom: true });
        void (async () => {
          try {
            out.write([...IMPORT_COLUMNS]);
            for await (const row of pages()) {
              if (!out.write(exportCells(row))) await new Promise((resolve) => out.once('drain', resolve));
            }
            out.end();
          } catch (error) {
            out.destroy(error as Error);
          }
        })();
        return out;
      }
      const out = new PassThrough();
      void (async () => {
        try {
          const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
            stream: out,
            useSharedStrings: false,
            useStyles: false,
          });
          const sheet = workbook.addWorksheet('Products');
          sheet.addRow([...IMPORT_COLUMNS]).commit();
          for await (const row of pages()) {
            // Numbers stay numbers in Excel; text cells keep their neutralising apostrophe.
            const cells = exportCells(row).map((cell, i) =>
              ['price', 'quantity', 'minSellQty', 'packSize', 'maxOrderQty', 'rating'].includes(
                IMPORT_COLUMNS[i] ?? '',
              ) && cell !== ''
                ? Number(cell)
                : cell,
            );
            sheet.addRow(cells).commit();
          }
          sheet.commit();
          await workbook.commit();
        } catch (error) {
          out.destroy(error as Error);
        }
      })();
      return out;
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
