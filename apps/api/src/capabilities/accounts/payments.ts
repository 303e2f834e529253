import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { fromCents, toCents, type Payment, type PaymentInput } from '@b2b/shared';
import type { AppTx } from '../../db/client.js';
import { invoices, paymentAllocations, payments } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { customerOf, type AccountRow } from './credit.js';

/*
 * Payments (docs/architecture.md, "Accounts"), in the caller's transaction with the account row
 * locked: a payment is allocated to the customer's invoices (those it names, else the oldest
 * first), part payments included; what no invoice takes stays unapplied and the next invoice uses
 * it. Nothing is edited or deleted: a reversal is a payment of the opposite amount whose
 * allocations take the original's back.
 */

type PaymentRow = typeof payments.$inferSelect;

/** What is left to pay of an invoice, in cents. */
const leftOf = (invoice: { gross: number; credited: number; paid: number }) =>
  toCents(invoice.gross) - toCents(invoice.credited) - toCents(invoice.paid);

async function allocate(tx: AppTx, paymentId: string, invoiceId: string, cents: bigint) {
  const amount = fromCents(cents);
  await tx
    .insert(paymentAllocations)
    .values({ paymentId, invoiceId, amount })
    .onConflictDoUpdate({
      target: [paymentAllocations.paymentId, paymentAllocations.invoiceId],
      set: { amount: sql`${paymentAllocations.amount} + ${amount}` },
    });
  await tx
    .update(invoices)
    .set({ paid: sql`${invoices.paid} + ${amount}` })
    .where(eq(invoices.id, invoiceId));
}

/** The customer's invoices with something left to pay, oldest first (or those named, in that order). */
async function openInvoices(tx: AppTx, account: AccountRow, named?: readonly string[]) {
  const rows = await tx
    .select({
      id: invoices.id,
      number: invoices.number,
      gross: invoices.gross,
      credited: invoices.credited,
      paid: invoices.paid,
    })
    .from(invoices)
    .where(and(customerOf(invoices, account), named ? inArray(invoices.id, [...named]) : undefined))
    .orderBy(asc(invoices.issuedAt), asc(invoices.number))
    .for('update');
  if (named) {
    const missing = named.find((id) => !rows.some((row) => row.id === id));
    if (missing) {
      throw new AppError('VALIDATION_ERROR', `Invoice ${missing} is not one of this customer's.`, [
        { field: 'invoiceIds', message: 'Not an invoice of this customer.' },
      ]);
    }
    return named.map((id) => rows.find((row) => row.id === id)).filter((row) => row !== undefined);
  }
  return rows.filter((row) => leftOf(row) > 0n);
}

/** Allocates up to `cents` of a payment to these invoices in order; returns what is left. */
async function spread(tx: AppTx, paymentId: string, targets: Awaited<ReturnType<typeof openInvoices>>, cents: bigint) {
  let rest = cents;
  for (const invoice of targets) {
    if (rest <= 0n) break;
    const take = leftOf(invoice) < rest ? leftOf(invoice) : rest;
    if (take <= 0n) continue;
    await allocate(tx, paymentId, invoice.id, take);
    invoice.paid = fromCents(toCents(invoice.paid) + take);
    rest -= take;
  }
  return rest;
}

export async function paymentOf(tx: AppTx, row: PaymentRow): Promise<Payment> {
  const allocations = await tx
    .select({ invoiceId: paymentAllocations.invoiceId, number: invoices.number, amount: paymentAllocations.amount })
    .from(paymentAllocations)
    .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoiceId))
    .where(eq(paymentAllocations.paymentId, row.id))
    .orderBy(asc(invoices.issuedAt));
  const allocated = allocations.reduce((sum, a) => sum + toCents(a.amount), 0n);
  return {
    id: row.id,
    amount: row.amount,
    date: row.paidOn,
    reference: row.reference,
    reverses: row.reverses,
    allocations,
    unapplied: fromCents(toCents(row.amount) - allocated),
  };
}

export async function recordPayment(tx: AppTx, account: AccountRow, input: PaymentInput, uid: string) {
  const [row] = await tx
    .insert(payments)
    .values({
      customerId: account.customerId,
      sellerId: account.sellerId,
      amount: input.amount,
      paidOn: input.date,
      reference: input.reference ?? '',
      createdByUid: uid,
    })
    .returning();
  if (!row) throw new Error('insert returned no payment');
  await spread(tx, row.id, await openInvoices(tx, account, input.invoiceIds), toCents(input.amount));
  return paymentOf(tx, row);
}

/**
 * A new invoice takes what earlier payments left unapplied (an overpayment), oldest payment first.
 */
export async function applyUnapplied(tx: AppTx, account: AccountRow) {
  const rows = await tx
    .select({
      id: payments.id,
      left: sql<string>`${payments.amount} - coalesce((SELECT sum(${paymentAllocations.amount}) FROM ${paymentAllocations} WHERE ${paymentAllocations.paymentId} = ${payments.id}), 0)`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.customerId, account.customerId),
        sql`${payments.reverses} IS NULL`,
        sql`NOT EXISTS (SELECT 1 FROM ${payments} AS r WHERE r.reverses = ${payments.id})`,
      ),
    )
    .orderBy(asc(payments.createdAt));
  for (const payment of rows) {
    const left = toCents(Number(payment.left));
    if (left > 0n) await spread(tx, payment.id, await openInvoices(tx, account), left);
  }
}

/** Reverses a payment: 404-like null when it is not the account's; 409 when it was reversed already or is a reversal. */
export async function reversePayment(tx: AppTx, account: AccountRow, paymentId: string, reason: string, uid: string) {
  const [original] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.customerId, account.customerId)))
    .for('update');
  if (!original) return null;
  const [already] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.reverses, paymentId));
  if (original.reverses !== null || already) {
    throw new AppError('INVALID_TRANSITION', 'That payment was reversed already, or is itself a reversal.');
  }
  const [reversal] = await tx
    .insert(payments)
    .values({
      customerId: original.customerId,
      sellerId: original.sellerId,
      amount: -original.amount,
      paidOn: new Date().toISOString().slice(0, 10),
      reference: original.reference,
      reverses: original.id,
      reason,
      createdByUid: uid,
    })
    .returning();
  if (!reversal) throw new Error('insert returned no reversal');
  const allocations = await tx.select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, original.id));
  for (const allocation of allocations)
    await allocate(tx, reversal.id, allocation.invoiceId, -toCents(allocation.amount));
  return paymentOf(tx, reversal);
}

/**
 * An invoice credited below what was paid of it (a credit note after the payment): the newest
 * allocations to it give back the excess, which stays unapplied for the next invoice.
 */
export async function releaseOverpaid(tx: AppTx, invoiceId: string) {
  const [invoice] = await tx
    .select({ gross: invoices.gross, credited: invoices.credited, paid: invoices.paid })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!invoice) return;
  let excess = toCents(invoice.paid) - (toCents(invoice.gross) - toCents(invoice.credited));
  if (excess <= 0n) return;
  const allocations = await tx
    .select({ paymentId: paymentAllocations.paymentId, amount: paymentAllocations.amount })
    .from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
    .where(and(eq(paymentAllocations.invoiceId, invoiceId), sql`${paymentAllocations.amount} > 0`))
    .orderBy(sql`${payments.createdAt} DESC`);
  for (const allocation of allocations) {
    if (excess <= 0n) break;
    const back = toCents(allocation.amount) < excess ? toCents(allocation.amount) : excess;
    await allocate(tx, allocation.paymentId, invoiceId, -back);
    excess -= back;
  }
}
