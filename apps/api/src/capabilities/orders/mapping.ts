import { asc, eq, sql } from 'drizzle-orm';
import {
  can,
  canApprove,
  formatOrderNumber,
  formatQuoteNumber,
  nextStatuses,
  totalsOf,
  withinSpendingLimit,
  INVOICEABLE_STATUSES,
  ORDER_STATUSES,
  type Order,
  type OrderActor,
  type OrderApproval,
  type OrderHistoryEntry,
  type OrderStatus,
  type OrderSummary,
} from '@b2b/shared';
import type { AppDb, AppTx } from '../../db/client.js';
import { creditNotes, invoices, orders, quotes, type OrderLineRow, type OrderRow } from '../../db/schema.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import { membersOf, type Membership } from '../companies/index.js';

/* How an order row is shown: its summary, its history, who may see and act on it, its approval. */

/** Whose list: the buyer's orders (My Orders) or the seller's (Sales). */
export type OrderRole = 'buyer' | 'seller';

export interface OrderPage {
  items: OrderSummary[];
  total: number;
  totalIsExact: boolean;
  nextCursor: string | null;
}

export const STATUS_TIMESTAMP = {
  awaiting_approval: 'submittedAt',
  placed: 'placedAt',
  confirmed: 'confirmedAt',
  shipped: 'shippedAt',
  delivered: 'deliveredAt',
  cancelled: 'cancelledAt',
  rejected: 'rejectedAt',
} as const satisfies Record<OrderStatus, keyof OrderRow>;

