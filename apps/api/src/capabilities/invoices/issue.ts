import { eq, sql } from 'drizzle-orm';
import {
  BILLING_FIELD_LABELS,
  CANCELLED_CREDIT_REASON,
  formatOrderNumber,
  fromCents,
  lineAmount,
  shopCurrency,
  taxOf,
  termsLabel,
  toCents,
  totalsOf,
  type DocumentLine,
  type DocumentParty,
  type InvoiceSnapshot,
  type InvoiceStatus,
} from '@b2b/shared';
import type { AppTx } from '../../db/client.js';
import { creditNotes, invoices, type OrderLineRow, type OrderRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { billingOf } from '../billing/index.js';
import { accountOf, applyUnapplied, releaseOverpaid, type AccountRow } from '../accounts/index.js';
import { nextDocumentNumber } from './numbering.js';
import { shipToOf } from './ship-to.js';

/*
 * Issuing documents (docs/architecture.md, "Documents"), always inside the caller's transaction
 * with the order row locked: an invoice snapshots the order and both parties' billing details
 * now; a credit note credits quantities of the invoice's lines that are not credited yet.
 */

export type InvoiceRow = typeof invoices.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;

function documentLine(line: OrderLineRow, quantity: number): DocumentLine {
  const net = lineAmount(line.price, quantity);
  return {
    position: line.position,
    productId: line.productId,
    sku: line.sku,
    name: line.name,
    quantity,
    unitPrice: line.price,
    taxRate: line.taxRate,
    net,
    tax: taxOf(net, line.taxRate),
  };
}

const amounts = (lines: readonly DocumentLine[]) =>
  totalsOf(lines.map((l) => ({ lineTotal: l.net, taxRate: l.taxRate })));

/** A credit note's totals from its lines' own amounts (a line's tax may differ from taxOf of its net by the cent a part credit carried). */
function creditTotals(lines: readonly DocumentLine[]) {
  const byRate = new Map<number, { net: bigint; tax: bigint }>();
  for (const line of lines) {
    const sum = byRate.get(line.taxRate) ?? { net: 0n, tax: 0n };
    byRate.set(line.taxRate, { net: sum.net + toCents(line.net), tax: sum.tax + toCents(line.tax) });
  }
  const rates = [...byRate.entries()].sort(([a], [b]) => a - b);
  const net = rates.reduce((sum, [, r]) => sum + r.net, 0n);
  const tax = rates.reduce((sum, [, r]) => sum + r.tax, 0n);
  return {
    net: fromCents(net),
    tax: fromCents(tax),
    gross: fromCents(net + tax),
    byRate: rates.map(([rate, r]) => ({ rate, net: fromCents(r.net), tax: fromCents(r.tax) })),
  };
}

/** The buyer's terms with the seller on the invoice: "Net 30" and the due date, or none without an account. */
function termsOf(account: AccountRow | null, issuedAt: Date) {
  if (account?.terms !== 'net' || account.days === null) return { paymentTerms: null, dueDate: null };
  const due = new Date(issuedAt.getTime() + account.days * 86_400_000);
  return { paymentTerms: termsLabel(account), dueDate: due.toISOString().slice(0, 10) };
}

/**
 * Issues the order's invoice. 409 BILLING_DETAILS_MISSING (naming what) when the seller's
 * billing details lack the legal name or address; the caller has checked status and role.
 */
export async function issueInvoice(
  tx: AppTx,
  order: OrderRow,
  lines: OrderLineRow[],
  issuedByUid: string,
): Promise<InvoiceRow> {
  const [seller, buyer] = [await billingOf(tx, order.sellerId), await billingOf(tx, order.companyId ?? order.buyerUid)];
  if (seller.missing.length > 0) {
    const what = seller.missing.map((field) => BILLING_FIELD_LABELS[field]).join(' and ');
    throw new AppError(
      'BILLING_DETAILS_MISSING',
      `An invoice needs the seller's billing details: add ${what} under Billing details first.`,
      seller.missing.map((field) => ({ field, message: `Add ${BILLING_FIELD_LABELS[field]}.` })),
    );
  }
  const issuedAt = new Date();
  const account = await accountOf(tx, order.sellerId, { companyId: order.companyId, uid: order.buyerUid }, true);
  const documentLines = lines.map((line) => documentLine(line, line.quantity));
  const sellerParty: DocumentParty = {
    legalName: seller.legalName,
    address: seller.address,
    taxId: seller.taxId,
    email: order.sellerEmail,
  };
  const buyerParty: DocumentParty = {
    legalName: buyer.legalName || order.companyName || order.buyerName || order.buyerEmail,
    address: buyer.address,
    taxId: buyer.taxId,
    email: order.buyerEmail,
  };
  const snapshot: InvoiceSnapshot = {
    currency: shopCurrency(),
    orderNumber: formatOrderNumber(order.number),
    poNumber: order.poNumber,
    placedAt: order.placedAt.toISOString(),
    seller: sellerParty,
    buyer: buyerParty,
    shipTo: shipToOf(order),
    lines: documentLines,
    totals: amounts(documentLines),
    footer: seller.invoiceFooter,
    ...termsOf(account, issuedAt),
  };
  const number = await nextDocumentNumber(tx, order.sellerId, 'invoice', seller, issuedAt);
  const [row] = await tx
    .insert(invoices)
    .values({
      orderId: order.id,
      sellerId: order.sellerId,
      buyerUid: order.buyerUid,
      companyId: order.companyId,
      number,
      issuedAt,
      issuedByUid,
      sellerName: sellerParty.legalName,
      buyerName: buyerParty.legalName,
      gross: snapshot.totals.gross,
      dueDate: snapshot.dueDate,
      snapshot,
    })
    .returning();
  if (!row) throw new Error('insert returned no invoice');
  // A payment the customer made beyond their invoices so far pays this one first.
  if (account) await applyUnapplied(tx, account);
  return row;
}

/**
 * What each invoice line (by position) has had credited so far: quantity, net and tax in cents.
 * A credit's tax is the tax of the line's whole credited net less what was credited before, so
 * crediting a line unit by unit ends at exactly its tax, never a cent more or less.
 */
async function creditedSoFar(tx: AppTx, invoice: InvoiceRow) {
  const so = new Map(invoice.snapshot.lines.map((line) => [line.position, { quantity: 0, net: 0n, tax: 0n }]));
  const notes = await tx
    .select({ lines: creditNotes.lines })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoice.id));
  for (const note of notes) {
    for (const line of note.lines) {
      const sum = so.get(line.position) ?? { quantity: 0, net: 0n, tax: 0n };
      so.set(line.position, {
        quantity: sum.quantity + line.quantity,
        net: sum.net + toCents(line.net),
        tax: sum.tax + toCents(line.tax),
      });
    }
  }
  return so;
}

