import { z } from 'zod';
import { shipToSchema, totalsSchema } from './orders.js';
import { boundedText, pageQuerySchema } from './schemas.js';

/*
 * Invoices, credit notes and packing slips (docs/architecture.md, "Documents"). An invoice is a
 * snapshot taken when it is issued: both parties' billing details, the ship-to, each line's
 * price, rate and amounts, the totals. Nothing that changes later (a product's name or price, an
 * address) touches it, and its PDF is rendered from the snapshot alone.
 */

/** One party of a document, as its billing details said when the document was issued. */
export const documentPartySchema = z.object({
  legalName: z.string(),
  address: z.string(),
  taxId: z.string(),
  email: z.string(),
});
export type DocumentParty = z.output<typeof documentPartySchema>;

/** A document's line: what was sold (or credited), at which net unit price and tax rate. */
export const documentLineSchema = z.object({
  /** The order line's position (a credit note names the invoice line it credits). */
  position: z.number().int(),
  productId: z.uuid(),
  sku: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  taxRate: z.number(),
  net: z.number(),
  tax: z.number(),
});
export type DocumentLine = z.output<typeof documentLineSchema>;

export const INVOICE_STATUSES = ['issued', 'partly_credited', 'credited'] as const;
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES, {
  error: () => `Status must be one of: ${INVOICE_STATUSES.join(', ')}.`,
});
export type InvoiceStatus = z.output<typeof invoiceStatusSchema>;
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  issued: 'Issued',
  partly_credited: 'Partly credited',
  credited: 'Credited',
};

/** What an invoice keeps from the moment it was issued (its PDF is drawn from this alone). */
export const invoiceSnapshotSchema = z.object({
  currency: z.string(),
  orderNumber: z.string(),
  poNumber: z.string(),
  placedAt: z.iso.datetime(),
  seller: documentPartySchema,
  buyer: documentPartySchema,
  shipTo: shipToSchema,
  lines: z.array(documentLineSchema),
  totals: totalsSchema,
  /** The seller's payment instructions then. */
  footer: z.string(),
  /** Set by pay on account: the terms and the due date; null without them. */
  paymentTerms: z.string().nullable(),
  dueDate: z.iso.date().nullable(),
});
export type InvoiceSnapshot = z.output<typeof invoiceSnapshotSchema>;

export const creditNoteSummarySchema = z.object({
  _id: z.uuid(),
  number: z.string(),
  issuedAt: z.iso.datetime(),
  reason: z.string(),
  totals: totalsSchema,
});
export type CreditNoteSummary = z.output<typeof creditNoteSummarySchema>;

export const invoiceSummarySchema = z.object({
  _id: z.uuid(),
  number: z.string(),
  orderId: z.uuid(),
  orderNumber: z.string(),
  status: invoiceStatusSchema,
  issuedAt: z.iso.datetime(),
  sellerName: z.string(),
  buyerName: z.string(),
  gross: z.number(),
  /** The gross of its credit notes. */
  credited: z.number(),
  /** What payments allocated to it, its due date (null: due when issued) and where it stands today. */
  paid: z.number(),
  dueDate: z.iso.date().nullable(),
  paymentStatus: z.enum(['open', 'partially_paid', 'paid', 'overdue']),
});
export type InvoiceSummary = z.output<typeof invoiceSummarySchema>;

export const invoiceSchema = invoiceSummarySchema.extend({
  snapshot: invoiceSnapshotSchema,
  creditNotes: z.array(creditNoteSummarySchema),
  /** What the caller may still do with it: credit lines of it (the seller's admin or order desk). */
  canCredit: z.boolean(),
});
export type Invoice = z.output<typeof invoiceSchema>;

export const invoicePageSchema = z.object({
  items: z.array(invoiceSummarySchema),
  nextCursor: z.string().nullable(),
});
export type InvoicePage = z.output<typeof invoicePageSchema>;

/** GET /invoices: the buyer's side (theirs, and their company's for its admins and approvers) or the seller's. */
export const invoiceListQuerySchema = z.object({
  side: z.enum(['buyer', 'seller'], { error: () => 'Side must be buyer or seller.' }).default('buyer'),
  status: invoiceStatusSchema.optional(),
  limit: pageQuerySchema.shape.limit,
  cursor: z.string().max(200).optional(),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;

export const CREDIT_REASON_MAX = 500;

/** POST /invoices/:id/credit-notes: some lines (a return), or without `lines` everything not credited yet. */
export const creditNoteInputSchema = z.object({
  lines: z
    .array(
      z.object({
        productId: z.uuid({ error: 'Each line needs the product id of an invoice line.' }),
        quantity: z
          .number({ error: 'Quantity must be a whole number of at least 1.' })
          .int('Quantity must be a whole number of at least 1.')
          .min(1, 'Quantity must be a whole number of at least 1.'),
      }),
    )
    .min(1, 'Name at least one line to credit, or leave out lines to credit everything.')
    .max(1000)
    .optional(),
  reason: boundedText(CREDIT_REASON_MAX).min(1, 'Give the reason for the credit note.'),
});
export type CreditNoteInput = z.input<typeof creditNoteInputSchema>;

export const creditNoteSchema = creditNoteSummarySchema.extend({
  invoiceId: z.uuid(),
  invoiceNumber: z.string(),
  orderId: z.uuid(),
  orderNumber: z.string(),
  lines: z.array(documentLineSchema),
});
export type CreditNote = z.output<typeof creditNoteSchema>;

/** The reason of the credit note a cancelled order's invoice gets. */
export const CANCELLED_CREDIT_REASON = 'Order cancelled';

/** The kinds of numbered documents (each seller has a sequence of each). */
export type DocumentKind = 'invoice' | 'credit_note';

/**
 * A document's number as people read it: INV-2026-000001 (the prefix and whether the year is in
 * it are the seller's choice, in their billing details), or INV-000001 without the year.
 */
export function formatDocumentNumber(prefix: string, year: number | null, sequence: number): string {
  return `${prefix}-${year === null ? '' : `${year}-`}${String(sequence).padStart(6, '0')}`;
}

/** GET /sales/packing-slips?ids=a,b,c: at most this many orders in one PDF. */
export const PACKING_SLIPS_MAX = 100;
