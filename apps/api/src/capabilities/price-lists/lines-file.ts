import { and, count, eq, inArray, sql } from 'drizzle-orm';
import {
  contractTierIssues,
  formatPriceTiers,
  neutraliseCell,
  parsePriceTiers,
  PRICE_LIST_LIMITS,
  restoreCell,
  type PriceList,
  type PriceListLinesImport,
} from '@b2b/shared';
import type { AppTx } from '../../db/client.js';
import { priceListLines, priceLists, products, skuKey } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { headerKey, type SheetRow } from '../../lib/spreadsheet.js';
import type { Seller } from '../companies/index.js';

/* A price list's lines as a file: read through the import pipeline's reader, written as CSV. */

const invalid = (message: string) => new AppError('VALIDATION_ERROR', message);

/** A change of a list's lines or customers is a change of the list: its updatedAt moves. */
export const touch = (tx: AppTx, id: string) =>
  tx
    .update(priceLists)
    .set({ updatedAt: sql`now()` })
    .where(eq(priceLists.id, id));

/** The columns of a price list's file: the first three are read back; the others name the product. */
export const LINE_COLUMNS = ['sku', 'price', 'tiers', 'productId', 'name'] as const;

/** A file's rows as lines (`sku`, `price`, `tiers`, or `productId`), numbered as a spreadsheet shows them. */
export async function linesFromSheet(rows: AsyncGenerator<SheetRow>): Promise<PriceListLinesImport> {
  const out: PriceListLinesImport['rows'] = [];
  let columns: Record<string, number> = { sku: 0, price: 1, tiers: 2, productid: 3 };
  let first = true;
  for await (const { cells, row } of rows) {
    if (first) {
      first = false;
      const keys = cells.map(headerKey);
      if (keys.includes('price')) {
        columns = Object.fromEntries(['sku', 'price', 'tiers', 'productid'].map((k) => [k, keys.indexOf(k)]));
        continue;
      }
    }
    const cell = (key: string) => {
      const i = columns[key] ?? -1;
      return i < 0 ? '' : restoreCell(cells[i] ?? '').trim();
    };
    if (cells.every((c) => c.trim() === '')) continue;
    out.push({ row, sku: cell('sku'), price: cell('price'), tiers: cell('tiers'), productId: cell('productid') });
    if (out.length > PRICE_LIST_LIMITS.lines) break;
  }
  return { rows: out };
}

/** The list's lines as CSV rows (`sku,price,tiers,productId,name`), text neutralised against formulas. */
export function exportRows(list: PriceList): string[][] {
  return [
    [...LINE_COLUMNS],
    ...list.lines.map((line) => [
      neutraliseCell(line.sku ?? ''),
      line.price.toFixed(2),
      formatPriceTiers(line.tiers),
      line.productId,
      neutraliseCell(line.name),
    ]),
  ];
}

/**
 * Sets the seller's list `id` (locked by the caller) from a file's rows (`sku,price,tiers`, or
 * `productId` for a product without a SKU): every valid row, each invalid one reported by its row
 * number, nothing written for it.
 */
export async function importRows(tx: AppTx, seller: Seller, id: string, file: PriceListLinesImport) {
  const failed: { row: number; message: string }[] = [];
  const wanted = file.rows.filter((r) => r.sku !== '').map((r) => r.sku.toLowerCase());
  const bySku = new Map<string, string>();
  if (wanted.length > 0) {
    const found = await tx
      .select({ id: products.id, key: sql<string>`${skuKey(products.sku)}` })
      .from(products)
      .where(and(eq(products.sellerId, seller.id), inArray(skuKey(products.sku), [...new Set(wanted)])));
    for (const row of found) bySku.set(row.key, row.id);
  }
  const ids = file.rows.filter((r) => r.sku === '' && r.productId !== '').map((r) => r.productId);
  const own = new Set<string>();
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (ids.length > 0) {
    const found = await tx
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.sellerId, seller.id),
          inArray(
            products.id,
            ids.filter((v) => uuid.test(v)),
          ),
        ),
      );
    for (const row of found) own.add(row.id);
  }
  const lines = new Map<string, { price: number; tiers: { minQty: number; price: number }[] }>();
  for (const r of file.rows) {
    const fail = (message: string) => failed.push({ row: r.row, message });
    const productId = r.sku !== '' ? bySku.get(r.sku.toLowerCase()) : own.has(r.productId) ? r.productId : undefined;
    if (!productId) {
      fail(r.sku !== '' ? `You sell no product with the SKU ${r.sku}.` : 'Give the SKU of one of your products.');
      continue;
    }
    const price = Number(r.price.replace(',', '.'));
    if (r.price.trim() === '' || !Number.isFinite(price) || price < 0 || Math.round(price * 100) / 100 !== price) {
      fail(`“${r.price}” is not a price (a number with at most 2 decimals).`);
      continue;
    }
    const parsed = parsePriceTiers(r.tiers);
    if ('error' in parsed) {
      fail(parsed.error);
      continue;
    }
    const issue = contractTierIssues({ price, tiers: parsed.tiers })[0];
    if (issue) {
      fail(issue.message);
      continue;
    }
    lines.set(productId, { price, tiers: parsed.tiers });
  }
  const [{ lines: existing } = { lines: 0 }] = await tx
    .select({ lines: count() })
    .from(priceListLines)
    .where(
      and(
        eq(priceListLines.priceListId, id),
        lines.size > 0 ? sql`${priceListLines.productId} <> all(${sql.param([...lines.keys()])}::uuid[])` : undefined,
      ),
    );
  if (existing + lines.size > PRICE_LIST_LIMITS.lines) {
    throw invalid(`A price list holds at most ${PRICE_LIST_LIMITS.lines.toLocaleString('en-US')} products.`);
  }
  const values = [...lines].map(([productId, line]) => ({ priceListId: id, productId, ...line }));
  for (let i = 0; i < values.length; i += 1000) {
    await tx
      .insert(priceListLines)
      .values(values.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [priceListLines.priceListId, priceListLines.productId],
        set: { price: sql`excluded.price`, tiers: sql`excluded.tiers` },
      });
  }
  if (values.length > 0) await touch(tx, id);
  return { updated: values.length, failed };
}
