import { and, asc, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { fromCents, toCents } from '@b2b/shared';
import type { AppDb, AppTx } from '../../db/client.js';
import { accounts, companyMembers, invoices } from '../../db/schema.js';
import { notifyPaymentReminder } from '../notifications/index.js';

/*
 * Payment reminders (docs/architecture.md, "Accounts"): a customer hears 3 days before an invoice
 * falls due, and on the day it is overdue, each once: the sweep marks the invoice in the same
 * transaction as the notification, and SKIP LOCKED lets several API processes sweep at once
 * without reminding twice (the notification's key would refuse a second one anyway).
 */

export const DUE_SOON_DAYS = 3;

/** Who hears of a customer's invoice: its company's admins, or the buyer without a company. */
async function customerRecipients(tx: AppTx, invoice: { companyId: string | null; buyerUid: string }) {
  if (invoice.companyId) {
    return tx
      .select({ uid: companyMembers.uid, email: companyMembers.email })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, invoice.companyId), eq(companyMembers.role, 'admin')));
  }
  return tx
    .select({ uid: accounts.uid, email: accounts.email })
    .from(accounts)
    .where(eq(accounts.uid, invoice.buyerUid));
}

/** One kind of reminder for up to `batch` invoices; returns how many were reminded. */
async function remind(db: AppDb, kind: 'payment_due' | 'payment_overdue', batch: number): Promise<number> {
  const marked = kind === 'payment_due' ? invoices.dueRemindedAt : invoices.overdueRemindedAt;
  // The shop's calendar is UTC's, whatever the database session's time zone (as due dates are made).
  const today = sql`(now() AT TIME ZONE 'UTC')::date`;
  const window =
    kind === 'payment_due'
      ? and(gt(invoices.dueDate, sql`${today} - 1`), lte(invoices.dueDate, sql`${today} + ${DUE_SOON_DAYS}::int`))
      : lt(invoices.dueDate, today);
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(invoices)
      .where(and(isNull(marked), window, sql`${invoices.gross} - ${invoices.credited} - ${invoices.paid} > 0`))
      .orderBy(asc(invoices.dueDate))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    await tx
      .update(invoices)
      .set(kind === 'payment_due' ? { dueRemindedAt: sql`now()` } : { overdueRemindedAt: sql`now()` })
      .where(
        inArray(
          invoices.id,
          due.map((invoice) => invoice.id),
        ),
      );
    for (const invoice of due) {
      const left = fromCents(toCents(invoice.gross) - toCents(invoice.credited) - toCents(invoice.paid));
      const who = await customerRecipients(tx, invoice);
      await notifyPaymentReminder(
        tx,
        kind,
        { id: invoice.id, number: invoice.number, left, dueDate: invoice.dueDate ?? '', seller: invoice.sellerName },
        who,
      );
    }
    return due.length;
  });
}

/** Both kinds, batch by batch of each; returns how many invoices were reminded in all. */
export async function remindPayments(db: AppDb, batch: number): Promise<number> {
  return (await remind(db, 'payment_due', batch)) + (await remind(db, 'payment_overdue', batch));
}
