import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  COMPANY_ROLE_LABELS,
  rolesThatCan,
  type Permission,
  formatOrderNumber,
  formatPrice,
  isTaxed,
  lineAmount,
  taxLabel,
  totalsOf,
  ORDER_STATUS_LABELS,
  type Invitation,
  type NotificationKind,
  type OrderStatus,
} from '@b2b/shared';
import type { AppDb, AppTx } from '../../db/client.js';
import {
  companyMembers,
  notifications,
  profiles,
  type ImportRow,
  type NewNotificationRow,
  type OrderLineRow,
  type OrderRow,
} from '../../db/schema.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import type { EmailOrder } from './emails/notification-email.js';

/*
 * The events that notify someone (docs/architecture.md, "Notifications"). Each function takes
 * the caller's transaction and writes the notification rows there, so they commit or roll back
 * with their cause: the outbox. The message key makes each one unique: an event notifies each
 * person once, however often it is written. (A purchase that leaves stock below the minimum is
 * written by a trigger in the purchase statement: migration 0006.)
 */

export interface PlacedOrder {
  order: OrderRow;
  /** Each line with the tax rate it was ordered at (docs/architecture.md, "Money"). */
  lines: { name: string; quantity: number; price: number; taxRate: number }[];
}

const orderLink = (order: OrderRow) => `/orders/${order.id}`;

export async function write(tx: AppTx | AppDb, rows: NewNotificationRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(notifications).values(rows).onConflictDoNothing({ target: notifications.key });
}

function emailOrder(order: OrderRow, lines: PlacedOrder['lines'], company: string): EmailOrder {
  const totals = totalsOf(
    lines.map((line) => ({ lineTotal: lineAmount(line.price, line.quantity), taxRate: line.taxRate })),
  );
  return {
    orderNumber: formatOrderNumber(order.number),
    lines: lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      price: line.price,
      lineTotal: lineAmount(line.price, line.quantity),
    })),
    total: totals.gross,
    net: totals.net,
    taxes: isTaxed(totals) ? totals.byRate.map((rate) => ({ label: taxLabel(rate), amount: rate.tax })) : [],
    poNumber: order.poNumber,
    trackingRef: order.trackingRef,
    buyer: { name: order.buyerName, email: order.buyerEmail, company },
    shipTo: [
      order.shipName,
      order.shipLine1,
      order.shipLine2,
      [order.shipPostalCode, order.shipCity].filter(Boolean).join(' '),
      order.shipCountry,
      order.shipPhone,
    ].filter(Boolean),
  };
}

async function companyOf(tx: AppTx, uid: string): Promise<string> {
  const [row] = await tx.select({ companyName: profiles.companyName }).from(profiles).where(eq(profiles.uid, uid));
  return row?.companyName ?? '';
}

interface Recipient {
  uid: string;
  email: string;
}

/**
 * Who hears of a seller's business (docs/architecture.md, "Seller organisations"): a user selling
 * on their own, or every member of the selling company whose role has the permission (new orders
 * and order updates: the order desk's; low stock: the catalogue's, in migration 0014's trigger).
 */
async function sellerRecipients(tx: AppTx, order: OrderRow, permission: Permission): Promise<Recipient[]> {
  if (order.sellerName === null) return [{ uid: order.sellerId, email: order.sellerEmail }];
  return tx
    .select({ uid: companyMembers.uid, email: companyMembers.email })
    .from(companyMembers)
    .where(
      and(
        sql`${companyMembers.companyId}::text = ${order.sellerId}`,
        inArray(companyMembers.role, rolesThatCan(permission)),
      ),
    )
    .orderBy(companyMembers.uid);
}

/** A solo seller's key stays as it was; each staff member's has their uid. */
const staffKey = (order: OrderRow, key: string, recipient: Recipient) =>
  order.sellerName === null ? key : `${key}:${recipient.uid}`;

export const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;
const lines = (n: number) => `${n} ${n === 1 ? 'line' : 'lines'}`;

