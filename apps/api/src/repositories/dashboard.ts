import { sql } from 'drizzle-orm';
import {
  DASHBOARD_DAYS,
  DASHBOARD_LIST_SIZE,
  formatOrderNumber,
  LOW_STOCK_MIN_ORDERS,
  type Dashboard,
} from '@b2b/shared';
import { queryRows, type AppDb } from '../db/client.js';
import type { AuthUser } from '../plugins/auth.js';

/*
 * The seller's overview (docs/architecture.md, "Seller dashboard"). Four indexed queries, run
 * together; none reads more than the seller's orders of the last DASHBOARD_DAYS days, so the
 * cost follows the orders in the window, not the seller's history:
 *   days         orders_seller_sales_idx (seller, placed_at, status, total): read from the index
 *   awaiting     orders_seller_status_idx (seller, 'placed', placed_at)
 *   top products the window's orders again, joined to their lines by (order_id, position)
 *   low stock    products_low_stock_idx: a partial index of products under two minimum orders
 */

const windowStart = sql`(date_trunc('day', now() AT TIME ZONE 'UTC') - make_interval(days => ${DASHBOARD_DAYS - 1})) AT TIME ZONE 'UTC'`;

function lastDays(today: Date): string[] {
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: DASHBOARD_DAYS }, (_, i) =>
    new Date(start - (DASHBOARD_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

export function createDashboardRepository(db: AppDb) {
  return {
    async get(user: AuthUser): Promise<Dashboard> {
      const uid = user.uid;
      const [days, awaitingCount, awaiting, top, low, clock] = await Promise.all([
        queryRows<{ day: string; orders: number; revenue: string }>(
          db,
          sql`SELECT to_char(placed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS orders,
                     coalesce(sum(total), 0)::text AS revenue
              FROM orders
              WHERE seller_uid = ${uid} AND placed_at >= ${windowStart} AND status <> 'cancelled'
              GROUP BY 1`,
        ),
        queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM orders WHERE seller_uid = ${uid} AND status = 'placed'`,
        ),
        queryRows<{
          id: string;
          number: string;
          buyer_email: string;
          buyer_name: string;
          total: string;
          placed_at: string;
        }>(
          db,
          sql`SELECT id, number::text, buyer_email, buyer_name, total::text, placed_at
              FROM orders WHERE seller_uid = ${uid} AND status = 'placed'
              ORDER BY placed_at, id LIMIT ${DASHBOARD_LIST_SIZE}`,
        ),
        queryRows<{ product_id: string; name: string; units: string; revenue: string }>(
          db,
          sql`SELECT l.product_id, (array_agg(l.name ORDER BY o.placed_at DESC))[1] AS name,
                     sum(l.quantity)::text AS units, sum(l.line_total)::text AS revenue
              FROM orders o JOIN order_lines l ON l.order_id = o.id
              WHERE o.seller_uid = ${uid} AND o.placed_at >= ${windowStart} AND o.status <> 'cancelled'
              GROUP BY l.product_id
              ORDER BY sum(l.line_total) DESC, l.product_id
              LIMIT ${DASHBOARD_LIST_SIZE}`,
        ),
        queryRows<{ id: string; name: string; quantity: number; min_sell_qty: number }>(
          db,
          sql`SELECT id, name, quantity, min_sell_qty FROM products
              WHERE owner_uid = ${uid} AND quantity < ${LOW_STOCK_MIN_ORDERS} * min_sell_qty
              ORDER BY quantity::float8 / min_sell_qty, id
              LIMIT ${DASHBOARD_LIST_SIZE}`,
        ),
        queryRows<{ now: string }>(db, sql`SELECT now()::text AS now`),
      ]);
      const byDay = new Map(days.map((row) => [row.day, row]));
      const series = lastDays(new Date(clock[0]?.now ?? Date.now())).map((date) => ({
        date,
        orders: byDay.get(date)?.orders ?? 0,
        revenue: Number(byDay.get(date)?.revenue ?? 0),
      }));
      return {
        days: series,
        totals: {
          orders: series.reduce((sum, day) => sum + day.orders, 0),
          revenue: Math.round(series.reduce((sum, day) => sum + day.revenue, 0) * 100) / 100,
        },
        awaitingConfirmation: {
          count: awaitingCount[0]?.n ?? 0,
          orders: awaiting.map((row) => ({
            _id: row.id,
            orderNumber: formatOrderNumber(Number(row.number)),
            buyerEmail: row.buyer_email,
            buyerName: row.buyer_name,
            total: Number(row.total),
            placedAt: new Date(row.placed_at).toISOString(),
          })),
        },
        topProducts: top.map((row) => ({
          productId: row.product_id,
          name: row.name,
          units: Number(row.units),
          revenue: Number(row.revenue),
        })),
        lowStock: low.map((row) => ({
          _id: row.id,
          name: row.name,
          quantity: row.quantity,
          minSellQty: row.min_sell_qty,
        })),
      };
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
