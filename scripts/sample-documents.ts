import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  lineAmount,
  setShopCurrency,
  taxOf,
  totalsOf,
  type CreditNote,
  type DocumentLine,
  type InvoiceSnapshot,
} from '@b2b/shared';
import { creditNotePdf, invoicePdf, packingSlipsPdf } from '../apps/api/src/capabilities/invoices/pdf/documents.js';
import type { invoices, OrderLineRow, OrderRow } from '../apps/api/src/db/schema.js';
import { repoRoot } from './lib/env-file.js';

/*
 * `npm run documents:sample`: an invoice (28 lines over two pages, a Bengali buyer, in taka), a
 * credit note and a packing slip, rendered by the API's own renderer (apps/api/src/capabilities/
 * invoices/pdf) from sample data, into docs/documents as PDFs and, where poppler's `pdftoppm` is
 * installed (Debian: poppler-utils), as PNG pages: the pictures of the documents the docs show.
 */

const out = join(repoRoot, 'docs', 'documents');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
setShopCurrency('BDT');

const PRODUCTS = [
  ['Stainless steel frying pan 28 cm with glass lid', 1250, 4, 15, 1],
  ['চায়ের কাপ (সিরামিক)', 89.9, 120, 7.5, 12],
  ['Loose Assam tea, 500 g', 310.5, 36, 5, 6],
  ['Chef knife 20 cm', 1799, 6, 15, 1],
  ['Cutting board, bamboo', 455, 24, 0, 4],
] as const;
const lines: DocumentLine[] = Array.from({ length: 28 }, (_, i) => {
  const [name, unitPrice, quantity, taxRate] = PRODUCTS[i % PRODUCTS.length] ?? PRODUCTS[0];
  const net = lineAmount(unitPrice, quantity);
  const productId = `00000000-0000-4000-8000-0000000000${String(i % PRODUCTS.length).padStart(2, '0')}`;
  return {
    position: i + 1,
    productId,
    sku: `SKU-${1000 + i}`,
    name,
    quantity,
    unitPrice,
    taxRate,
    net,
    tax: taxOf(net, taxRate),
  };
});
const totals = (of: DocumentLine[]) => totalsOf(of.map((l) => ({ lineTotal: l.net, taxRate: l.taxRate })));
const shipTo = {
  name: 'Receiving dock, Gate 2',
  line1: '44 Tejgaon Industrial Area',
  line2: '',
  city: 'Dhaka',
  postalCode: '1208',
  country: 'Bangladesh',
  phone: '+880 2 555 0101',
};
const snapshot: InvoiceSnapshot = {
  currency: 'BDT',
  orderNumber: 'B2B-000317',
  poNumber: 'PO-2026-118',
  placedAt: '2026-11-27T09:00:00.000Z',
  seller: {
    legalName: 'Rahman Cookware Ltd.',
    address: '12 Agrabad Commercial Area\nChattogram 4100, Bangladesh',
    taxId: 'BIN 000123456-0101',
    email: 'sales@rahman-cookware.example',
  },
  buyer: {
    legalName: 'রহমান ট্রেডার্স লিমিটেড',
    address: 'House 14, Road 7, Dhanmondi\nDhaka 1205, Bangladesh',
    taxId: 'BIN 987654321-0202',
    email: 'accounts@rahman-traders.example',
  },
  shipTo,
  lines,
  totals: totals(lines),
  footer:
    'Please pay within 30 days to Dutch-Bangla Bank Ltd., Agrabad branch, account 123.456.789, quoting the invoice number.',
  paymentTerms: null,
  dueDate: null,
};
const invoice = {
  id: '00000000-0000-4000-8000-00000000e001',
  orderId: '00000000-0000-4000-8000-00000000d001',
  number: 'INV-2026-000042',
  issuedAt: new Date('2026-11-29T10:00:00Z'),
  snapshot,
} as typeof invoices.$inferSelect;
const credited = lines
  .slice(0, 2)
  .map((l) => ({ ...l, quantity: 1, net: l.unitPrice, tax: taxOf(l.unitPrice, l.taxRate) }));
const credit: CreditNote = {
  _id: '00000000-0000-4000-8000-00000000c001',
  number: 'CN-2026-000007',
  issuedAt: '2026-11-30T10:00:00.000Z',
  reason: 'Two items arrived damaged (returned; photographs on file).',
  totals: totals(credited),
  invoiceId: invoice.id,
  invoiceNumber: invoice.number,
  orderId: invoice.orderId,
  orderNumber: snapshot.orderNumber,
  lines: credited,
};
const order = {
  number: 317,
  placedAt: new Date(snapshot.placedAt),
  poNumber: snapshot.poNumber,
  trackingRef: 'DHL 1234 5678',
  units: 190,
  shipName: shipTo.name,
  shipLine1: shipTo.line1,
  shipLine2: shipTo.line2,
  shipCity: shipTo.city,
  shipPostalCode: shipTo.postalCode,
  shipCountry: shipTo.country,
  shipPhone: shipTo.phone,
  companyName: 'রহমান ট্রেডার্স লিমিটেড',
  buyerName: 'Karim',
  buyerEmail: 'karim@rahman-traders.example',
  sellerEmail: snapshot.seller.email,
  note: 'Deliver before noon, please.',
} as OrderRow;
const orderLines = PRODUCTS.map(([name, price, quantity, taxRate, packSize], i) => ({
  ...lines[i],
  price,
  quantity,
  taxRate,
  packSize,
  name,
})) as unknown as OrderLineRow[];

const documents: [string, Buffer][] = [
  ['invoice', await invoicePdf(invoice)],
  ['credit-note', await creditNotePdf(credit, invoice)],
  ['packing-slip', await packingSlipsPdf([{ order, lines: orderLines, seller: snapshot.seller }], invoice.issuedAt)],
];
for (const [name, pdf] of documents) {
  const file = join(out, `${name}.pdf`);
  writeFileSync(file, pdf);
  const png = spawnSync('pdftoppm', ['-png', '-r', '90', file, join(out, name)], { stdio: 'inherit' });
  console.log(png.error ? `${file} (no pdftoppm: no PNG)` : `${file} and its pages as PNG`);
}
