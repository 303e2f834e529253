import { and, asc, count, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  MAX_EXACT_COUNT,
  ORDER_STATUSES,
  type CompanyOrdersParams,
  type Order,
  type OrderActor,
  type OrderListParams,
  type OrderStatusCounts,
} from '@b2b/shared';
import type { AppDb, AppTx } from '../../db/client.js';
import { orderLines, orders, type OrderLineRow, type OrderRow } from '../../db/schema.js';
import { forbidden } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import {
  actingSeller,
  isCompanySeller,
  membershipOf,
  requirePermission,
  sellerOfMember,
  type Membership,
} from '../companies/index.js';
import { decodeCursor, encodeCursor, isTimeAndId } from '../../lib/cursor.js';
import {
  extrasOf,
  rolesOf,
  sellerSeesRow,
  sellsAs,
  toOrder,
  toOrderSummary,
  sellerSees,
  type OrderPage,
  type OrderRole,
} from './mapping.js';

/*
 * Reading orders: one order as its buyer, seller or company approver may see it (404 where the
 * caller must not learn it exists), and the order lists, newest first, by offset or cursor.
 */

export function createOrderQueries(db: AppDb) {
  async function lockedOrder(tx: AppTx, id: string): Promise<OrderRow | undefined> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    return row;
  }

  async function linesOf(executor: AppDb | AppTx, id: string): Promise<OrderLineRow[]> {
    return executor.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.position));
  }

  /**
   * The order, if the caller is its buyer, its seller (once the seller sees it) or an approver or
   * admin of the buyer's company. Null (the route's 404) when there is none, when it is a company
   * order of someone else (so ids cannot be probed), or when its seller does not see it yet; 403
   * for any other order of someone else.
   */
  async function visibleOrder(
    executor: AppDb | AppTx,
    row: OrderRow | undefined,
    user: AuthUser,
  ): Promise<{ row: OrderRow; roles: OrderActor[]; member: Membership | null } | null> {
    if (!row) return null;
    const companySale = isCompanySeller(row.sellerId);
    const member = row.companyId !== null || companySale ? await membershipOf(executor, user.uid) : null;
    const roles = rolesOf(row, user, member);
    if (roles.length === 0) {
      if (companySale && sellsAs(row, user, member) && sellerSeesRow(row) && member) {
        // A colleague whose role is not the order desk's: theirs to know of, not to open.
        requirePermission(sellerOfMember(member, user), 'sales');
      }
      if (row.companyId !== null || companySale || (row.sellerId === user.uid && !sellerSeesRow(row))) return null;
      throw forbidden('Only the buyer and the seller can see this order.');
    }
    return { row, roles, member };
  }

  async function readOrder(id: string, user: AuthUser) {
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    return visibleOrder(db, row, user);
  }

  /** The buyer's own orders, or the sales of the caller's business (403 for a role without the order desk). */
  async function ownerFilter(user: AuthUser, role: OrderRole): Promise<SQL | undefined> {
    if (role === 'buyer') return eq(orders.buyerUid, user.uid);
    const seller = await actingSeller(db, user, 'sales');
    return and(eq(orders.sellerId, seller.id), sellerSees);
  }

  /** A page of orders matching `filter`, newest first, by offset or keyset cursor. */
  async function page(
    filter: SQL | undefined,
    params: { limit: number; offset: number; cursor?: string | undefined },
  ): Promise<OrderPage> {
    let where: SQL | undefined = filter;
    if (params.cursor) {
      const [placedAt, id] = decodeCursor(params.cursor, isTimeAndId);
      const at = sql`${placedAt}::timestamptz`;
      where = and(filter, or(lt(orders.placedAt, at), and(eq(orders.placedAt, at), lt(orders.id, id))));
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
    const nextCursor = rows.length > params.limit && last ? encodeCursor([last.placedKey, last.row.id]) : null;

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

  return {
    lockedOrder,
    linesOf,
    visibleOrder,
    readOrder,

    async list(user: AuthUser, role: OrderRole, params: OrderListParams): Promise<OrderPage> {
      const owner = await ownerFilter(user, role);
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
      const owner = await ownerFilter(user, role);
      const rows = await db
        .select({ status: orders.status, n: count() })
        .from(orders)
        .where(owner)
        .groupBy(orders.status);
      const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as OrderStatusCounts;
      for (const { status, n } of rows) counts[status] = n;
      return counts;
    },

    async get(id: string, user: AuthUser): Promise<Order | null> {
      const visible = await readOrder(id, user);
      if (!visible) return null;
      const { row, roles } = visible;
      return toOrder(row, await linesOf(db, id), roles, await extrasOf(db, row), user);
    },
  };
}

export type OrderQueries = ReturnType<typeof createOrderQueries>;
