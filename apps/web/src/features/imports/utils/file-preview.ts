import { IMPORT_COLUMNS, type ImportColumn } from '@b2b/shared';

/*
 * What the page can tell about a file before it is sent: its kind from its name, and for a CSV
 * the header and first rows, read from the file's first 64 KiB in the browser. The server reads
 * the file the same way (apps/api/src/lib/spreadsheet.ts: delimiter from the first line, quotes,
 * BOM; headers matched as in apps/api/src/imports/rows.ts). An .xlsx is zipped XML: reading it
 * here would need a heavy library, so its columns are checked by the dry run instead.
 */

export type FileKind = 'csv' | 'xlsx';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** What the file picker offers. */
export const IMPORT_ACCEPT = `.csv,.tsv,.txt,.xlsx,text/csv,${XLSX_TYPE}`;

export function fileKind(name: string): FileKind | null {
  if (/\.xlsx$/i.test(name)) return 'xlsx';
  if (/\.(csv|tsv|txt)$/i.test(name)) return 'csv';
  return null;
}

export type Delimiter = ',' | ';' | '\t';

/** Whichever of comma, semicolon and tab occurs most in the first line, outside quotes. */
export function detectDelimiter(firstLine: string): Delimiter {
  const counts: Record<Delimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts[ch]++;
  }
  const [best] = (Object.entries(counts) as [Delimiter, number][]).sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

/**
 * The first `maxRows` records of CSV text (quoted fields may hold delimiters, quotes written
 * twice and line breaks). With `complete` false the text was cut off, so a last record without
 * its line break may be partial and is left out.
 */
export function parseCsv(text: string, delimiter: Delimiter, maxRows: number, complete = true): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(cell);
    rows.push(row);
    row = [];
    cell = '';
  };
  while (i < text.length && rows.length < maxRows) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else cell += ch;
    i++;
  }
  if (rows.length < maxRows && complete && (cell !== '' || row.length > 0)) endRow();
  // Blank lines are no rows, as for the server's parser.
  return rows.filter((r) => r.length > 1 || (r[0] ?? '') !== '');
}

const headerKey = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
const KEYS = new Map<string, ImportColumn>(IMPORT_COLUMNS.map((column) => [headerKey(column), column]));

export type PreviewColumn = { header: string; column: ImportColumn | null };

export type CsvPreview = {
  delimiter: Delimiter;
  columns: PreviewColumn[];
  rows: string[][];
  /** Headers that are no import column: the import reports and ignores them. */
  unknown: string[];
  /** Why the import would refuse the whole file, as the server words it; null when the header will do. */
  problem: string | null;
};

const PREVIEW_BYTES = 64 * 1024;

/** The header and first `rows` data rows of a CSV text. */
export function previewCsvText(text: string, rows = 5, complete = true): CsvPreview {
  const body = text.replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(body.split(/\r?\n/, 1)[0] ?? '');
  const [header = [], ...data] = parseCsv(body, delimiter, rows + 1, complete);
  const seen = new Set<ImportColumn>();
  const columns = header.map((cell): PreviewColumn => {
    const column = KEYS.get(headerKey(cell)) ?? null;
    // A column named twice is read from its first place; the second is ignored.
    if (column && !seen.has(column)) {
      seen.add(column);
      return { header: cell.trim(), column };
    }
    return { header: cell.trim(), column: null };
  });
  const unknown = columns.filter((c) => c.column === null && c.header !== '').map((c) => c.header);
  const problem =
    seen.has('id') || seen.has('sku') || seen.has('name')
      ? null
      : 'The first row must name the columns (id, sku, name, category, price, …): none of id, sku or name was found.';
  return { delimiter, columns, rows: data, unknown, problem };
}

/** Reads the start of a CSV file and previews it. */
export async function previewCsvFile(file: Blob, rows = 5): Promise<CsvPreview> {
  const text = await file.slice(0, PREVIEW_BYTES).text();
  return previewCsvText(text, rows, file.size <= PREVIEW_BYTES);
}

export const DELIMITER_NAMES: Record<Delimiter, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };
