import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';

/*
 * Reading a spreadsheet a user uploads (quick order, catalogue import): a CSV file (UTF-8 with
 * or without a BOM; comma, semicolon or tab, detected from the first line; quoted fields with
 * delimiters and line breaks) or the first worksheet of an Excel .xlsx file. Rows are streamed,
 * never held whole, each with its number as a spreadsheet shows it (the header is row 1).
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPES = ['text/csv', 'application/csv', 'text/tab-separated-values'] as const;

export type SheetKind = 'csv' | 'xlsx';

export interface SheetRow {
  /** The row's number in the spreadsheet: the header is row 1. */
  row: number;
  cells: string[];
}

/** The kind of a file from its media type (or, for a generic one, its name), or null when it is neither. */
export function sheetKind(mediaType: string | undefined, filename = ''): SheetKind | null {
  const type = (mediaType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === XLSX_TYPE) return 'xlsx';
  if ((CSV_TYPES as readonly string[]).includes(type)) return 'csv';
  if (type === '' || type === 'application/octet-stream' || type === 'text/plain') {
    if (/\.xlsx$/i.test(filename)) return 'xlsx';
    if (/\.(csv|tsv|txt)$/i.test(filename)) return 'csv';
  }
  return null;
}

/** The delimiter of a CSV file: whichever of comma, semicolon and tab occurs most in its first line, outside quotes. */
export function detectDelimiter(firstLine: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts[ch]++;
  }
  const [best] = (Object.entries(counts) as [',' | ';' | '\t', number][]).sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

/** Reads the first bytes of a stream (up to the first line break, or 64 KiB) and gives back a stream of the whole. */
async function peekFirstLine(input: Readable): Promise<{ firstLine: string; whole: Readable }> {
  const chunks: Buffer[] = [];
  let size = 0;
  const iterator = input[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  for (;;) {
    const { value, done } = await iterator.next();
    if (done) break;
    const chunk = typeof value === 'string' ? Buffer.from(value) : value;
    chunks.push(chunk);
    size += chunk.length;
    if (chunk.includes(10) || size >= 65_536) break;
  }
  const head = Buffer.concat(chunks);
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  const firstLine = text.split(/\r?\n/)[0] ?? '';
  async function* rest() {
    yield head;
    for (;;) {
      const { value, done } = await iterator.next();
      if (done) return;
      yield value;
    }
  }
  return { firstLine, whole: Readable.from(rest()) };
}

async function* csvRows(input: Readable): AsyncGenerator<SheetRow> {
  const { firstLine, whole } = await peekFirstLine(input);
  const parser = whole.pipe(
    parse({
      bom: true,
      delimiter: detectDelimiter(firstLine),
      relax_column_count: true,
      skip_empty_lines: true,
    }),
  );
  let row = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    row++;
    yield { row, cells: record };
  }
}

type CellValue = ExcelJS.CellValue;

/** A cell as the text a spreadsheet shows: a formula's result, rich text joined, a date as ISO. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('formula' in value || 'sharedFormula' in value)
      return cellText((value as { result?: CellValue }).result ?? null);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
  }
  return '';
}

async function* xlsxRows(input: Readable): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const worksheet of reader) {
    for await (const row of worksheet as unknown as AsyncIterable<ExcelJS.Row>) {
      // row.values is 1-based: index 0 is always empty.
      const values = (row.values as CellValue[]).slice(1);
      const cells = Array.from({ length: values.length }, (_, i) => cellText(values[i] ?? null));
      if (cells.every((cell) => cell.trim() === '')) continue;
      yield { row: row.number, cells };
    }
    // Only the first worksheet.
    break;
  }
}

/** Every non-empty row of the file, streamed, with its spreadsheet row number. */
export function readRows(input: Readable, kind: SheetKind): AsyncGenerator<SheetRow> {
  return kind === 'xlsx' ? xlsxRows(input) : csvRows(input);
}

/** A header cell as a column key: lower-cased, without spaces, underscores or hyphens ("Min Sell Qty" → minsellqty). */
export const headerKey = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
