import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { APPROVAL_TIMEOUT_REASON, ORDER_STATUS_LABELS, type Order } from '@b2b/shared';
import type { AppDb, AppTx } from '../../db/client.js';
import { orderLines, orders, type OrderRow } from '../../db/schema.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { notifyApprovalDecided } from '../notifications/index.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import { returnStock } from '../catalogue/index.js';
import { extrasOf, mayDecide, rolesOf, toOrder } from './mapping.js';
import type { OrderQueries } from './queries.js';

/* Company approvals: an approver's decision, and the timeout that rejects what nobody decided. */

/**
 * What another capability does when an approval is decided, in the decision's transaction (after
 * the order row, and a rejection's stock, are written): an order accepted from a quote moves its
 * quote on (docs/architecture.md, "Quotes"). Registered with `onApprovalDecided`.
 */
export type ApprovalListener = (tx: AppTx, order: OrderRow) => Promise<void>;

export function createApprovals(db: AppDb, { linesOf, visibleOrder }: Pick<OrderQueries, 'linesOf' | 'visibleOrder'>) {
  const listeners: ApprovalListener[] = [];
  const decided = async (tx: AppTx, order: OrderRow) => {
    for (const listener of listeners) await listener(tx, order);
  };

  /**
   * Approve or reject, by an approver or admin of the buyer's company: the order row is locked,
   * so of an approve and a reject racing, the second finds it decided (409 INVALID_TRANSITION).
   */
  async function decide(id: string, user: AuthUser, to: 'placed' | 'rejected', reason: string): Promise<Order | null> {
    return db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      const visible = await visibleOrder(tx, locked, user);
      if (!visible) return null;
      const { row, roles, member } = visible;
      const verb = to === 'placed' ? 'approve' : 'reject';
      if (!roles.includes('approver') || !member) {
        throw forbidden(`Only an approver or admin of the buyer's company can ${verb} this order.`);
      }
      if (row.status !== 'awaiting_approval') {
        throw new AppError(
          'INVALID_TRANSITION',
          `Only an order awaiting approval can be ${verb}d; this one is ${ORDER_STATUS_LABELS[row.status].toLowerCase()}.`,
        );
      }
      if (to === 'placed' && !mayDecide(row, user, member)) {
        throw forbidden('This order is above your own spending limit: another approver or admin must approve it.');
      }
      const [updated] = await tx
        .update(orders)
        .set({
          status: to,
          ...(to === 'placed' ? { placedAt: sql`now()` } : { rejectedAt: sql`now()`, rejectionReason: reason }),
          decidedByUid: user.uid,
          decidedByEmail: user.email,
          decidedByName: user.displayName,
          decidedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(orders.id, id), eq(orders.status, 'awaiting_approval')))
        .returning();
      if (!updated) throw new Error('the locked order changed underneath');
      const lines = await linesOf(tx, id);
      if (to === 'rejected') {
        await returnStock(
          tx,
          lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
        );
      }
      await notifyApprovalDecided(tx, updated, lines);
      await decided(tx, updated);
      const after = rolesOf(updated, user, member);
      return toOrder(updated, lines, after, await extrasOf(tx, updated), user);
    });
  }

  return {
    /** Adds a listener every later decision (and timeout) calls in its transaction. */
    onApprovalDecided(listener: ApprovalListener): void {
      listeners.push(listener);
    },

    approve(id: string, user: AuthUser): Promise<Order | null> {
      return decide(id, user, 'placed', '');
    },

    reject(id: string, user: AuthUser, reason: string): Promise<Order | null> {
      return decide(id, user, 'rejected', reason);
    },

    /**
     * The approval timeout: orders awaiting approval past their expiry become rejected with
     * their stock returned, up to `batch` per transaction. FOR UPDATE SKIP LOCKED lets several
     * processes sweep at once (and an approver's decision in progress is left to finish).
     */
    async expireApprovals(batch: number): Promise<number> {
      return db.transaction(async (tx) => {
        const due = tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.status, 'awaiting_approval'), lt(orders.approvalExpiresAt, sql`now()`)))
          .orderBy(asc(orders.approvalExpiresAt))
          .limit(batch)
          .for('update', { skipLocked: true });
        const expired = await tx
          .update(orders)
          .set({
            status: 'rejected',
            rejectedAt: sql`now()`,
            rejectionReason: APPROVAL_TIMEOUT_REASON,
            updatedAt: sql`now()`,
          })
          .where(and(inArray(orders.id, due), eq(orders.status, 'awaiting_approval')))
          .returning();
        if (expired.length === 0) return 0;
        const lines = await tx
          .select()
          .from(orderLines)
          .where(
            inArray(
              orderLines.orderId,
              expired.map((row) => row.id),
            ),
          );
        await returnStock(
          tx,
          lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
        );
        for (const row of expired) {
          await notifyApprovalDecided(
            tx,
            row,
            lines.filter((line) => line.orderId === row.id),
          );
          await decided(tx, row);
        }
        return expired.length;
      });
    },
  };
}