/**
 * Credits quantities of a locked invoice: `wanted` by product (spread over that product's lines
 * in order), or everything still uncredited when it is null. 409 CREDIT_EXCEEDS_INVOICE when a
 * product has less left than asked (or nothing is left at all); 400 for a product not invoiced.
 */
export async function creditInvoice(
  tx: AppTx,
  invoice: InvoiceRow,
  wanted: readonly { productId: string; quantity: number }[] | null,
  reason: string,
  issuedByUid: string,
): Promise<CreditNoteRow> {
  const so = await creditedSoFar(tx, invoice);
  const left = new Map(
    invoice.snapshot.lines.map((line) => [line.position, line.quantity - (so.get(line.position)?.quantity ?? 0)]),
  );
  const credited: DocumentLine[] = [];
  const take = (line: DocumentLine, quantity: number) => {
    const before = so.get(line.position) ?? { quantity: 0, net: 0n, tax: 0n };
    const net = lineAmount(line.unitPrice, quantity);
    const allNet = before.net + toCents(net);
    const tax = fromCents(toCents(taxOf(fromCents(allNet), line.taxRate)) - before.tax);
    credited.push({ ...line, quantity, net, tax });
    so.set(line.position, { quantity: before.quantity + quantity, net: allNet, tax: before.tax + toCents(tax) });
    left.set(line.position, (left.get(line.position) ?? 0) - quantity);
  };
  if (wanted === null) {
    for (const line of invoice.snapshot.lines) {
      const quantity = left.get(line.position) ?? 0;
      if (quantity > 0) take(line, quantity);
    }
    if (credited.length === 0) {
      throw new AppError('CREDIT_EXCEEDS_INVOICE', `Invoice ${invoice.number} is credited in full already.`);
    }
  } else {
    for (const [index, { productId, quantity }] of wanted.entries()) {
      const lines = invoice.snapshot.lines.filter((line) => line.productId === productId);
      const [first] = lines;
      if (!first) {
        throw new AppError('VALIDATION_ERROR', `Invoice ${invoice.number} has no line of product ${productId}.`, [
          { field: `lines.${index}.productId`, message: 'Not a product of this invoice.' },
        ]);
      }
      const available = lines.reduce((sum, line) => sum + Math.max(0, left.get(line.position) ?? 0), 0);
      if (quantity > available) {
        throw new AppError(
          'CREDIT_EXCEEDS_INVOICE',
          `Invoice ${invoice.number} has ${available} of ${first.name} left to credit; ${quantity} were asked for. Nothing was credited.`,
          [{ field: `lines.${index}.quantity`, message: `At most ${available}.` }],
        );
      }
      let rest = quantity;
      for (const line of lines) {
        const part = Math.min(rest, Math.max(0, left.get(line.position) ?? 0));
        if (part > 0) take(line, part);
        rest -= part;
      }
    }
  }
  const issuedAt = new Date();
  const totals = creditTotals(credited);
  const seller = await billingOf(tx, invoice.sellerId);
  const number = await nextDocumentNumber(tx, invoice.sellerId, 'credit_note', seller, issuedAt);
  const [note] = await tx
    .insert(creditNotes)
    .values({
      invoiceId: invoice.id,
      sellerId: invoice.sellerId,
      number,
      issuedAt,
      issuedByUid,
      reason,
      gross: totals.gross,
      lines: credited,
      totals,
    })
    .returning();
  if (!note) throw new Error('insert returned no credit note');
  const status: InvoiceStatus = [...left.values()].every((quantity) => quantity <= 0) ? 'credited' : 'partly_credited';
  await tx
    .update(invoices)
    .set({ status, credited: sql`${invoices.credited} + ${totals.gross}` })
    .where(eq(invoices.id, invoice.id));
  // Credited below what was paid of it: the payments give the difference back for the next invoice.
  await releaseOverpaid(tx, invoice.id);
  return note;
}

/** The hook orders call on a status change: shipping invoices, cancelling credits what is left. */
export async function afterStatusChange(tx: AppTx, order: OrderRow, lines: OrderLineRow[], issuedByUid: string) {
  if (order.status !== 'shipped' && order.status !== 'cancelled') return;
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, order.id)).for('update');
  if (order.status === 'cancelled') {
    if (invoice && invoice.status !== 'credited')
      await creditInvoice(tx, invoice, null, CANCELLED_CREDIT_REASON, issuedByUid);
    return;
  }
  if (invoice) return;
  // Shipping without billing details still ships: the seller can issue the invoice by hand later.
  const seller = await billingOf(tx, order.sellerId);
  if (seller.missing.length === 0) await issueInvoice(tx, order, lines, issuedByUid);
}
