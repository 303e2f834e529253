import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { MAX_EXACT_COUNT } from '@b2b/shared';
import { queryRows, type AppDb } from '../../../db/client.js';
import { products } from '../../../db/schema.js';

/* The planner's estimate of a list's size: statistics, not rows (facets and search totals past MAX_EXACT_COUNT). */

/**
 * Planner estimates at or above this are taken as "more than MAX_EXACT_COUNT" without counting:
 * at 1,000,000 products its estimates of a search were within 1.5× of the truth (docs/architecture.md).
 */
export const SURELY_PAST_EXACT = 3 * MAX_EXACT_COUNT;

export const explainQuery = (where: SQL | undefined) =>
  sql`explain (format json) select 1 from ${products}${where ? sql` where ${where}` : sql``}`;
/** The rows EXPLAIN (FORMAT JSON) expects: its one value, as JSON or as text (the drivers differ). */
export const planRows = (value: unknown) => {
  const plan = (typeof value === 'string' ? JSON.parse(value) : value) as [{ Plan: { 'Plan Rows': number } }];
  return Math.round(plan[0].Plan['Plan Rows']);
};
export const dialect = new PgDialect();

/** The planner's estimate of how many products match (EXPLAIN: reads statistics, not rows). */
export async function plannedRows(db: AppDb, where: SQL | undefined): Promise<number> {
  const [row] = await queryRows<Record<string, unknown>>(db, explainQuery(where));
  return planRows(row ? Object.values(row)[0] : undefined);
}
