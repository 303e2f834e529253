import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  APPROVAL_TIMEOUT_REASON,
  canApprove,
  formatOrderNumber,
  judgeQuantity,
  lineAmount,
  MAX_EXACT_COUNT,
  nextStatuses,
  sumAmounts,
  withinSpendingLimit,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  ORDER_TRANSITIONS,
  type CompanyOrdersParams,
  type Order,
  type OrderActor,
  type OrderApproval,
  type OrderHistoryEntry,
  type OrderListParams,
  type OrderStatus,
  type OrderStatusCounts,
  type OrderStatusUpdate,
  type OrderSummary,
  type PlaceOrder,
  type PlaceOrderResult,
  type QuantityRefusal,
  type ReorderLineResult,
  type ReorderResult,
} from '@b2b/shared';
import type { AppDb, AppTx, InTransaction } from '../db/client.js';
import {
  cartItems,
  orderLines,
  orders,
  products,
  type CartItemRow,
  type OrderLineRow,
  type OrderRow,
} from '../db/schema.js';
import { AppError, forbidden, notFound } from '../lib/errors.js';
import {
  notifyApprovalDecided,
  notifyApprovalRequested,
  notifyOrdersPlaced,
  notifyStatusChanged,
  type PlacedOrder,
} from '../notifications/events.js';
import type { AuthUser } from '../plugins/auth.js';
import type { CartRepository } from './carts.js';
import { membersOf, membershipOf, type Membership } from './companies.js';
import { holding } from './holding.js';
import { returnStock } from './stock.js';

/*
 * Orders (docs/architecture.md, "Orders and cart holds"). Every change is one transaction:
 * placing empties the cart into one order per seller; a status change locks the order row, so
 * of two concurrent changes (a buyer's and a seller's cancel, say) the second sees the first's
 * result; cancelling returns the stock of every line in the same transaction.
 */

/** Whose list: the buyer's orders (My Orders) or the seller's (Sales). */
export type OrderRole = 'buyer' | 'seller';

export interface OrderPage {
  items: OrderSummary[];
  total: number;
  totalIsExact: boolean;
  nextCursor: string | null;
}

const STATUS_TIMESTAMP = {
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
    companyName: row.companyName,
    poNumber: row.poNumber,
    total: row.total,
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
function sellerSeesRow(row: OrderRow): boolean {
  return (
    row.approvalExpiresAt === null ||
    (row.decidedAt !== null && row.status !== 'awaiting_approval' && row.status !== 'rejected')
  );
}

/**
 * The caller's roles in an order (both, when a seller bought their own product; `approver` for
 * an approver or admin of the buyer's company, read now from the database).
 */
function rolesOf(row: OrderRow, user: AuthUser, member: Membership | null): OrderActor[] {
  return [
    ...(row.buyerUid === user.uid ? (['buyer'] as const) : []),
    ...(row.sellerUid === user.uid && sellerSeesRow(row) ? (['seller'] as const) : []),
    ...(row.companyId !== null && member?.companyId === row.companyId && canApprove(member.role)
      ? (['approver'] as const)
      : []),
  ];
}

/** Whether `member` may approve `row`: not their own order above their own limit. */
function mayDecide(row: OrderRow, user: AuthUser, member: Membership): boolean {
  return row.buyerUid !== user.uid || withinSpendingLimit(row.approvalCheckoutTotal ?? row.total, member.spendingLimit);
}

function toOrder(
  row: OrderRow,
  lines: OrderLineRow[],
  roles: OrderActor[],
  approval: OrderApproval | null,
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
    })),
    history: history(row),
    nextStatuses: nextStatuses(row.status, roles).filter((status) => !(blocked && status === 'placed')),
    approval,
  };
}

/** The approval block of an order that needed one (null otherwise); approvers are read now. */
async function approvalOf(executor: AppDb | AppTx, row: OrderRow): Promise<OrderApproval | null> {
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

/** A cursor carries the last row's placing time (as text, microseconds kept) and id. */
function encodeCursor(placedAt: string, id: string): string {
  return Buffer.from(JSON.stringify([placedAt, id])).toString('base64url');
}

function decodeCursor(cursor: string): { placedAt: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      !Number.isNaN(Date.parse(value[0])) &&
      typeof value[1] === 'string' &&
      /^[0-9a-f-]{36}$/i.test(value[1])
    ) {
      return { placedAt: value[0], id: value[1] };
    }
  } catch {
    // Reported below.
  }
  throw new AppError('VALIDATION_ERROR', 'The cursor is not valid. Start again from the first page.', [
    { field: 'cursor', message: 'Not a cursor of this list.' },
  ]);
}