/**
 * Checkout: the seller of each order learns of it; the buyer gets a confirmation per order. An
 * approved order tells its seller only (`buyer: false`): the buyer hears of the approval instead.
 */
export async function notifyOrdersPlaced(
  tx: AppTx,
  placed: PlacedOrder[],
  { buyer: toBuyer = true }: { buyer?: boolean } = {},
): Promise<void> {
  const first = placed[0];
  if (!first) return;
  const company = await companyOf(tx, first.order.buyerUid);
  const sellerNames = new Map<string, string>();
  const staff = new Map<string, Recipient[]>();
  for (const { order } of placed) {
    sellerNames.set(order.sellerId, order.sellerName ?? ((await companyOf(tx, order.sellerId)) || order.sellerEmail));
    staff.set(order.id, await sellerRecipients(tx, order, 'sales'));
  }
  const rows = placed.flatMap(({ order, lines: orderLines }): NewNotificationRow[] => {
    const number = formatOrderNumber(order.number);
    const data = { order: emailOrder(order, orderLines, company) };
    const buyer = company ? `${order.buyerName || order.buyerEmail} (${company})` : order.buyerName || order.buyerEmail;
    const summary = `${lines(order.lineCount)}, ${units(order.units)}, total ${formatPrice(order.total)}`;
    return [
      ...(staff.get(order.id) ?? []).map((recipient): NewNotificationRow => ({
        key: staffKey(order, `order_received:${order.id}`, recipient),
        userUid: recipient.uid,
        userEmail: recipient.email,
        kind: 'order_received',
        title: `New order ${number}`,
        body: `${buyer} placed an order with ${order.sellerName ?? 'you'}: ${summary}. It waits for your confirmation.`,
        link: orderLink(order),
        data,
      })),
      ...(toBuyer
        ? [
            {
              key: `order_placed:${order.id}`,
              userUid: order.buyerUid,
              userEmail: order.buyerEmail,
              kind: 'order_placed',
              title: `Order ${number} placed`,
              body: `Your order with ${sellerNames.get(order.sellerId) ?? order.sellerEmail} is placed: ${summary}. We will write when the seller confirms it.`,
              link: orderLink(order),
              data,
            } satisfies NewNotificationRow,
          ]
        : []),
    ];
  });
  await write(tx, rows);
}

/**
 * A checkout above the buyer's spending limit: each approver and admin of the company who may
 * approve it (not the buyer) hears of it once per checkout, with its orders' lines and totals.
 */
export async function notifyApprovalRequested(tx: AppTx, placed: PlacedOrder[]): Promise<void> {
  const first = placed[0];
  if (!first?.order.companyId) return;
  const { order } = first;
  const approvers = await tx
    .select({ uid: companyMembers.uid, email: companyMembers.email })
    .from(companyMembers)
    .where(
      and(eq(companyMembers.companyId, order.companyId ?? ''), inArray(companyMembers.role, ['admin', 'approver'])),
    );
  const total = order.approvalCheckoutTotal ?? placed.reduce((sum, p) => sum + p.order.total, 0);
  const numbers = placed.map((p) => formatOrderNumber(p.order.number));
  const who = order.buyerName || order.buyerEmail;
  const rows = approvers
    .filter((approver) => approver.uid !== order.buyerUid)
    .map((approver): NewNotificationRow => ({
      key: `approval_requested:${order.checkoutId}:${approver.uid}`,
      userUid: approver.uid,
      userEmail: approver.email,
      kind: 'approval_requested',
      title: `${who} needs your approval`,
      body:
        `${who} checked out ${formatPrice(total)}, above their spending limit of ${formatPrice(order.approvalLimit ?? 0)}: ` +
        `${numbers.join(', ')} ${placed.length === 1 ? 'waits' : 'wait'} for an approver or admin to approve or reject.`,
      link: orderLink(order),
      data: { order: emailOrder(order, first.lines, order.companyName ?? '') },
    }));
  await write(tx, rows);
}