export function toOrderSummary(row: OrderRow): OrderSummary {
  return {
    _id: row.id,
    orderNumber: formatOrderNumber(row.number),
    checkoutId: row.checkoutId,
    status: row.status,
    buyerEmail: row.buyerEmail,
    buyerName: row.buyerName,
    sellerEmail: row.sellerEmail,
    sellerName: row.sellerName,
    companyName: row.companyName,
    poNumber: row.poNumber,
    total: row.total,
    tax: row.tax,
    lineCount: row.lineCount,
    units: row.units,
    placedAt: row.placedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function history(row: OrderRow): OrderHistoryEntry[] {
  return ORDER_STATUSES.flatMap((status) => {
    // An order that waited for approval was placed only once approved.
    if (status === 'placed' && !sellerSeesRow(row)) return [];
    const at = row[STATUS_TIMESTAMP[status]];
    return at ? [{ status, at: at.toISOString() }] : [];
  }).sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * Whether the seller sees the order: every order that never needed approval, and one that
 * needed it once an approver approved it. One awaiting approval, rejected, or cancelled by its
 * buyer while it awaited never reaches the seller (not in Sales, counts, dashboard, notifications).
 */
export const sellerSees = sql`(${orders.approvalExpiresAt} IS NULL OR (${orders.decidedAt} IS NOT NULL AND ${orders.status} NOT IN ('awaiting_approval', 'rejected')))`;
export function sellerSeesRow(row: OrderRow): boolean {
  return (
    row.approvalExpiresAt === null ||
    (row.decidedAt !== null && row.status !== 'awaiting_approval' && row.status !== 'rejected')
  );
}

/** Whether the order is a sale of the caller's business: their company's, or their own without one. */
export function sellsAs(row: OrderRow, user: AuthUser, member: Membership | null): boolean {
  return row.sellerId === (member?.companyId ?? user.uid);
}

/**
 * The caller's roles in an order (both, when a seller bought their own product; `approver` for
 * an approver or admin of the buyer's company, read now from the database).
 */
export function rolesOf(row: OrderRow, user: AuthUser, member: Membership | null): OrderActor[] {
  return [
    ...(row.buyerUid === user.uid ? (['buyer'] as const) : []),
    ...(sellsAs(row, user, member) && can(member?.role, 'sales') && sellerSeesRow(row) ? (['seller'] as const) : []),
    ...(row.companyId !== null && member?.companyId === row.companyId && canApprove(member.role)
      ? (['approver'] as const)
      : []),
  ];
}

/** Whether `member` may approve `row`: not their own order above their own limit. */
export function mayDecide(row: OrderRow, user: AuthUser, member: Membership): boolean {
  return row.buyerUid !== user.uid || withinSpendingLimit(row.approvalCheckoutTotal ?? row.total, member.spendingLimit);
}

export function toOrder(
  row: OrderRow,
  lines: OrderLineRow[],
  roles: OrderActor[],
  { approval, invoice, quote }: { approval: OrderApproval | null; invoice: Order['invoice']; quote: Order['quote'] },
  user?: AuthUser,
): Order {
  // An approver who may not approve this one (their own, above their own limit) is not offered it.
  const blocked =
    roles.includes('approver') && approval !== null && !approval.approvers.some((a) => a.email === user?.email);
  return {
    ...toOrderSummary(row),
    shipTo: {
      name: row.shipName,
      line1: row.shipLine1,
      line2: row.shipLine2,
      city: row.shipCity,
      postalCode: row.shipPostalCode,
      country: row.shipCountry,
      phone: row.shipPhone,
    },
    note: row.note,
    trackingRef: row.trackingRef,
    cancelledBy: row.cancelledBy,
    lines: lines.map((line) => ({
      _id: line.id,
      productId: line.productId,
      name: line.name,
      image: line.image,
      brand: line.brand,
      category: line.category,
      price: line.price,
      listPrice: line.listPrice,
      sku: line.sku,
      quantity: line.quantity,
      lineTotal: line.lineTotal,
      taxRate: line.taxRate,
      tax: line.tax,
      packSize: line.packSize,
    })),
    totals: totalsOf(lines),
    invoice,
    quote,
    canInvoice: invoice === null && roles.includes('seller') && INVOICEABLE_STATUSES.includes(row.status),
    history: history(row),
    nextStatuses: nextStatuses(row.status, roles).filter((status) => !(blocked && status === 'placed')),
    approval,
  };
}

/** The approval block of an order that needed one (null otherwise); approvers are read now. */
export async function approvalOf(executor: AppDb | AppTx, row: OrderRow): Promise<OrderApproval | null> {
  if (row.approvalExpiresAt === null) return null;
  let approvers: OrderApproval['approvers'] = [];
  if (row.status === 'awaiting_approval' && row.companyId !== null) {
    approvers = (await membersOf(executor, row.companyId))
      .filter(
        (m) =>
          canApprove(m.role) &&
          (m.uid !== row.buyerUid || withinSpendingLimit(row.approvalCheckoutTotal ?? row.total, m.spendingLimit)),
      )
      .map((m) => ({ email: m.email, name: m.name }));
  }
  return {
    spendingLimit: row.approvalLimit ?? 0,
    checkoutTotal: row.approvalCheckoutTotal ?? row.total,
    expiresAt: row.approvalExpiresAt.toISOString(),
    approvers,
    decidedBy: row.decidedByEmail ? { email: row.decidedByEmail, name: row.decidedByName ?? '' } : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    reason: row.rejectionReason,
  };
}

/** The order's invoice and its credit notes, oldest first (null before it is invoiced). */
export async function invoiceOf(executor: AppDb | AppTx, orderId: string): Promise<Order['invoice']> {
  const [invoice] = await executor
    .select({ _id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(eq(invoices.orderId, orderId));
  if (!invoice) return null;
  const notes = await executor
    .select({ _id: creditNotes.id, number: creditNotes.number })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoice._id))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.number));
  return { ...invoice, creditNotes: notes };
}

/** The quote an order was accepted from (null: a cart's order). */
async function quoteOf(executor: AppDb | AppTx, row: OrderRow): Promise<Order['quote']> {
  if (row.quoteId === null) return null;
  const [quote] = await executor
    .select({ _id: quotes.id, number: quotes.number })
    .from(quotes)
    .where(eq(quotes.id, row.quoteId));
  return quote ? { _id: quote._id, number: formatQuoteNumber(quote.number) } : null;
}

/** What an order shows beside its row and lines: its approval, its documents and its quote. */
export async function extrasOf(executor: AppDb | AppTx, row: OrderRow) {
  const [approval, invoice, quote] = [
    await approvalOf(executor, row),
    await invoiceOf(executor, row.id),
    await quoteOf(executor, row),
  ];
  return { approval, invoice, quote };
}

/**
 * What the documents capability does when an order moves (docs/architecture.md, "Documents"):
 * shipping issues its invoice, cancelling an invoiced order credits what is left of it. Called in
 * the status change's transaction, so the order and its documents commit or fail together.
 */
export interface OrderDocuments {
  afterStatusChange(tx: AppTx, order: OrderRow, lines: OrderLineRow[], user: AuthUser): Promise<void>;
}
