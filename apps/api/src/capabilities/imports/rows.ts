import {
  formatPriceTiers,
  IMPORT_COLUMNS,
  neutraliseCell,
  parsePriceTiers,
  productCreateSchema,
  restoreCell,
  type ImportColumn,
  type ProductData,
} from '@b2b/shared';
import { headerKey } from '../../lib/spreadsheet.js';

/*
 * One row of an import file, read the way the product form reads its fields: the same shared
 * schema decides, with the same messages. A row names the product it updates by `id`, else by
 * `sku`, else it creates one (docs/architecture.md, "Catalogue import and export").
 */

/** The columns an import found in its header: the index of each known column, and the unknown ones. */
export interface ColumnMap {
  index: Partial<Record<ImportColumn, number>>;
  ignored: string[];
}

const KEYS = new Map(IMPORT_COLUMNS.map((column) => [headerKey(column), column]));

export function mapColumns(header: readonly string[]): ColumnMap {
  const index: Partial<Record<ImportColumn, number>> = {};
  const ignored: string[] = [];
  header.forEach((cell, i) => {
    const column = KEYS.get(headerKey(cell));
    if (column && index[column] === undefined) index[column] = i;
    else if (cell.trim() !== '') ignored.push(cell.trim());
  });
  return { index, ignored };
}

/** Why a file cannot be imported at all, or null when its header has what a row needs. */
export function headerProblem(columns: ColumnMap): string | null {
  const { index } = columns;
  if (index.id === undefined && index.sku === undefined && index.name === undefined) {
    return 'The first row must name the columns (id, sku, name, category, price, …): none of id, sku or name was found.';
  }
  return null;
}

export interface CellError {
  column: string;
  message: string;
}

/** The fields a row sets: each present column's value (an empty optional cell clears it). */
export type RowFields = Partial<ProductData>;

export interface ReadRow {
  /** The `id` cell, when it holds one. */
  id: string | null;
  /** The `sku` cell (trimmed), when it holds one. */
  sku: string | null;
  fields: RowFields;
  errors: CellError[];
}

/** Columns whose empty cell means "keep the product's value" on an update (the form requires them on Add). */
const KEPT_WHEN_EMPTY = new Set<ImportColumn>(['name', 'category', 'price', 'quantity', 'minSellQty', 'packSize']);

const NUMBER_COLUMNS = new Set<ImportColumn>([
  'price',
  'quantity',
  'minSellQty',
  'packSize',
  'maxOrderQty',
  'rating',
  'taxRate',
]);

/** A number cell: the text a spreadsheet shows ("1,200.50" with thousands separators accepted). */
function numberOf(text: string): number | null {
  const clean = text.trim().replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(clean)) return null;
  return Number(clean);
}

/** Reads a row's cells into the fields it sets, with a message per cell that is not even of the right kind. */
export function readRow(cells: readonly string[], { index }: ColumnMap): ReadRow {
  const cell = (column: ImportColumn) => {
    const i = index[column];
    return i === undefined ? undefined : restoreCell(cells[i] ?? '').trim();
  };
  const errors: CellError[] = [];
  const fields: Record<string, unknown> = {};
  for (const column of IMPORT_COLUMNS) {
    if (column === 'id') continue;
    const text = cell(column);
    if (text === undefined) continue;
    if (text === '' && KEPT_WHEN_EMPTY.has(column)) continue;
    if (column === 'priceTiers') {
      const parsed = parsePriceTiers(text);
      if ('error' in parsed) errors.push({ column, message: parsed.error });
      else fields.priceTiers = parsed.tiers;
    } else if (NUMBER_COLUMNS.has(column)) {
      if (text === '') fields[column] = null;
      else {
        // A tax rate may be written as a spreadsheet shows a percentage: "15%".
        const n = numberOf(column === 'taxRate' ? text.replace(/\s*%$/, '') : text);
        if (n === null) errors.push({ column, message: `“${text}” is not a number.` });
        else fields[column] = n;
      }
    } else if (column === 'sku') {
      fields.sku = text === '' ? null : text;
    } else {
      fields[column] = text;
    }
  }
  const id = cell('id') || null;
  if (id !== null && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
    errors.push({ column: 'id', message: `“${id}” is not a product id (leave it empty to create a product).` });
  }
  const sku = typeof fields.sku === 'string' ? fields.sku : null;
  return { id: id?.toLowerCase() ?? null, sku, fields: fields as RowFields, errors };
}

/** Columns a new product needs, with the form's own message. */
const REQUIRED_ON_CREATE: [ImportColumn, string][] = [
  ['name', 'Name is required.'],
  ['category', 'Please choose a category.'],
  ['price', 'Price is required.'],
  ['quantity', 'Quantity is required.'],
  ['minSellQty', 'Min sell quantity is required.'],
];

/** The column a schema issue is about ('priceTiers.1.price' → priceTiers). */
const columnOf = (path: readonly PropertyKey[]) => String(path[0] ?? 'row');

/**
 * The product a row leaves: `base` (the stored product for an update, nothing for a create)
 * with the row's fields on top, checked by the shared schema with its rules across fields.
 */
export function judgeRow(
  fields: RowFields,
  base: ProductData | null,
): { ok: true; data: ProductData } | { ok: false; errors: CellError[] } {
  const errors: CellError[] = [];
  if (!base) {
    for (const [column, message] of REQUIRED_ON_CREATE) {
      if (fields[column as keyof RowFields] === undefined || fields[column as keyof RowFields] === null) {
        errors.push({ column, message });
      }
    }
  }
  const input: Record<string, unknown> = { ...(base ?? {}) };
  for (const [key, value] of Object.entries(fields)) {
    // An emptied optional text clears it; an emptied rating or maximum is "none" (null).
    input[key] = value;
  }
  if (input.packSize === null) input.packSize = 1;
  const parsed = productCreateSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = columnOf(issue.path);
      if (!errors.some((e) => e.column === column)) errors.push({ column, message: issue.message });
    }
  }
  if (errors.length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, data: parsed.data };
}

/** Whether `next` would change anything of `current` (numbers and ladders compared by value). */
export function sameProduct(current: ProductData, next: ProductData): boolean {
  for (const key of Object.keys(next) as (keyof ProductData)[]) {
    const a = current[key];
    const b = next[key];
    if (key === 'priceTiers') {
      // jsonb keeps an object's keys in its own order: compare the rows, not their text.
      const rows = (tiers: unknown) =>
        ((tiers ?? []) as { minQty: number; price: number }[]).map((t) => [t.minQty, t.price]);
      if (JSON.stringify(rows(a)) !== JSON.stringify(rows(b))) return false;
    } else if (a !== b) return false;
  }
  return true;
}

/**
 * A product as the cells of an export row, in IMPORT_COLUMNS order: what `readRow` reads back
 * unchanged (prices with two decimals, the ladder as `50:9.20|200:8.50`, "none" as an empty
 * cell, text neutralised against formulas). Without an id the `id` cell is empty (a new product).
 */
export function exportCells(product: ProductData & { id?: string }): string[] {
  return IMPORT_COLUMNS.map((column) => {
    switch (column) {
      case 'id':
        return product.id ?? '';
      case 'priceTiers':
        return formatPriceTiers(product.priceTiers);
      case 'price':
        return product.price.toFixed(2);
      case 'rating':
      case 'maxOrderQty':
      case 'taxRate':
        return product[column] === null ? '' : String(product[column]);
      case 'quantity':
      case 'minSellQty':
      case 'packSize':
        return String(product[column]);
      default:
        return neutraliseCell(product[column] ?? '');
    }
  });
}
