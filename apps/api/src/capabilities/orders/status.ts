import { and, eq, sql } from 'drizzle-orm';
import {
  formatOrderNumber,
  ORDER_STATUS_LABELS,
  ORDER_TRANSITIONS,
  type Order,
  type OrderStatusUpdate,
} from '@b2b/shared';
import type { AppDb, AppTx } from '../../db/client.js';
import { invoices, orders, type OrderRow } from '../../db/schema.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { notifyStatusChanged } from '../notifications/index.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import { returnStock } from '../catalogue/index.js';
import { extrasOf, rolesOf, sellerSeesRow, toOrder, STATUS_TIMESTAMP, type OrderDocuments } from './mapping.js';
import type { OrderQueries } from './queries.js';
import { recordActivity } from '../activity/index.js';
import { sellerOfMember } from '../companies/index.js';
import { orderStatusActivity } from './activity.js';

/**
 * A prepaid order ships once its invoice is paid (docs/architecture.md, "Accounts"): 409
 * PAYMENT_REQUIRED, saying what to do, before.
 */
async function assertPaid(tx: AppTx, row: OrderRow): Promise<void> {
  const [invoice] = await tx
    .select({ left: sql<string>`${invoices.gross} - ${invoices.credited} - ${invoices.paid}` })
    .from(invoices)
    .where(eq(invoices.orderId, row.id));
  if (invoice && Number(invoice.left) <= 0) return;
  const number = formatOrderNumber(row.number);
  throw new AppError(
    'PAYMENT_REQUIRED',
    invoice
      ? `Order ${number} is prepaid: record the payment of its invoice before shipping it.`
      : `Order ${number} is prepaid: issue its invoice and record its payment before shipping it.`,
  );
}

export function createStatusChanges(
  db: AppDb,
  { lockedOrder, linesOf, visibleOrder }: Pick<OrderQueries, 'lockedOrder' | 'linesOf' | 'visibleOrder'>,
  documents: OrderDocuments | undefined,
) {
  return {
    /**
     * Moves the order to `status` if ORDER_TRANSITIONS allows it for the caller's role: 409
     * INVALID_TRANSITION when the table has no such change from the current status, 403 when
     * it has, but not for this caller. The order row is locked, so a concurrent change waits
     * and is then judged against the new status. A cancel returns every line's stock in the
     * same transaction; as only one cancel can succeed, stock is returned once.
     */
    async changeStatus(id: string, user: AuthUser, change: OrderStatusUpdate): Promise<Order | null> {
      return db.transaction(async (tx) => {
        const visible = await visibleOrder(tx, await lockedOrder(tx, id), user);
        if (!visible) return null;
        const { row, roles, member } = visible;
        const allowed = ORDER_TRANSITIONS[row.status][change.status];
        if (!allowed) {
          throw new AppError(
            'INVALID_TRANSITION',
            `A ${ORDER_STATUS_LABELS[row.status].toLowerCase()} order cannot become ${ORDER_STATUS_LABELS[change.status].toLowerCase()}.`,
          );
        }
        if (allowed.every((who) => who === 'approver')) {
          throw forbidden(
            `Approving and rejecting go through POST /orders/${id}/approve and /orders/${id}/reject, by an approver or admin of the buyer's company.`,
          );
        }
        const actor = allowed.find((who): who is 'buyer' | 'seller' => who !== 'approver' && roles.includes(who));
        if (!actor) {
          throw forbidden(
            `Only the ${allowed.join(' or ')} can make a ${ORDER_STATUS_LABELS[row.status].toLowerCase()} order ${ORDER_STATUS_LABELS[change.status].toLowerCase()}.`,
          );
        }
        if (change.status === 'shipped' && row.prepaid) await assertPaid(tx, row);
        const [updated] = await tx
          .update(orders)
          .set({
            status: change.status,
            [STATUS_TIMESTAMP[change.status]]: sql`now()`,
            updatedAt: sql`now()`,
            ...(change.status === 'shipped' && change.trackingRef !== undefined
              ? { trackingRef: change.trackingRef }
              : {}),
            ...(change.status === 'cancelled' ? { cancelledBy: actor } : {}),
          })
          .where(and(eq(orders.id, id), eq(orders.status, row.status)))
          .returning();
        if (!updated) throw new Error('the locked order changed underneath');
        if (actor === 'seller' && member && member.companyId === row.sellerId) {
          await recordActivity(tx, sellerOfMember(member, user), orderStatusActivity(row, updated));
        }
        // A buyer's cancel while it awaited approval: the seller never saw the order.
        if (sellerSeesRow(row)) await notifyStatusChanged(tx, updated, actor);
        const lines = await linesOf(tx, id);
        if (change.status === 'cancelled') {
          await returnStock(
            tx,
            lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
          );
        }
        await documents?.afterStatusChange(tx, updated, lines, user);
        return toOrder(updated, lines, rolesOf(updated, user, member), await extrasOf(tx, updated), user);
      });
    },
  };
}