const REORDER_OUTCOME = {
  NOT_FOUND: 'product_gone',
  MIN_ORDER_NOT_MET: 'min_order_not_met',
  QUANTITY_NOT_MULTIPLE: 'quantity_not_multiple',
  MAX_ORDER_EXCEEDED: 'max_order_exceeded',
  INSUFFICIENT_STOCK: 'insufficient_stock',
} as const;

/**
 * Checkout checks the cart against the products' rules as they are now (a seller may have
 * changed the pack, minimum or maximum since the items were bought): the buyer's total of each
 * product is judged by the same `judgeQuantity` as a purchase, without the stock, which the
 * items already hold. Any line that no longer fits is reported and nothing is placed.
 */
async function assertCartFitsRules(tx: AppTx, items: readonly CartItemRow[]): Promise<void> {
  const totals = new Map<string, { name: string; quantity: number }>();
  for (const item of items) {
    const total = totals.get(item.productId);
    totals.set(item.productId, { name: item.name, quantity: (total?.quantity ?? 0) + item.buyQuantity });
  }
  const rules = await tx
    .select({
      id: products.id,
      price: products.price,
      minSellQty: products.minSellQty,
      packSize: products.packSize,
      maxOrderQty: products.maxOrderQty,
      priceTiers: products.priceTiers,
    })
    .from(products)
    .where(inArray(products.id, [...totals.keys()]));
  const refusals: { code: QuantityRefusal; field: string; message: string }[] = [];
  for (const product of rules) {
    const total = totals.get(product.id);
    if (!total) continue;
    const verdict = judgeQuantity(product, { quantity: total.quantity });
    if (!verdict.ok)
      refusals.push({ code: verdict.code, field: product.id, message: `${total.name}: ${verdict.message}` });
  }
  const [first] = refusals;
  if (!first) return;
  throw new AppError(
    first.code,
    `Your cart no longer fits the seller's rules, so nothing was ordered. ${refusals.map((r) => r.message).join(' ')}`,
    refusals.map(({ field, message }) => ({ field, message })),
  );
}

