import { and, eq, sql, type SQL } from 'drizzle-orm';
import { MAX_EXACT_COUNT } from '@b2b/shared';
import type { AppDb } from '../../../db/client.js';
import { productCounts, products } from '../../../db/schema.js';
import type { Bind } from './bind.js';
import { matchCondition, labelOf, type ListFilter } from './conditions.js';
import { SURELY_PAST_EXACT } from './estimates.js';
import type { Statements } from './statements.js';

/*
 * The three ways a list counts: the maintained per-category counts (product_counts, kept by
 * triggers), a count bounded at MAX_EXACT_COUNT, and past it the planner's estimate; and the
 * total a page itself saw when it reached the last match.
 */

/**
 * The exact total when the page itself reached the last match: an offset page (no cursor) with
 * no row after it holds the matches from `offset` to the end, so there are offset + its rows.
 * A rare search (a SKU, a part number) then needs no count at all. Null when it cannot tell (a
 * cursor page, more rows after it, or an offset past the end).
 */
export function totalSeen(filter: ListFilter, pageRows: number, more: boolean): number | null {
  if (filter.cursor || more || (filter.offset > 0 && pageRows === 0)) return null;
  return filter.offset + pageRows;
}

export function createCounts(db: AppDb, { shaped, plannedRows }: Pick<Statements, 'shaped' | 'plannedRows'>) {
  const countStatements = new Map<
    string,
    { execute: (params: Record<string, unknown>) => Promise<{ total: string | null }[]> }
  >();

  async function maintainedCount(filter: ListFilter): Promise<number> {
    const shape = `${Boolean(filter.category)}:${filter.available}`;
    let statement = countStatements.get(shape);
    if (!statement) {
      const conditions: SQL[] = [];
      if (filter.category) conditions.push(eq(productCounts.category, sql.placeholder('category')));
      if (filter.available) conditions.push(eq(productCounts.available, true));
      statement = db
        .select({ total: sql<string | null>`sum(${productCounts.count})` })
        .from(productCounts)
        .where(and(...conditions))
        .prepare(`product_count_${shape.replace(':', '_')}`);
      countStatements.set(shape, statement);
    }
    const [row] = await statement.execute(filter.category ? { category: filter.category } : {});
    return Number(row?.total ?? 0);
  }

  /** Exact up to MAX_EXACT_COUNT; past it, the bound (and totalIsExact false). */
  async function boundedCount(
    label: string,
    where: (bind: Bind) => SQL | undefined,
  ): Promise<{ total: number; exact: boolean }> {
    const [row] = await shaped<{ n: number }>(`count:${label}`, where, (condition) => {
      const fields = { n: sql<number>`count(*)::int` };
      const limited = db
        .select({ one: sql`1` })
        .from(products)
        .where(condition)
        .limit(MAX_EXACT_COUNT + 1)
        .as('limited');
      return { query: db.select(fields).from(limited), fields };
    });
    const n = row?.n ?? 0;
    return n > MAX_EXACT_COUNT ? { total: MAX_EXACT_COUNT, exact: false } : { total: n, exact: true };
  }

  /**
   * Exact up to MAX_EXACT_COUNT (a count bounded by LIMIT); past it, the planner's estimate of
   * the whole filter (EXPLAIN: statistics, no rows read), never below the bound, labelled an
   * estimate. When the planner expects several times the bound, its estimate is taken at once:
   * counting the bound's rows of a common word would read thousands of heap pages per request.
   * So it is when the page's own statement already saw more than MAX_EXACT_COUNT matches (`pastExact`).
   */
  async function estimatedCount(filter: ListFilter, pastExact = false) {
    const label = `matches:${labelOf(filter, null)}`;
    const where = (bind: Bind) => matchCondition(filter, bind);
    const planned = await plannedRows(label, where);
    if (!pastExact && planned < SURELY_PAST_EXACT) {
      const counted = await boundedCount(label, where);
      if (counted.exact) return { total: counted.total, totalIsExact: true, totalIsEstimate: false };
    }
    return { total: Math.max(planned, MAX_EXACT_COUNT + 1), totalIsExact: false, totalIsEstimate: true };
  }

  return { maintainedCount, boundedCount, estimatedCount };
}

export type Counts = ReturnType<typeof createCounts>;
