import { and, asc, eq, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { formatPrice, fromCents, paymentStatusOf, toCents, type PaymentTerms } from '@b2b/shared';
import type { AppDb, AppTx } from '../../db/client.js';
import { companies, customerAccounts, customers, invoices, orders, payments } from '../../db/schema.js';
import { notifyCreditNear } from '../notifications/index.js';
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

export const ACCOUNT_COLUMNS = {
  customerId: customerAccounts.customerId,
  sellerId: customerAccounts.sellerId,
  terms: customerAccounts.terms,
  days: customerAccounts.days,
  creditLimit: customerAccounts.creditLimit,
  companyId: customers.companyId,
  buyerUid: customers.buyerUid,
};

/** The customers that are this buyer: their company, or themselves without one. */
export const customerIs = (buyer: Buyer) =>
  buyer.companyId ? eq(customers.companyId, buyer.companyId) : eq(customers.buyerUid, buyer.uid);

/** The buyer's account with the seller, if the seller gave them one (locked with `lock`). */
export async function accountOf(executor: AppDb | AppTx, sellerId: string, buyer: Buyer, lock = false) {
  const who = customerIs(buyer);
  const query = executor
    .select(ACCOUNT_COLUMNS)
    .from(customerAccounts)
    .innerJoin(customers, eq(customers.id, customerAccounts.customerId))
    .where(and(eq(customers.sellerId, sellerId), who));
  const [row] = lock ? await query.for('update', { of: customerAccounts }) : await query;
  return row ?? null;
}

/** The rows of a table that are this customer's with this seller. */
export function customerOf(table: typeof orders | typeof invoices, account: AccountRow): SQL | undefined {
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
  const [received] = await executor
    .select({ amount: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(eq(payments.customerId, account.customerId));
  // What is owed: invoices less credit notes less payments (below 0: a credit the next invoice uses).
  const balance = fromCents(toCents(Number(owed?.balance ?? 0)) - toCents(Number(received?.amount ?? 0)));
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
 * available credit and the order's total, when it does not. With prepaid terms it is placed as
 * prepaid (it ships once paid); without an account, as before.
 */
export async function onAccount(
  tx: AppTx,
  sellerId: string,
  buyer: Buyer,
  gross: number,
  sellerName: string,
): Promise<{ onAccount: boolean; prepaid: boolean }> {
  const account = await accountOf(tx, sellerId, buyer, true);
  if (!account) return { onAccount: false, prepaid: false };
  if (account.terms === 'prepaid') return { onAccount: false, prepaid: true };
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
  // Past 90% of the limit with this order: the seller's order desk hears of it (once per limit).
  if (account.creditLimit !== null && available !== null && account.creditLimit > 0) {
    const used = toCents(account.creditLimit) - toCents(available) + toCents(gross);
    if (used * 10n >= toCents(account.creditLimit) * 9n) {
      const [customer] = await tx
        .select({ name: sql<string>`coalesce(${companies.name}, ${customers.name})` })
        .from(customers)
        .leftJoin(companies, eq(companies.id, customers.companyId))
        .where(eq(customers.id, account.customerId));
      await notifyCreditNear(
        tx,
        { sellerId, customerId: account.customerId, creditLimit: account.creditLimit },
        customer?.name ?? 'A customer',
        fromCents(used),
      );
    }
  }
  return { onAccount: true, prepaid: false };
}

const DAY_MS = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The customer's invoices with something left to pay, oldest first, with their status today
 * (an invoice without a due date was due when issued), what is overdue, and the aging buckets.
 */
export async function openInvoicesOf(executor: AppDb | AppTx, account: AccountRow) {
  const rows = await executor
    .select({
      id: invoices.id,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      dueDate: invoices.dueDate,
      gross: invoices.gross,
      credited: invoices.credited,
      paid: invoices.paid,
    })
    .from(invoices)
    .where(and(customerOf(invoices, account), sql`${invoices.gross} - ${invoices.credited} - ${invoices.paid} > 0`))
    .orderBy(asc(invoices.issuedAt), asc(invoices.number));
  const now = today();
  const aging = { current: 0n, days1to30: 0n, days31to60: 0n, days61to90: 0n, over90: 0n };
  let overdue = 0n;
  const open = rows.map((row) => {
    const left = toCents(row.gross) - toCents(row.credited) - toCents(row.paid);
    const due = row.dueDate ?? row.issuedAt.toISOString().slice(0, 10);
    const late = Math.floor((Date.parse(now) - Date.parse(due)) / DAY_MS);
    const bucket =
      late <= 0
        ? 'current'
        : late <= 30
          ? 'days1to30'
          : late <= 60
            ? 'days31to60'
            : late <= 90
              ? 'days61to90'
              : 'over90';
    aging[bucket] += left;
    if (late > 0) overdue += left;
    return {
      id: row.id,
      number: row.number,
      issuedAt: row.issuedAt.toISOString(),
      dueDate: row.dueDate,
      left: fromCents(left),
      status: paymentStatusOf({ ...row, dueDate: due }, now),
    };
  });
  return {
    open,
    overdue: fromCents(overdue),
    aging: Object.fromEntries(Object.entries(aging).map(([key, cents]) => [key, fromCents(cents)])) as Record<
      keyof typeof aging,
      number
    >,
  };
}
