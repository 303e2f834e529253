/** One row of the quick order grid: the text as typed, so a line that is not a number can be explained. */
export type DraftLine = { sku: string; quantity: string; sellerEmail?: string };

const HEADER_WORDS = new Set(['sku', 'item', 'part', 'partnumber', 'article', 'code']);

const cellsOf = (line: string): string[] => {
  // A spreadsheet pastes tabs; a CSV commas or semicolons; a person spaces.
  const separator = line.includes('\t') ? '\t' : line.includes(';') ? ';' : line.includes(',') ? ',' : /\s+/;
  return line
    .split(separator)
    .map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'))
    .filter((cell, index) => index < 2 || cell !== '');
};

const isHeader = (cells: string[]) => {
  const first = (cells[0] ?? '').toLowerCase().replace(/[^a-z]/g, '');
  return HEADER_WORDS.has(first) && !/^\d+$/.test(cells[1] ?? '');
};

/**
 * Lines pasted from a spreadsheet or typed: `SKU quantity [seller]`, separated by a tab, comma,
 * semicolon or spaces. Blank lines are dropped; a first line naming its columns ("SKU  Qty") is a
 * header and skipped. The quantity stays text: the server explains one that is not a number.
 */
export function parsePastedLines(text: string): DraftLine[] {
  const rows = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map(cellsOf);
  if (rows[0] && isHeader(rows[0])) rows.shift();
  return rows.map(([sku = '', quantity = '', seller = '']) => ({
    sku,
    quantity,
    ...(seller.includes('@') ? { sellerEmail: seller } : {}),
  }));
}

/** A grid row with nothing in it is not sent. */
export const isBlank = (line: DraftLine) => line.sku.trim() === '' && line.quantity.trim() === '';