/**
 * An approval decided: approved, the seller learns of the order now (the new-order notification
 * fires here, never before) and the buyer hears it was approved; rejected (or timed out), the
 * buyer hears why.
 */
export async function notifyApprovalDecided(tx: AppTx, order: OrderRow, orderLines: OrderLineRow[]): Promise<void> {
  const number = formatOrderNumber(order.number);
  const by = order.decidedByName || order.decidedByEmail || '';
  if (order.status === 'placed') {
    await notifyOrdersPlaced(tx, [{ order, lines: orderLines }], { buyer: false });
    await write(tx, [
      {
        key: `order_approved:${order.id}`,
        userUid: order.buyerUid,
        userEmail: order.buyerEmail,
        kind: 'order_approved',
        title: `Order ${number} approved`,
        body: `${by} approved your order; it is placed with the seller now.`,
        link: orderLink(order),
        data: { order: emailOrderSummary(order) },
      },
    ]);
  } else if (order.status === 'rejected') {
    await write(tx, [
      {
        key: `order_rejected:${order.id}`,
        userUid: order.buyerUid,
        userEmail: order.buyerEmail,
        kind: 'order_rejected',
        title: `Order ${number} rejected`,
        body: `${by ? `${by} rejected your order` : 'Your order was rejected'}: ${order.rejectionReason} Its stock went back on sale.`,
        link: orderLink(order),
        data: { order: emailOrderSummary(order) },
      },
    ]);
  }
}

/**
 * An invitation: the invited email hears of it. Someone without an account yet has no uid, so
 * their row is kept under `invitee:<email>` (no inbox reads it; the email goes out all the same).
 */
export async function notifyInvitation(tx: AppTx, invitation: Invitation, inviter: AuthUser): Promise<void> {
  const [profile] = await tx
    .select({ uid: profiles.uid })
    .from(profiles)
    .where(eq(profiles.email, invitation.email))
    .orderBy(sql`${profiles.updatedAt} DESC`)
    .limit(1);
  const limit =
    invitation.spendingLimit === null
      ? 'no spending limit'
      : `a spending limit of ${formatPrice(invitation.spendingLimit)}`;
  await write(tx, [
    {
      key: `company_invitation:${invitation._id}`,
      userUid: profile?.uid ?? `invitee:${invitation.email}`,
      userEmail: invitation.email,
      kind: 'company_invitation',
      title: `Join ${invitation.companyName}`,
      body:
        `${inviter.displayName || inviter.email} invited you to buy for ${invitation.companyName} as ` +
        `${COMPANY_ROLE_LABELS[invitation.role].toLowerCase()}, with ${limit}. Sign in with this email to accept; ` +
        `the invitation expires in 7 days.`,
      link: '/company',
      data: {},
    },
  ]);
}

const STATUS_SENTENCE: Record<Exclude<OrderStatus, 'placed' | 'awaiting_approval' | 'rejected'>, string> = {
  confirmed: 'The seller confirmed your order and is preparing it.',
  shipped: 'Your order is on its way.',
  delivered: 'Your order was delivered.',
  cancelled: 'The seller cancelled your order; nothing will be shipped.',
};

/**
 * A status change: the buyer hears of every change the seller makes; the seller hears of a
 * buyer's cancel. Nobody is told of their own action.
 */
