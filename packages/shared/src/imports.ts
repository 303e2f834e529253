import { z } from 'zod';
import type { PriceTier } from './trade-rules.js';

/*
 * The catalogue as a spreadsheet (docs/architecture.md, "Catalogue import and export"): the
 * columns a seller's file has, how a price ladder is written in one cell, and what an import
 * reports. The rows themselves pass the product schema of the API, unchanged.
 */

/** Every column of an import or export, in the export's order. Headers match case-insensitively. */
export const IMPORT_COLUMNS = [
  'id',
  'sku',
  'name',
  'category',
  'price',
  'quantity',
  'minSellQty',
  'packSize',
  'maxOrderQty',
  'priceTiers',
  'taxRate',
  'brand',
  'image',
  'description',
  'content',
  'rating',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** A price ladder in one cell: `50:9.20|200:8.50` (from 50 units 9.20 each, from 200 8.50). */
export function formatPriceTiers(tiers: readonly PriceTier[]): string {
  return tiers.map((tier) => `${tier.minQty}:${tier.price.toFixed(2)}`).join('|');
}

/** The ladder of a cell, or a sentence saying what is wrong with it. */
export function parsePriceTiers(cell: string): { tiers: PriceTier[] } | { error: string } {
  const text = cell.trim();
  if (text === '') return { tiers: [] };
  const tiers: PriceTier[] = [];
  for (const [index, part] of text.split('|').entries()) {
    const match = /^\s*(\d+)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(part);
    if (!match) {
      return { error: `Tier ${index + 1} (“${part.trim()}”) is not quantity:price, as in 50:9.20|200:8.50.` };
    }
    tiers.push({ minQty: Number(match[1]), price: Number(match[2]) });
  }
  return { tiers };
}

/**
 * OWASP CSV injection: a cell that a spreadsheet would run as a formula (it starts with `=`,
 * `+`, `-`, `@`, a tab or a carriage return) is written with a leading apostrophe, which
 * spreadsheets show as text; the import takes the apostrophe off again, so a file exported and
 * imported unchanged changes nothing.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
export function restoreCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const importStatusSchema = z.object({
  importId: z.uuid(),
  status: z.enum(IMPORT_STATUSES),
  dryRun: z.boolean(),
  /** Data rows in the file (the header not counted); known once the file is read. */
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  /** Columns of the file that are not import columns: reported, ignored. */
  ignoredColumns: z.array(z.string()),
  /** Why a whole import failed (a file that cannot be read, a header without the needed columns). */
  error: z.string().nullable(),
  fileName: z.string(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});
export type ImportStatus = z.output<typeof importStatusSchema>;

export const importRowErrorSchema = z.object({
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type ImportRowError = z.output<typeof importRowErrorSchema>;

export const importQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false.' })
    .default('false')
    .transform((value) => value === 'true'),
});

export const exportQuerySchema = z.object({
  format: z.enum(['csv', 'xlsx'], { error: 'format must be csv or xlsx.' }).default('csv'),
});

/** The largest import file unless IMPORT_MAX_BYTES says otherwise. */
export const DEFAULT_IMPORT_MAX_BYTES = 200 * 1024 * 1024;
