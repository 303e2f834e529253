import { z } from 'zod';

/*
 * The seller's overview (GET /dashboard, docs/architecture.md, "Seller dashboard"): the last
 * DASHBOARD_DAYS days of orders and revenue, orders waiting for confirmation, top products by
 * revenue and products low on stock. Cancelled orders count neither as orders nor as revenue.
 */

export const DASHBOARD_DAYS = 30;
export const DASHBOARD_LIST_SIZE = 5;
/**
 * A product is low on stock when fewer than this many minimum orders are left; below one
 * minimum order buyers can no longer order it at all.
 */
export const LOW_STOCK_MIN_ORDERS = 2;

export const dashboardDaySchema = z.object({
  /** The day, YYYY-MM-DD in UTC. */
  date: z.string(),
  orders: z.number().int(),
  revenue: z.number(),
});
export type DashboardDay = z.output<typeof dashboardDaySchema>;

export const dashboardSchema = z.object({
  days: z.array(dashboardDaySchema),
  totals: z.object({ orders: z.number().int(), revenue: z.number() }),
  /** What the business's invoices still ask (after credit notes and payments), and of it what is past due. */
  receivables: z.object({ owed: z.number(), overdue: z.number() }),
  awaitingConfirmation: z.object({
    count: z.number().int(),
    /** The oldest first: they have waited longest. */
    orders: z.array(
      z.object({
        _id: z.uuid(),
        orderNumber: z.string(),
        buyerEmail: z.string(),
        buyerName: z.string(),
        total: z.number(),
        placedAt: z.iso.datetime(),
      }),
    ),
  }),
  topProducts: z.array(
    z.object({ productId: z.uuid(), name: z.string(), units: z.number().int(), revenue: z.number() }),
  ),
  lowStock: z.array(
    z.object({ _id: z.uuid(), name: z.string(), quantity: z.number().int(), minSellQty: z.number().int() }),
  ),
});
export type Dashboard = z.output<typeof dashboardSchema>;
