import { and, eq, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { formatPrice, fromCents, toCents, type PaymentTerms } from '@b2b/shared';
import type { AppDb, AppTx } from '../../db/client.js';
import { customerAccounts, customers, invoices, orders } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

/*
 * Credit on account (docs/architecture.md, "Accounts"). A customer's exposure to a seller is what
 * its invoices still ask (gross less credited) plus its orders on account not invoiced yet
 * (cancelled and rejected ones count no more); available credit is the limit less that. Read in
 * the checkout's transaction after locking the account's row, so two checkouts of one customer
 * are judged one after the other.
 */

/** Who buys: their company (every member shares its account), or themselves without one. */
export interface Buyer {
  companyId: string | null;
  uid: string;
}

export interface AccountRow {
  customerId: string;
  sellerId: string;
  terms: PaymentTerms;
  days: number | null;
  creditLimit: number | null;
  companyId: string | null;
  buyerUid: string | null;
}

const ACCOUNT_COLUMNS = {
  customerId: customerAccounts.customerId,
  sellerId: customerAccounts.sellerId,
  terms: customerAccounts.terms,
  days: customerAccounts.days,
  creditLimit: customerAccounts.creditLimit,
  companyId: customers.companyId,
  buyerUid: customers.buyerUid,
};

/** The buyer's account with the seller, if the seller gave them one (locked with `lock`). */
export async function accountOf(executor: AppDb | AppTx, sellerId: string, buyer: Buyer, lock = false) {
  const who = buyer.companyId ? eq(customers.companyId, buyer.companyId) : eq(customers.buyerUid, buyer.uid);
  const query = executor
    .select(ACCOUNT_COLUMNS)
    .from(customerAccounts)
    .innerJoin(customers, eq(customers.id, customerAccounts.customerId))
    .where(and(eq(customers.sellerId, sellerId), who));
  const [row] = lock ? await query.for('update', { of: customerAccounts }) : await query;
  return row ?? null;
}

/** The rows of a table that are this customer's with this seller. */
function customerOf(table: typeof orders | typeof invoices, account: AccountRow): SQL | undefined {
  return and(
    eq(table.sellerId, account.sellerId),
    account.companyId
      ? eq(table.companyId, account.companyId)
      : and(isNull(table.companyId), eq(table.buyerUid, account.buyerUid ?? '')),
  );
}

/** What the customer owes (its invoices less credited) and its orders on account not invoiced yet. */
export async function exposureOf(executor: AppDb | AppTx, account: AccountRow) {
  const [owed] = await executor
    .select({ balance: sql<string>`coalesce(sum(${invoices.gross} - ${invoices.credited}), 0)` })
    .from(invoices)
    .where(customerOf(invoices, account));
  const [pending] = await executor
    .select({ amount: sql<string>`coalesce(sum(${orders.total} + ${orders.tax}), 0)` })
    .from(orders)
    .where(
      and(
        customerOf(orders, account),
        eq(orders.onAccount, true),
        notInArray(orders.status, ['cancelled', 'rejected']),
        sql`NOT EXISTS (SELECT 1 FROM ${invoices} WHERE ${invoices.orderId} = ${orders.id})`,
      ),
    );
  const balance = Number(owed?.balance ?? 0);
  const uninvoiced = Number(pending?.amount ?? 0);
  const available =
    account.creditLimit === null
      ? null
      : fromCents(toCents(account.creditLimit) - toCents(balance) - toCents(uninvoiced));
  return { balance, uninvoiced, available };
}

/**
 * Whether an order of `gross` for this seller goes on the buyer's account: yes with net terms
 * when the available credit covers it (no limit: always); 409 CREDIT_LIMIT_EXCEEDED, naming the
 * available credit and the order's total, when it does not. A buyer without an account, or with
 * prepaid terms, orders as before (not on account).
 */
export async function onAccount(tx: AppTx, sellerId: string, buyer: Buyer, gross: number, sellerName: string) {
  const account = await accountOf(tx, sellerId, buyer, true);
  if (!account || account.terms !== 'net') return false;
  const { available } = await exposureOf(tx, account);
  if (available !== null && toCents(gross) > toCents(available)) {
    throw new AppError(
      'CREDIT_LIMIT_EXCEEDED',
      `Your order from ${sellerName} of ${formatPrice(gross)} is more than the ${formatPrice(Math.max(0, available))} of credit ` +
        'left on your account with them, so nothing was ordered. Remove some of it, or ask them to raise your limit.',
      [
        { field: 'available', message: String(Math.max(0, available)) },
        { field: 'orderTotal', message: String(gross) },
      ],
    );
  }
  return true;
}
