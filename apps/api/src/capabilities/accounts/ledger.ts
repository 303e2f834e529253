import { and, asc, eq, sql } from 'drizzle-orm';
import { fromCents, toCents, type LedgerLine, type Statement } from '@b2b/shared';
import type { AppDb, AppTx } from '../../db/client.js';
import { creditNotes, invoices, payments } from '../../db/schema.js';
import { customerOf, type AccountRow } from './credit.js';

/*
 * The account's ledger (docs/architecture.md, "Accounts"): every invoice, credit note, payment
 * and reversal of the customer with the seller, in the order they happened, with the running
 * balance. Nothing in it is ever edited; a statement is the ledger between two days, opened by
 * the balance before the first.
 */

interface Entry {
  date: string;
  at: Date;
  kind: LedgerLine['kind'];
  number: string;
  description: string;
  /** Cents added to what is owed (negative: taken off). */
  cents: bigint;
}

async function entriesOf(executor: AppDb | AppTx, account: AccountRow): Promise<Entry[]> {
  const day = (at: Date) => at.toISOString().slice(0, 10);
  const [billed, credited, received] = [
    await executor
      .select({
        at: invoices.issuedAt,
        number: invoices.number,
        gross: invoices.gross,
        order: sql<string>`${invoices.snapshot}->>'orderNumber'`,
      })
      .from(invoices)
      .where(customerOf(invoices, account)),
    await executor
      .select({
        at: creditNotes.issuedAt,
        number: creditNotes.number,
        gross: creditNotes.gross,
        reason: creditNotes.reason,
        invoice: invoices.number,
      })
      .from(creditNotes)
      .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
      .where(customerOf(invoices, account)),
    await executor
      .select()
      .from(payments)
      .where(and(eq(payments.customerId, account.customerId)))
      .orderBy(asc(payments.createdAt)),
  ];
  const entries: Entry[] = [
    ...billed.map((row) => ({
      date: day(row.at),
      at: row.at,
      kind: 'invoice' as const,
      number: row.number,
      description: `Invoice for order ${row.order}`,
      cents: toCents(row.gross),
    })),
    ...credited.map((row) => ({
      date: day(row.at),
      at: row.at,
      kind: 'credit_note' as const,
      number: row.number,
      description: `Credit note on ${row.invoice}: ${row.reason}`,
      cents: -toCents(row.gross),
    })),
    ...received.map((row) => ({
      date: row.paidOn,
      at: row.createdAt,
      kind: row.reverses ? ('reversal' as const) : ('payment' as const),
      number: row.reference,
      description: row.reverses ? `Payment reversed: ${row.reason}` : 'Payment received',
      cents: -toCents(row.amount),
    })),
  ];
  return entries.sort((a, b) => a.date.localeCompare(b.date) || a.at.getTime() - b.at.getTime());
}

/** The ledger between two days (both included; either open), with the balance before and after. */
export async function statementOf(
  executor: AppDb | AppTx,
  account: AccountRow,
  names: { customer: string; seller: string },
  range: { from?: string | undefined; to?: string | undefined },
): Promise<Statement> {
  let balance = 0n;
  let opening = 0n;
  const lines: LedgerLine[] = [];
  for (const entry of await entriesOf(executor, account)) {
    if (range.to && entry.date > range.to) break;
    balance += entry.cents;
    if (range.from && entry.date < range.from) {
      opening = balance;
      continue;
    }
    lines.push({
      date: entry.date,
      kind: entry.kind,
      number: entry.number,
      description: entry.description,
      debit: entry.cents > 0n ? fromCents(entry.cents) : 0,
      credit: entry.cents < 0n ? fromCents(-entry.cents) : 0,
      balance: fromCents(balance),
    });
  }
  return {
    ...names,
    from: range.from ?? null,
    to: range.to ?? null,
    opening: fromCents(opening),
    lines,
    closing: fromCents(balance),
  };
}
