import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import {
  DASHBOARD_DAYS,
  DASHBOARD_LIST_SIZE,
  formatOrderNumber,
  LOW_STOCK_MIN_ORDERS,
  sumAmounts,
  type Dashboard,
} from '@b2b/shared';
import { queryRows, type AppDb } from '../../db/client.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import { actingSeller } from '../companies/index.js';

/*
 * The seller's overview (docs/architecture.md, "Seller dashboard"). Four indexed queries, run
 * together; none reads the seller's orders of the window, so the cost stays the same however
 * many orders a day brings:
 *   days         seller_daily_sales: one rollup row per day (30 rows), kept by triggers
 *   awaiting     orders_seller_status_idx (seller, 'placed', placed_at)
 *   top products seller_product_sales: a row per product and day, summed over the 30 days
 *   low stock    products_low_stock_idx: a partial index of products under two minimum orders
 */

/** The first UTC day of the window, as the rollups' `day`. */
const windowStart = sql`(now() AT TIME ZONE 'UTC')::date - ${DASHBOARD_DAYS - 1}::int`;

function lastDays(today: Date): string[] {
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: DASHBOARD_DAYS }, (_, i) =>
    new Date(start - (DASHBOARD_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

export function createDashboardRepository(db: AppDb) {
  return {
    async get(user: AuthUser): Promise<Dashboard> {
      // The business's overview: a member's company's (by role), else the user's own.
      const uid = (await actingSeller(db, user, 'dashboard')).id;
      const [days, awaitingCount, awaiting, top, low, clock, owed] = await Promise.all([
        queryRows<{ day: string; orders: number; revenue: string }>(
          db,
          sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, orders, revenue::text AS revenue
              FROM seller_daily_sales
              WHERE seller_uid = ${uid} AND day >= ${windowStart}`,
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
          // Sums first, the name (the newest line's) only for the five: an array_agg per
          // product took twice as long. A product whose every order in the window was cancelled
          // keeps rows of zero and is left out.
          sql`SELECT t.product_id, n.name, t.units::text AS units, t.revenue::text AS revenue
              FROM (SELECT product_id, sum(units) AS units, sum(revenue) AS revenue
                    FROM seller_product_sales
                    WHERE seller_uid = ${uid} AND day >= ${windowStart}
                    GROUP BY product_id HAVING sum(units) > 0
                    ORDER BY sum(revenue) DESC, product_id
                    LIMIT ${DASHBOARD_LIST_SIZE}) t
              CROSS JOIN LATERAL (
                SELECT s.name FROM seller_product_sales s
                WHERE s.seller_uid = ${uid} AND s.product_id = t.product_id AND s.day >= ${windowStart}
                ORDER BY s.name_at DESC LIMIT 1) n
              ORDER BY t.revenue DESC, t.product_id`,
        ),
        queryRows<{ id: string; name: string; quantity: number; min_sell_qty: number }>(
          db,
          sql`SELECT id, name, quantity, min_sell_qty FROM products
              WHERE owner_uid = ${uid} AND quantity < ${LOW_STOCK_MIN_ORDERS} * min_sell_qty
              ORDER BY quantity::float8 / min_sell_qty, id
              LIMIT ${DASHBOARD_LIST_SIZE}`,
        ),
        queryRows<{ now: string }>(db, sql`SELECT now()::text AS now`),
        // Receivables: what the business's invoices still ask, and of it what is past due (an
        // invoice without a due date was due when issued: docs/architecture.md, "Accounts").
        queryRows<{ owed: string; overdue: string }>(
          db,
          sql`SELECT coalesce(sum(gross - credited - paid), 0)::text AS owed,
                     coalesce(sum(gross - credited - paid) FILTER (WHERE coalesce(due_date, (issued_at AT TIME ZONE 'UTC')::date) < (now() AT TIME ZONE 'UTC')::date), 0)::text AS overdue
              FROM invoices WHERE seller_id = ${uid} AND gross - credited - paid > 0`,
        ),
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
          revenue: sumAmounts(series.map((day) => day.revenue)),
        },
        receivables: { owed: Number(owed[0]?.owed ?? 0), overdue: Number(owed[0]?.overdue ?? 0) },
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

declare module 'fastify' {
  interface FastifyInstance {
    /** A seller's overview. */
    dashboardRepository: DashboardRepository;
  }
}

/** The repository as a plugin: routes and other plugins reach it as `app.dashboardRepository`. */
export default fp(
  async (app) => {
    app.decorate('dashboardRepository', createDashboardRepository(app.db));
  },
  { name: 'dashboard-repository', dependencies: ['db'] },
);
