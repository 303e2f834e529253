import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatPrice, rolesThatCan, type Permission } from '@b2b/shared';
import type { AppTx } from '../../db/client.js';
import { accounts, companyMembers } from '../../db/schema.js';
import { write } from './events.js';

/* The accounts' notifications (docs/architecture.md, "Accounts"): reminders and the credit warning. */

interface Recipient {
  uid: string;
  email: string;
}

/**
 * A customer's order took their account past 90% of its credit limit: the seller's order desk
 * hears of it once per customer and limit (a new limit can warn again).
 */
export async function notifyCreditNear(
  tx: AppTx,
  account: { sellerId: string; customerId: string; creditLimit: number },
  customer: string,
  used: number,
): Promise<void> {
  const seller = await sellerStaff(tx, account.sellerId, 'sales');
  const limit = formatPrice(account.creditLimit);
  await write(
    tx,
    seller.map((recipient) => ({
      key: `credit_limit_near:${account.customerId}:${account.creditLimit}:${recipient.uid}`,
      userUid: recipient.uid,
      userEmail: recipient.email,
      kind: 'credit_limit_near' as const,
      title: `${customer} has used 90% of their credit`,
      body: `${customer} owes and has ordered on account ${formatPrice(used)} of their ${limit} limit.`,
      link: `/receivables/${account.customerId}`,
      data: {},
    })),
  );
}

/** The staff of a seller with `permission` (a company's), or the seller itself (a user's uid). */
export async function sellerStaff(tx: AppTx, sellerId: string, permission: Permission): Promise<Recipient[]> {
  const staff = await tx
    .select({ uid: companyMembers.uid, email: companyMembers.email })
    .from(companyMembers)
    .where(
      and(sql`${companyMembers.companyId}::text = ${sellerId}`, inArray(companyMembers.role, rolesThatCan(permission))),
    )
    .orderBy(companyMembers.uid);
  if (staff.length > 0) return staff;
  const [person] = await tx
    .select({ uid: accounts.uid, email: accounts.email })
    .from(accounts)
    .where(eq(accounts.uid, sellerId));
  return person ? [person] : [];
}

/**
 * An invoice falls due in a few days, or is overdue: the customer hears of it, once each, by the
 * key (the sweep marks the invoice too). `who`: the customer company's admins, or the buyer.
 */
export async function notifyPaymentReminder(
  tx: AppTx,
  kind: 'payment_due' | 'payment_overdue',
  invoice: { id: string; number: string; left: number; dueDate: string; seller: string },
  who: Recipient[],
): Promise<void> {
  const due = new Date(`${invoice.dueDate}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const amount = formatPrice(invoice.left);
  await write(
    tx,
    who.map((recipient) => ({
      key: `${kind}:${invoice.id}:${recipient.uid}`,
      userUid: recipient.uid,
      userEmail: recipient.email,
      kind,
      title:
        kind === 'payment_due' ? `Invoice ${invoice.number} is due on ${due}` : `Invoice ${invoice.number} is overdue`,
      body:
        kind === 'payment_due'
          ? `${amount} of invoice ${invoice.number} from ${invoice.seller} is due on ${due}.`
          : `${amount} of invoice ${invoice.number} from ${invoice.seller} was due on ${due} and is not paid yet.`,
      link: '/statements',
      data: {},
    })),
  );
}