export function createOrderRepository(
  db: AppDb,
  { carts, approvalTimeoutHours }: { carts: CartRepository; approvalTimeoutHours: number },
) {
  async function lockedOrder(tx: AppTx, id: string): Promise<OrderRow> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!row) throw notFound('Order');
    return row;
  }

  async function linesOf(executor: AppDb | AppTx, id: string): Promise<OrderLineRow[]> {
    return executor.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.position));
  }

  /**
   * The order, if the caller is its buyer, its seller (once the seller sees it) or an approver or
   * admin of the buyer's company; 404 when there is none, when it is a company order of someone
   * else (so ids cannot be probed), or when its seller does not see it yet; 403 otherwise.
   */
  async function visibleOrder(
    executor: AppDb | AppTx,
    row: OrderRow | undefined,
    user: AuthUser,
  ): Promise<{ row: OrderRow; roles: OrderActor[]; member: Membership | null }> {
    if (!row) throw notFound('Order');
    const member = row.companyId !== null ? await membershipOf(executor, user.uid) : null;
    const roles = rolesOf(row, user, member);
    if (roles.length === 0) {
      if (row.companyId !== null || (row.sellerUid === user.uid && !sellerSeesRow(row))) throw notFound('Order');
      throw forbidden('Only the buyer and the seller can see this order.');
    }
    return { row, roles, member };
  }

  async function readOrder(id: string, user: AuthUser) {
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    return visibleOrder(db, row, user);
  }

  /** A page of orders matching `filter`, newest first, by offset or keyset cursor. */
  async function page(
    filter: SQL | undefined,
    params: { limit: number; offset: number; cursor?: string | undefined },
  ): Promise<OrderPage> {
    let where: SQL | undefined = filter;
    if (params.cursor) {
      const after = decodeCursor(params.cursor);
      const at = sql`${after.placedAt}::timestamptz`;
      where = and(filter, or(lt(orders.placedAt, at), and(eq(orders.placedAt, at), lt(orders.id, after.id))));
    }
    const rows = await db
      .select({ row: orders, placedKey: sql<string>`${orders.placedAt}::text` })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(params.limit + 1)
      .offset(params.cursor ? 0 : params.offset);
    const items = rows.slice(0, params.limit);
    const last = items.at(-1);
    const nextCursor = rows.length > params.limit && last ? encodeCursor(last.placedKey, last.row.id) : null;

    // Counted up to MAX_EXACT_COUNT, like a seller's listings: a lower bound beyond.
    const bounded = db
      .select({ one: sql`1` })
      .from(orders)
      .where(filter)
      .limit(MAX_EXACT_COUNT + 1)
      .as('bounded');
    const [counted] = await db.select({ n: count() }).from(bounded);
    const n = counted?.n ?? 0;
    return {
      items: items.map(({ row }) => toOrderSummary(row)),
      total: Math.min(n, MAX_EXACT_COUNT),
      totalIsExact: n <= MAX_EXACT_COUNT,
      nextCursor,
    };
  }

  /**
   * Approve or reject, by an approver or admin of the buyer's company: the order row is locked,
   * so of an approve and a reject racing, the second finds it decided (409 INVALID_TRANSITION).
   */
  async function decide(id: string, user: AuthUser, to: 'placed' | 'rejected', reason: string): Promise<Order> {
    return db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      const { row, roles, member } = await visibleOrder(tx, locked, user);
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
      const after = rolesOf(updated, user, member);
      return toOrder(updated, lines, after, await approvalOf(tx, updated), user);
    });
  }

  return {
    /**
     * Checkout, in one transaction: the caller's cart items (their stock is already held) are
     * deleted with RETURNING, so an item that a concurrent removal or the hold sweep takes is
     * not ordered too; they become one order per seller with the items as lines. Any failure
     * rolls everything back and the cart is as it was.
     */
    async place(
      user: AuthUser,
      input: PlaceOrder,
      inTransaction?: InTransaction<PlaceOrderResult>,
    ): Promise<PlaceOrderResult> {
      return db.transaction(async (tx) => {
        const items = await tx
          .delete(cartItems)
          .where(and(eq(cartItems.userUid, user.uid), holding()))
          .returning();
        if (items.length === 0) throw new AppError('EMPTY_CART', 'Your cart is empty: there is nothing to order.');
        await assertCartFitsRules(tx, items);

        const bySeller = new Map<string, CartItemRow[]>();
        const oldestFirst = [...items].sort(
          (a, b) => a.buyDate.getTime() - b.buyDate.getTime() || a.id.localeCompare(b.id),
        );
        for (const item of oldestFirst) bySeller.set(item.sellerUid, [...(bySeller.get(item.sellerUid) ?? []), item]);
        const groups = [...bySeller.values()].sort((a, b) =>
          (a[0]?.sellerEmail ?? '').localeCompare(b[0]?.sellerEmail ?? ''),
        );

        // A company member's checkout above their spending limit waits for approval, every order
        // of it: the total is of the whole checkout, in exact cents (a limit exactly met is placed).
        const member = await membershipOf(tx, user.uid);
        const checkoutTotal = sumAmounts(items.map((item) => lineAmount(item.price, item.buyQuantity)));
        const awaits = member !== null && !withinSpendingLimit(checkoutTotal, member.spendingLimit);
        const approval = awaits
          ? {
              status: 'awaiting_approval' as const,
              approvalLimit: member.spendingLimit,
              approvalCheckoutTotal: checkoutTotal,
              submittedAt: sql`now()`,
              approvalExpiresAt: sql`now() + make_interval(hours => ${approvalTimeoutHours})`,
            }
          : {};

        const checkoutId = randomUUID();
        const placed: PlaceOrderResult['orders'] = [];
        const notices: PlacedOrder[] = [];
        for (const group of groups) {
          const [first] = group;
          if (!first) continue;
          const [order] = await tx
            .insert(orders)
            .values({
              checkoutId,
              buyerUid: user.uid,
              buyerEmail: user.email,
              buyerName: user.displayName,
              sellerUid: first.sellerUid,
              sellerEmail: first.sellerEmail,
              poNumber: input.poNumber,
              shipName: input.shipTo.name,
              shipLine1: input.shipTo.line1,
              shipLine2: input.shipTo.line2,
              shipCity: input.shipTo.city,
              shipPostalCode: input.shipTo.postalCode,
              shipCountry: input.shipTo.country,
              shipPhone: input.shipTo.phone,
              note: input.note,
              companyId: member?.companyId ?? null,
              companyName: member?.companyName ?? null,
              ...approval,
            })
            .returning({ id: orders.id });
          if (!order) throw new Error('insert returned no order');
          await tx.insert(orderLines).values(
            group.map((item, index) => ({
              orderId: order.id,
              position: index + 1,
              productId: item.productId,
              name: item.name,
              image: item.image,
              brand: item.brand,
              category: item.category,
              price: item.price,
              listPrice: item.listPrice,
              sku: item.sku,
              quantity: item.buyQuantity,
            })),
          );
          // The total from the snapshot prices, computed by the database in numeric (no float drift).
          const [row] = await tx
            .update(orders)
            .set({
              total: sql`(SELECT coalesce(sum(${orderLines.lineTotal}), 0) FROM ${orderLines} WHERE ${orderLines.orderId} = ${order.id})`,
              lineCount: group.length,
              units: group.reduce((sum, item) => sum + item.buyQuantity, 0),
            })
            .where(eq(orders.id, order.id))
            .returning();
          if (!row) throw new Error('update returned no order');
          const { _id, orderNumber, sellerEmail, status, total } = toOrderSummary(row);
          placed.push({ _id, orderNumber, sellerEmail, status, total });
          notices.push({ order: row, lines: group.map((item) => ({ ...item, quantity: item.buyQuantity })) });
        }
        // The outbox: the seller's and the buyer's notifications commit with the orders. An order
        // awaiting approval tells the approvers instead; its sellers hear of it once approved.
        if (awaits) await notifyApprovalRequested(tx, notices);
        else await notifyOrdersPlaced(tx, notices);
        const result: PlaceOrderResult = { acknowledged: true, checkoutId, orders: placed };
        await inTransaction?.(tx, result);
        return result;
      });
    },

    /** The caller's orders as buyer or as seller, newest first, paged by offset or keyset cursor. */
    async list(user: AuthUser, role: OrderRole, params: OrderListParams): Promise<OrderPage> {
      const owner = role === 'buyer' ? eq(orders.buyerUid, user.uid) : and(eq(orders.sellerUid, user.uid), sellerSees);
      return page(and(owner, params.status ? eq(orders.status, params.status) : undefined), params);
    },

    /** GET /companies/current/orders: every order of the company (the gate is the caller's). */
    async listCompany(companyId: string, params: CompanyOrdersParams): Promise<OrderPage> {
      return page(
        and(
          eq(orders.companyId, companyId),
          params.status ? eq(orders.status, params.status) : undefined,
          params.member ? eq(orders.buyerUid, params.member) : undefined,
        ),
        params,
      );
    },

    /** How many of the caller's orders (as buyer or seller) are in each status. */
    async countByStatus(user: AuthUser, role: OrderRole): Promise<OrderStatusCounts> {
      const owner = role === 'buyer' ? eq(orders.buyerUid, user.uid) : and(eq(orders.sellerUid, user.uid), sellerSees);
      const rows = await db
        .select({ status: orders.status, n: count() })
        .from(orders)
        .where(owner)
        .groupBy(orders.status);
      const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as OrderStatusCounts;
      for (const { status, n } of rows) counts[status] = n;
      return counts;
    },

    async get(id: string, user: AuthUser): Promise<Order> {
      const { row, roles } = await readOrder(id, user);
      return toOrder(row, await linesOf(db, id), roles, await approvalOf(db, row), user);
    },

    approve(id: string, user: AuthUser): Promise<Order> {
      return decide(id, user, 'placed', '');
    },

    reject(id: string, user: AuthUser, reason: string): Promise<Order> {
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
        }
        return expired.length;
      });
    },

    /**
     * Moves the order to `status` if ORDER_TRANSITIONS allows it for the caller's role: 409
     * INVALID_TRANSITION when the table has no such change from the current status, 403 when
     * it has, but not for this caller. The order row is locked, so a concurrent change waits
     * and is then judged against the new status. A cancel returns every line's stock in the
     * same transaction; as only one cancel can succeed, stock is returned once.
     */
    async changeStatus(id: string, user: AuthUser, change: OrderStatusUpdate): Promise<Order> {
      return db.transaction(async (tx) => {
        const { row, roles, member } = await visibleOrder(tx, await lockedOrder(tx, id), user);
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
        // A buyer's cancel while it awaited approval: the seller never saw the order.
        if (sellerSeesRow(row)) await notifyStatusChanged(tx, updated, actor);
        const lines = await linesOf(tx, id);
        if (change.status === 'cancelled') {
          await returnStock(
            tx,
            lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
          );
        }
        return toOrder(updated, lines, rolesOf(updated, user, member), await approvalOf(tx, updated), user);
      });
    },

    /**
     * Buys every line again into the buyer's cart through the ordinary purchase (its minimum,
     * its stock, today's price), one transaction per line, and says per line what happened.
     */
    async reorder(id: string, user: AuthUser): Promise<ReorderResult> {
      const { row } = await readOrder(id, user);
      if (row.buyerUid !== user.uid) throw forbidden('Only the buyer can reorder this order.');
      const results: ReorderLineResult[] = [];
      for (const line of await linesOf(db, id)) {
        const base = { productId: line.productId, name: line.name, quantity: line.quantity };
        try {
          const cartItemId = await carts.purchase(user, { productId: line.productId, buyQuantity: line.quantity });
          results.push({ ...base, outcome: 'added', message: 'Added to your cart.', cartItemId });
        } catch (error) {
          if (!(error instanceof AppError) || !(error.code in REORDER_OUTCOME)) throw error;
          const outcome = REORDER_OUTCOME[error.code as keyof typeof REORDER_OUTCOME];
          const message = outcome === 'product_gone' ? 'This product is no longer sold.' : error.message;
          results.push({ ...base, outcome, message, cartItemId: null });
        }
      }
      return { acknowledged: true, added: results.filter((r) => r.outcome === 'added').length, results };
    },
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
