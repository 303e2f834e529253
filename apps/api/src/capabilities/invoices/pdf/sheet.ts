import type { DocumentParty, ShipTo } from '@b2b/shared';
import { COLORS, CONTENT_WIDTH, PAGE, drawBlock, drawLine, lineHeight, rule, wrap, type TextStyle } from './layout.js';

/*
 * The parts every document is made of (docs/architecture.md, "Documents"): the issuer's header
 * with the document's title and facts, the two address blocks, the table of lines (its header
 * repeated on every page), the totals and the closing text.
 */

const BOTTOM = PAGE.height - PAGE.margin - 12;

export interface Column {
  label: string;
  width: number;
  align?: 'left' | 'right';
}

/** The party's lines as an address block shows them. */
export function partyLines(party: DocumentParty): string[] {
  return [party.address, party.taxId ? `Tax ID: ${party.taxId}` : '', party.email].filter(Boolean);
}

export function shipToLines(shipTo: ShipTo): string[] {
  return [
    shipTo.line1,
    shipTo.line2,
    [shipTo.postalCode, shipTo.city].filter(Boolean).join(' '),
    shipTo.country,
    shipTo.phone ? `Phone: ${shipTo.phone}` : '',
  ].filter(Boolean);
}

/** The issuer on the left, the title and the document's facts on the right; returns the y below. */
export function header(
  doc: PDFKit.PDFDocument,
  { title, issuer, facts }: { title: string; issuer: DocumentParty; facts: [string, string][] },
): number {
  const top = PAGE.margin;
  const left = CONTENT_WIDTH * 0.55;
  let y = top;
  y += drawBlock(doc, issuer.legalName, PAGE.margin, y, left - 12, { size: 13, bold: true });
  y += 2;
  for (const line of partyLines(issuer))
    y += drawBlock(doc, line, PAGE.margin, y, left - 12, { size: 8.5, color: COLORS.muted });

  const rightX = PAGE.margin + left;
  const rightWidth = CONTENT_WIDTH - left;
  drawLine(doc, title, rightX, top - 2, rightWidth, { size: 20, bold: true, color: COLORS.accent, align: 'right' });
  let ry = top + 32;
  for (const [label, value] of facts) {
    drawLine(doc, label, rightX, ry, rightWidth * 0.45, { size: 8.5, color: COLORS.muted });
    drawLine(doc, value, rightX + rightWidth * 0.45, ry, rightWidth * 0.55, { size: 8.5, bold: true, align: 'right' });
    ry += lineHeight({ size: 8.5 }) + 1;
  }
  const bottom = Math.max(y, ry) + 14;
  rule(doc, bottom, PAGE.margin, CONTENT_WIDTH, COLORS.accent);
  return bottom + 14;
}

/** Address blocks side by side ("Bill to", "Ship to"); returns the y below the tallest. */
export function addressBlocks(
  doc: PDFKit.PDFDocument,
  y: number,
  blocks: { heading: string; name: string; lines: string[] }[],
): number {
  const gap = 18;
  const width = (CONTENT_WIDTH - gap * (blocks.length - 1)) / blocks.length;
  let bottom = y;
  blocks.forEach((block, i) => {
    const x = PAGE.margin + i * (width + gap);
    let by = y;
    drawLine(doc, block.heading.toUpperCase(), x, by, width, { size: 7.5, bold: true, color: COLORS.muted });
    by += 13;
    by += drawBlock(doc, block.name, x, by, width, { size: 10, bold: true });
    for (const line of block.lines) by += drawBlock(doc, line, x, by, width, { size: 9 });
    bottom = Math.max(bottom, by);
  });
  return bottom + 18;
}

/**
 * The lines as a table: a shaded header row, then each row (its cells wrapped to their column),
 * a rule under each; a row that does not fit starts a new page, which repeats the header.
 */
export function table(doc: PDFKit.PDFDocument, startY: number, columns: Column[], rows: string[][]): number {
  const style: TextStyle = { size: 8.5 };
  const pad = 5;
  const drawHead = (y: number): number => {
    doc.rect(PAGE.margin, y, CONTENT_WIDTH, 18).fill(COLORS.band);
    let x = PAGE.margin;
    for (const column of columns) {
      drawLine(doc, column.label, x + pad, y + 5, column.width - 2 * pad, {
        size: 7.5,
        bold: true,
        color: COLORS.muted,
        align: column.align ?? 'left',
      });
      x += column.width;
    }
    return y + 18 + 4;
  };
  let y = drawHead(startY);
  for (const row of rows) {
    const cells = row.map((cell, i) => wrap(doc, cell, (columns[i]?.width ?? 0) - 2 * pad, style));
    const height = Math.max(...cells.map((lines) => lines.length)) * lineHeight(style) + 6;
    if (y + height > BOTTOM) {
      doc.addPage();
      y = drawHead(PAGE.margin);
    }
    let x = PAGE.margin;
    cells.forEach((lines, i) => {
      const column = columns[i];
      if (!column) return;
      lines.forEach((line, n) =>
        drawLine(doc, line, x + pad, y + 2 + n * lineHeight(style), column.width - 2 * pad, {
          ...style,
          align: column.align ?? 'left',
        }),
      );
      x += column.width;
    });
    y += height;
    rule(doc, y - 2);
  }
  return y + 8;
}

/** Label and amount rows at the right, the last one (the total to pay) bold above a rule. */
export function totalsBox(doc: PDFKit.PDFDocument, startY: number, rows: [string, string][]): number {
  const width = 250;
  const x = PAGE.margin + CONTENT_WIDTH - width;
  let y = startY;
  if (y + rows.length * 16 + 10 > BOTTOM) {
    doc.addPage();
    y = PAGE.margin;
  }
  rows.forEach(([label, amount], i) => {
    const last = i === rows.length - 1;
    if (last) {
      rule(doc, y, x, width, COLORS.ink);
      y += 5;
    }
    const style: TextStyle = { size: last ? 11 : 9, bold: last };
    drawLine(doc, label, x, y, width * 0.6, { ...style, color: last ? COLORS.ink : COLORS.muted });
    drawLine(doc, amount, x + width * 0.6, y, width * 0.4, { ...style, align: 'right' });
    y += lineHeight(style) + 2;
  });
  return y + 12;
}

/** A titled paragraph (payment instructions, a reason), starting a page if it does not fit. */
export function note(doc: PDFKit.PDFDocument, startY: number, heading: string, text: string): number {
  if (!text.trim()) return startY;
  const lines = wrap(doc, text, CONTENT_WIDTH, { size: 8.5 });
  let y = startY;
  if (y + 14 + lines.length * lineHeight({ size: 8.5 }) > BOTTOM) {
    doc.addPage();
    y = PAGE.margin;
  }
  drawLine(doc, heading.toUpperCase(), PAGE.margin, y, CONTENT_WIDTH, { size: 7.5, bold: true, color: COLORS.muted });
  y += 13;
  return y + drawBlock(doc, text, PAGE.margin, y, CONTENT_WIDTH, { size: 8.5 }) + 10;
}
