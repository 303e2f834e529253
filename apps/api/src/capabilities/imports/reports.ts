import type { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, asc, desc, eq } from 'drizzle-orm';
import { neutraliseCell, type ImportRowError, type ImportStatus } from '@b2b/shared';
import { type AppDb } from '../../db/client.js';
import { importErrors, imports, type ImportRow } from '../../db/schema.js';
import type { Seller } from '../companies/index.js';
import { toImportStatus } from './import-status.js';

/* What an import reports: its status, the seller's recent imports, its failed rows (also as a CSV to fix). */

export function createReports(db: AppDb) {
  /** The caller's business's import, or null (another seller's import is as absent as a missing one). */
  async function own(id: string, seller: Seller): Promise<ImportRow | undefined> {
    const [row] = await db
      .select()
      .from(imports)
      .where(and(eq(imports.id, id), eq(imports.sellerId, seller.id)));
    return row;
  }

  return {
    async status(id: string, seller: Seller): Promise<ImportStatus | null> {
      const row = await own(id, seller);
      return row ? toImportStatus(row) : null;
    },

    async recent(seller: Seller): Promise<ImportStatus[]> {
      const rows = await db
        .select()
        .from(imports)
        .where(eq(imports.sellerId, seller.id))
        .orderBy(desc(imports.createdAt))
        .limit(20);
      return rows.map(toImportStatus);
    },

    async errors(id: string, seller: Seller): Promise<ImportRowError[] | null> {
      if (!(await own(id, seller))) return null;
      return db
        .select({ row: importErrors.row, column: importErrors.column, message: importErrors.message })
        .from(importErrors)
        .where(eq(importErrors.importId, id))
        .orderBy(asc(importErrors.row), asc(importErrors.column));
    },

    /** The failed rows as they were in the file, with an `error` column: ready to fix and upload again. */
    async errorsCsv(id: string, seller: Seller): Promise<Readable | null> {
      const imp = await own(id, seller);
      if (!imp) return null;
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
  };
}
