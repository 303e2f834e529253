import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

/*
 * Drawing text on a document page (docs/architecture.md, "Documents"). pdfkit draws one font at a
 * time and has no fallback, so text is cut into runs by script: Bengali (names, addresses, the
 * taka sign ৳) in Noto Sans Bengali, everything else in Noto Sans (Latin, €, £, ₹). Both ship
 * beside this file (OFL.txt). A Bengali run is wrapped in an ActualText span, so a reader that
 * honours it (Acrobat, poppler) copies the words in their logical order, not the shaped glyphs'.
 * Lines are wrapped and aligned here, word by word, so mixed-script text measures right.
 */

const FONT_DIR = join(import.meta.dirname, 'fonts');
const FONT_FILES = {
  latin: 'NotoSans-Regular.ttf',
  latinBold: 'NotoSans-Bold.ttf',
  bengali: 'NotoSansBengali-Regular.ttf',
  bengaliBold: 'NotoSansBengali-Bold.ttf',
} as const;
type FontName = keyof typeof FONT_FILES;
/**
 * Parsed once per process and shared by every document, which embeds the subset it uses: pdfkit
 * would parse a file handed to it again for each document, and that parsing (the glyph and layout
 * tables) was most of a render's time (docs/benchmarks.md, "Invoice PDFs").
 */
const FONTS = Object.fromEntries(
  Object.entries(FONT_FILES).map(([name, file]) => [name, fontkit.create(readFileSync(join(FONT_DIR, file)))]),
) as Record<FontName, fontkit.Font>;

export const PAGE = { width: 595.28, height: 841.89, margin: 48 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const COLORS = {
  ink: '#1f2937',
  muted: '#6b7280',
  rule: '#d1d5db',
  band: '#f3f4f6',
  accent: '#1e3a8a',
} as const;

export interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'right' | 'center';
}

export function newDocument(title: string, createdAt: Date): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    // The snapshot's date, so the same document renders to the same bytes every time.
    info: { Title: title, Producer: 'B2B Wholesale', Creator: 'B2B Wholesale', CreationDate: createdAt },
  });
  // pdfkit takes a fontkit font as it is (its types know only files and bytes).
  for (const name of Object.keys(FONTS) as FontName[]) doc.registerFont(name, FONTS[name] as unknown as Buffer);
  return doc;
}

/** Noto Sans's ascender, in ems. */
const LATIN_ASCENT = 1.069;

const BENGALI = /[\u0980-\u09FF\u200C\u200D]/;

/** The text cut where the script changes. */
function runsOf(text: string): { text: string; bengali: boolean }[] {
  const runs: { text: string; bengali: boolean }[] = [];
  for (const char of text) {
    // A space or punctuation joins the run it is in.
    const bengali = BENGALI.test(char) || (/[\s.,\-()/]/.test(char) && (runs.at(-1)?.bengali ?? false));
    const last = runs.at(-1);
    if (last && last.bengali === bengali) last.text += char;
    else runs.push({ text: char, bengali });
  }
  return runs;
}

function fontFor(bengali: boolean, bold: boolean): FontName {
  if (bengali) return bold ? 'bengaliBold' : 'bengali';
  return bold ? 'latinBold' : 'latin';
}

export function widthOf(doc: PDFKit.PDFDocument, text: string, style: TextStyle = {}): number {
  return runsOf(text).reduce(
    (sum, run) =>
      sum +
      doc
        .font(fontFor(run.bengali, style.bold ?? false))
        .fontSize(style.size ?? 9)
        .widthOfString(run.text),
    0,
  );
}

export const lineHeight = (style: TextStyle = {}) => (style.size ?? 9) * 1.45;

/** One line of text at (x, y), aligned within `width`; never wrapped. */
export function drawLine(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle = {},
) {
  const size = style.size ?? 9;
  const total = widthOf(doc, text, style);
  let cx = style.align === 'right' ? x + width - total : style.align === 'center' ? x + (width - total) / 2 : x;
  doc.fillColor(style.color ?? COLORS.ink);
  for (const run of runsOf(text)) {
    doc.font(fontFor(run.bengali, style.bold ?? false)).fontSize(size);
    if (run.bengali) doc.markContent('Span', { actual: run.text });
    // On one baseline (Noto Sans's ascent below the line's top): the Bengali face's taller ascent would lift its runs.
    doc.text(run.text, cx, y + size * LATIN_ASCENT, { lineBreak: false, baseline: 'alphabetic' });
    if (run.bengali) doc.endMarkedContent();
    cx += doc.widthOfString(run.text);
  }
}

/** Text wrapped at word boundaries to `width` (each '\n' starts a line; a word too long is cut). */
export function wrap(doc: PDFKit.PDFDocument, text: string, width: number, style: TextStyle = {}): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (widthOf(doc, candidate, style) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (widthOf(doc, line, style) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && widthOf(doc, line.slice(0, cut), style) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Wrapped text from (x, y); returns the height it took. */
export function drawBlock(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle = {},
) {
  const lines = wrap(doc, text, width, style);
  lines.forEach((line, i) => drawLine(doc, line, x, y + i * lineHeight(style), width, style));
  return lines.length * lineHeight(style);
}

export function rule(
  doc: PDFKit.PDFDocument,
  y: number,
  x: number = PAGE.margin,
  width: number = CONTENT_WIDTH,
  color: string = COLORS.rule,
) {
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.6)
    .strokeColor(color)
    .stroke();
}

/** "Page 1 of 3" and the document's number at the foot of every page. */
export function footPages(doc: PDFKit.PDFDocument, label: string) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const y = PAGE.height - PAGE.margin + 14;
    drawLine(doc, label, PAGE.margin, y, CONTENT_WIDTH / 2, { size: 7.5, color: COLORS.muted });
    drawLine(doc, `Page ${i - start + 1} of ${count}`, PAGE.margin + CONTENT_WIDTH / 2, y, CONTENT_WIDTH / 2, {
      size: 7.5,
      color: COLORS.muted,
      align: 'right',
    });
  }
}

/** The finished document's bytes. */
export function toBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