export async function notifyStatusChanged(tx: AppTx, order: OrderRow, actor: 'buyer' | 'seller'): Promise<void> {
  const number = formatOrderNumber(order.number);
  const status = order.status;
  if (status === 'placed' || status === 'awaiting_approval' || status === 'rejected') return;
  let rows: NewNotificationRow[];
  if (actor === 'buyer') {
    if (status !== 'cancelled') return;
    rows = (await sellerRecipients(tx, order, 'sales')).map((recipient) => ({
      key: staffKey(order, `order_cancelled_by_buyer:${order.id}`, recipient),
      userUid: recipient.uid,
      userEmail: recipient.email,
      kind: 'order_cancelled_by_buyer',
      title: `Order ${number} cancelled by the buyer`,
      body: `${order.buyerName || order.buyerEmail} cancelled order ${number}; its stock is back on sale.`,
      link: orderLink(order),
      data: { order: { ...emailOrderSummary(order) } },
    }));
  } else {
    const tracking = status === 'shipped' && order.trackingRef ? ` Tracking reference: ${order.trackingRef}.` : '';
    rows = [
      {
        key: `order_status:${order.id}:${status}`,
        userUid: order.buyerUid,
        userEmail: order.buyerEmail,
        kind: 'order_status',
        title: `Order ${number} ${ORDER_STATUS_LABELS[status].toLowerCase()}`,
        body: `${STATUS_SENTENCE[status]}${tracking}`,
        link: orderLink(order),
        data: { order: { ...emailOrderSummary(order) }, status },
      },
    ];
  }
  await write(tx, rows);
}

/** What a status email shows of the order: its number, total and tracking, not the lines again. */
function emailOrderSummary(order: OrderRow) {
  return { orderNumber: formatOrderNumber(order.number), total: order.total, trackingRef: order.trackingRef };
}

export const importLink = (importId: string) => `/import/${importId}`;

const rowsOfCount = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;

/**
 * An import finished (done, or failed as a whole): its seller hears of it with the counters.
 * Real imports only: a dry run changes nothing, and its seller is watching its page for the
 * result anyway. Written in the transaction that marks the import finished; the key makes a
 * retried job's second finish write nothing.
 */
export async function notifyImportFinished(tx: AppTx, imp: ImportRow): Promise<void> {
  if (imp.dryRun || (imp.status !== 'done' && imp.status !== 'failed')) return;
  const file = imp.fileName ? `“${imp.fileName}”` : 'your file';
  const summary = {
    created: imp.created,
    updated: imp.updated,
    unchanged: imp.unchanged,
    failed: imp.failed,
  };
  const body =
    imp.status === 'failed'
      ? `The import of ${file} failed: ${imp.error ?? 'the file could not be read'} No product was changed.`
      : `The import of ${file} is done: ${imp.created.toLocaleString('en-US')} created, ${imp.updated.toLocaleString('en-US')} updated, ` +
        `${imp.unchanged.toLocaleString('en-US')} unchanged, ${rowsOfCount(imp.failed)} failed.` +
        (imp.failed > 0 ? ' The failed rows and why are on the import’s page.' : '');
  await write(tx, [
    {
      key: `import_finished:${imp.id}`,
      userUid: imp.startedByUid ?? imp.sellerId,
      userEmail: imp.ownerEmail,
      kind: 'import_finished',
      title: imp.status === 'failed' ? 'Your catalogue import failed' : 'Your catalogue import is done',
      body,
      link: importLink(imp.id),
      data: { import: { importId: imp.id, fileName: imp.fileName, status: imp.status, ...summary } },
    },
  ]);
}

/** 24 Nov 2026, 21:40 UTC: emails are read anywhere, so the zone is said. */
export function formatTime(at: Date): string {
  const date = at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${date}, ${time} UTC`;
}

export const ACTION_LABEL: Record<NotificationKind, string> = {
  order_received: 'Open the order',
  order_placed: 'View your order',
  order_status: 'View your order',
  order_cancelled_by_buyer: 'Open the order',
  hold_expiring: 'Go to your cart',
  low_stock: 'Update the product',
  import_finished: 'See the import',
  approval_requested: 'Review the order',
  order_approved: 'View your order',
  order_rejected: 'View your order',
  company_invitation: 'See the invitation',
  payment_due: 'See your statement',
  payment_overdue: 'See your statement',
  credit_limit_near: 'Open the account',
  quote_requested: 'Answer the request',
  quote_offered: 'See the offer',
  quote_expiring: 'See the offer',
  quote_accepted: 'Open the quote',
  quote_declined: 'Open the quote',
  quote_revision_requested: 'Revise the offer',
  quote_withdrawn: 'Open the quote',
};
