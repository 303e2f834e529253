import type { Readable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { type AppDb } from '../../db/client.js';
import { products, type ProductRow } from '../../db/schema.js';
import type { Seller } from '../companies/index.js';
import { exportCells } from './rows.js';
import { PRODUCT_COLUMN_TYPE } from '../catalogue/index.js';
import { IMPORT_COLUMNS, PRODUCT_FIELDS } from '@b2b/shared';

/** Columns written as numbers in a workbook: the product's numeric ones. */
const NUMERIC_COLUMNS = new Set<string>(
  PRODUCT_FIELDS.filter((field) => /^(?:integer|numeric)/.test(PRODUCT_COLUMN_TYPE[field])),
);

const productColumns = getTableColumns(products);

export function createExport(db: AppDb) {
  return {
    /** The seller's catalogue, streamed in pages of 2,000 by the owner index, as CSV or .xlsx. */
    exportCatalogue(seller: Seller, format: 'csv' | 'xlsx'): Readable {
      const pages = async function* () {
        let after: { at: string; id: string } | null = null;
        for (;;) {
          const rows: (ProductRow & { at: string })[] = await db
            .select({ ...productColumns, at: sql<string>`${products.createdAt}::text` })
            .from(products)
            .where(
              and(
                eq(products.sellerId, seller.id),
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
              NUMERIC_COLUMNS.has(IMPORT_COLUMNS[i] ?? '') && cell !== '' ? Number(cell) : cell,
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
