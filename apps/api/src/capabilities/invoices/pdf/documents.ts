import {
  formatOrderNumber,
  formatPrice,
  formatTaxRate,
  type CreditNote,
  type DocumentParty,
  type DocumentLine,
  type InvoiceSnapshot,
  type Totals,
} from '@b2b/shared';
import type { invoices, OrderLineRow, OrderRow } from '../../../db/schema.js';

type InvoiceRow = typeof invoices.$inferSelect;
import { shipToOf } from '../ship-to.js';
import { CONTENT_WIDTH, footPages, newDocument, toBuffer } from './layout.js';
import { addressBlocks, header, note, partyLines, shipToLines, table, totalsBox, type Column } from './sheet.js';

/*
 * The documents as PDFs (docs/architecture.md, "Documents"): an invoice and a credit note from
 * their snapshots alone, a packing slip from the order's own lines (no prices). Amounts go through
 * the shop's one formatter, so a document says "৳1,234.50" as the screens do.
 */

/** "27 Nov 2026": documents spell the month, so no reader mistakes the day for the month. */
const day = (iso: string | Date) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

const w = (share: number) => CONTENT_WIDTH * share;
const PRICED_COLUMNS: Column[] = [
  { label: '#', width: w(0.05) },
  { label: 'SKU', width: w(0.14) },
  { label: 'Description', width: w(0.33) },
  { label: 'Qty', width: w(0.08), align: 'right' },
  { label: 'Unit price', width: w(0.14), align: 'right' },
  { label: 'Tax', width: w(0.1), align: 'right' },
  { label: 'Net amount', width: w(0.16), align: 'right' },
];

const pricedRows = (lines: readonly DocumentLine[]) =>
  lines.map((line, i) => [
    String(i + 1),
    line.sku ?? '—',
    line.name,
    line.quantity.toLocaleString('en-US'),
    formatPrice(line.unitPrice),
    formatTaxRate(line.taxRate),
    formatPrice(line.net),
  ]);

function totalRows(totals: Totals, grossLabel: string): [string, string][] {
  return [
    ['Net total', formatPrice(totals.net)],
    ...totals.byRate.map((r): [string, string] => [
      `Tax ${formatTaxRate(r.rate)} on ${formatPrice(r.net)}`,
      formatPrice(r.tax),
    ]),
    ['Total tax', formatPrice(totals.tax)],
    [grossLabel, formatPrice(totals.gross)],
  ];
}

function orderFacts(snapshot: InvoiceSnapshot): [string, string][] {
  return [
    ['Order', snapshot.orderNumber],
    ...(snapshot.poNumber ? [['PO number', snapshot.poNumber] as [string, string]] : []),
    ['Currency', snapshot.currency],
  ];
}

export async function invoicePdf(invoice: InvoiceRow): Promise<Buffer> {
  const s = invoice.snapshot;
  const doc = newDocument(`Invoice ${invoice.number}`, invoice.issuedAt);
  let y = header(doc, {
    title: 'INVOICE',
    issuer: s.seller,
    facts: [
      ['Invoice number', invoice.number],
      ['Invoice date', day(invoice.issuedAt)],
      ...(s.paymentTerms ? [['Terms', s.paymentTerms] as [string, string]] : []),
      ...(s.dueDate ? [['Due date', day(s.dueDate)] as [string, string]] : []),
      ...orderFacts(s),
    ],
  });
  y = addressBlocks(doc, y, [
    { heading: 'Bill to', name: s.buyer.legalName, lines: partyLines(s.buyer) },
    { heading: 'Ship to', name: s.shipTo.name, lines: shipToLines(s.shipTo) },
  ]);
  y = table(doc, y, PRICED_COLUMNS, pricedRows(s.lines));
  y = totalsBox(doc, y, totalRows(s.totals, 'Total due'));
  note(doc, y, 'Payment', s.footer);
  footPages(doc, `Invoice ${invoice.number} · ${s.seller.legalName}`);
  return toBuffer(doc);
}

export async function creditNotePdf(credit: CreditNote, invoice: InvoiceRow): Promise<Buffer> {
  const s = invoice.snapshot;
  const doc = newDocument(`Credit note ${credit.number}`, new Date(credit.issuedAt));
  let y = header(doc, {
    title: 'CREDIT NOTE',
    issuer: s.seller,
    facts: [
      ['Credit note number', credit.number],
      ['Date', day(credit.issuedAt)],
      ['Credits invoice', invoice.number],
      ['Invoice date', day(invoice.issuedAt)],
      ...orderFacts(s),
    ],
  });
  y = addressBlocks(doc, y, [{ heading: 'Credit to', name: s.buyer.legalName, lines: partyLines(s.buyer) }]);
  y = note(doc, y, 'Reason', credit.reason);
  y = table(doc, y, PRICED_COLUMNS, pricedRows(credit.lines));
  totalsBox(doc, y, totalRows(credit.totals, 'Total credited'));
  footPages(doc, `Credit note ${credit.number} · ${s.seller.legalName}`);
  return toBuffer(doc);
}

const SLIP_COLUMNS: Column[] = [
  { label: '#', width: w(0.06) },
  { label: 'SKU', width: w(0.18) },
  { label: 'Description', width: w(0.44) },
  { label: 'Quantity', width: w(0.12), align: 'right' },
  { label: 'Packs', width: w(0.2), align: 'right' },
];

/** "4 × 12" for 48 units in packs of 12; "—" for a product sold by the unit. */
function packs({ quantity, packSize }: Pick<OrderLineRow, 'quantity' | 'packSize'>): string {
  return packSize > 1 ? `${(quantity / packSize).toLocaleString('en-US')} × ${packSize}` : '—';
}

/** One order's slip on its own pages of `doc`. */
function drawSlip(doc: PDFKit.PDFDocument, order: OrderRow, lines: OrderLineRow[], seller: DocumentParty) {
  const number = formatOrderNumber(order.number);
  let y = header(doc, {
    title: 'PACKING SLIP',
    issuer: seller,
    facts: [
      ['Order', number],
      ['Order date', day(order.placedAt)],
      ...(order.poNumber ? [['PO number', order.poNumber] as [string, string]] : []),
      ...(order.trackingRef ? [['Tracking', order.trackingRef] as [string, string]] : []),
      ['Units', order.units.toLocaleString('en-US')],
    ],
  });
  const shipTo = shipToOf(order);
  y = addressBlocks(doc, y, [
    { heading: 'Ship to', name: shipTo.name, lines: shipToLines(shipTo) },
    { heading: 'Buyer', name: order.companyName ?? order.buyerName, lines: [order.buyerEmail] },
  ]);
  y = table(
    doc,
    y,
    SLIP_COLUMNS,
    lines.map((line, i) => [
      String(i + 1),
      line.sku ?? '—',
      line.name,
      line.quantity.toLocaleString('en-US'),
      packs(line),
    ]),
  );
  note(doc, y, 'Note from the buyer', order.note);
}

/** Packing slips of one or more orders in one PDF, each order starting on a new page. */
export async function packingSlipsPdf(
  slips: { order: OrderRow; lines: OrderLineRow[]; seller: DocumentParty }[],
  createdAt: Date,
): Promise<Buffer> {
  const title =
    slips.length === 1
      ? `Packing slip ${formatOrderNumber(slips[0]?.order.number ?? 0)}`
      : `Packing slips (${slips.length})`;
  const doc = newDocument(title, createdAt);
  slips.forEach(({ order, lines, seller }, i) => {
    if (i > 0) doc.addPage();
    drawSlip(doc, order, lines, seller);
  });
  footPages(doc, title);
  return toBuffer(doc);
}
