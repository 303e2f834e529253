import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type AppDb, type AppTx } from '../../db/client.js';
import { importErrors, imports, products, skuKey, type ImportRow, type ProductRow } from '../../db/schema.js';
import { type SheetRow } from '../../lib/spreadsheet.js';
/** Whose catalogue an import changes: the seller (a company's id or a user's uid), its name, and the starter's email. */
export interface ImportOwner {
  id: string;
  name: string | null;
  email: string;
}
import { judgeRow, readRow, sameProduct, type CellError, type ColumnMap } from './rows.js';
import { PRODUCT_COLUMN_TYPE } from '../catalogue/index.js';
import { PRODUCT_FIELDS, type ImportRowError, type ProductData } from '@b2b/shared';

/*
 * One batch of an import's rows: each row decided (create, update, unchanged or failed) against
 * the seller's products, and, unless it is a dry run, written with the import's counters in one
 * transaction that commits only where its worker read the import.
 */

/**
 * Rows per batch (one transaction). A batch's inserts and their triggers hold a database core
 * while they run, and a shopper's request that arrives then waits behind them; with a rest after
 * each batch as long as it took, 50-row batches kept list pages' p99 within 1.7× of idle on a
 * 2-core machine, where 1,000-row batches without rest made it 4× (docs/benchmarks.md). Reading
 * and judging a row takes some 40 µs of the process's one thread, so a batch's rows hold it for
 * about 2 ms in one go.
 */
export const BATCH_ROWS = 50;
/** Another worker has applied rows of this import since this one read it: this one stops. */
export class ImportTakenOver extends Error {}
/** A product's data as a JSON recordset's row (keys as in ProductData, plus the id of an update). */
const productRecord = sql.raw(
  `v("id" uuid, ${PRODUCT_FIELDS.map((field) => `"${field}" ${PRODUCT_COLUMN_TYPE[field]}`).join(', ')})`,
);

const dataOf = (row: ProductRow): ProductData =>
  Object.fromEntries(PRODUCT_FIELDS.map((key) => [key, row[key]])) as unknown as ProductData;

interface Counters {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

export function createBatches(db: AppDb) {
  /** Each of the seller's products a batch names, by id (any owner, to tell "not yours") and by SKU (theirs). */
  async function lookups(owner: ImportOwner, ids: string[], skus: string[]) {
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
              where ${skuKey(products.sku)} = s.key and ${products.sellerId} = ${owner.id} and ${products.sku} is not null
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
    owner: ImportOwner,
    columns: ColumnMap,
    batch: SheetRow[],
    expected: number,
  ): Promise<void> {
    const read = batch.map((sheetRow) => ({ ...sheetRow, ...readRow(sheetRow.cells, columns) }));
    const ids = [...new Set(read.flatMap((r) => (r.id && !r.errors.some((e) => e.column === 'id') ? [r.id] : [])))];
    const skus = [...new Set(read.flatMap((r) => (r.sku ? [r.sku.toLowerCase()] : [])))];
    const { byId, bySku } = await lookups(owner, ids, skus);

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

    for (const r of read) {
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
        if (product.sellerId !== owner.id) {
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
        await writeCreates(tx, owner, [...creates.values()]);
        await writeUpdates(tx, owner, updates);
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
  async function writeCreates(tx: AppTx, owner: ImportOwner, rows: ProductData[]) {
    if (rows.length === 0) return;
    await tx.execute(sql`
      insert into ${products} (owner_uid, owner_email, seller_name, name, image, brand, category, description, content,
        price, quantity, min_sell_qty, rating, sku, pack_size, max_order_qty, price_tiers, tax_rate)
      select ${owner.id}::text, ${owner.email}::text, ${owner.name}::text, v."name", v."image", v."brand", v."category", v."description", v."content",
        v."price", v."quantity", v."minSellQty", v."rating", v."sku", v."packSize", v."maxOrderQty", v."priceTiers",
        v."taxRate"
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ${productRecord}`);
  }

  /** All of a batch's updates in one statement (a row per product from a JSON recordset). */
  async function writeUpdates(tx: AppTx, owner: ImportOwner, rows: Map<string, ProductData>) {
    if (rows.size === 0) return;
    const json = JSON.stringify([...rows].map(([id, data]) => ({ id, ...data })));
    await tx.execute(sql`
      update ${products} set
        name = v."name", image = v."image", brand = v."brand", category = v."category",
        description = v."description", content = v."content", price = v."price", quantity = v."quantity",
        min_sell_qty = v."minSellQty", rating = v."rating", sku = v."sku", pack_size = v."packSize",
        max_order_qty = v."maxOrderQty", price_tiers = v."priceTiers", tax_rate = v."taxRate", updated_at = now()
      from jsonb_to_recordset(${json}::jsonb) as ${productRecord}
      where ${products.id} = v."id" and ${products.sellerId} = ${owner.id}`);
  }

  return { applyBatch };
}

export type Batches = ReturnType<typeof createBatches>;
