import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  CATEGORY_VALUES,
  FACET_EXACT_LIMIT,
  FACET_TOP_BRANDS,
  PRICE_BANDS,
  RATING_FLOORS,
  type Facet,
  type Facets,
  type ProductFacetsParams,
} from '@b2b/shared';
import { queryRows, type AppDb } from '../../../db/client.js';
import { productCounts, productFacetCounts, products } from '../../../db/schema.js';
import { hasFacetFilter, type ListFilter } from './conditions.js';
import { plannedRows, SURELY_PAST_EXACT } from './estimates.js';

/** The sample when the planner expects several times FACET_EXACT_LIMIT matches. */
const SAMPLE_ROWS = 2_000;
/** How long an estimated group of facets is reused (exact counts never are). */
export const ESTIMATE_TTL_MS = 30_000;
const MAX_CACHED = 1_000;

/*
 * GET /products/facets (docs/architecture.md, "Facets"). Each facet counts the products that
 * match every filter but its own (the brands with the price range, not with the brands chosen).
 * - When a facet's other filters are only category and available, its counts are sums over the
 *   maintained tables (product_facet_counts, product_counts): exact, a few hundred rows read.
 * - Otherwise the facets that share the same other filters are counted together over at most
 *   FACET_EXACT_LIMIT + 1 matching rows (LIMIT): if no more match, the counts are exact; if more
 *   do, each count is that sample's share of the planner's estimate of the whole (EXPLAIN),
 *   labelled `estimate: true`.
 */

type Dim = 'brand' | 'price' | 'rating' | 'category' | 'available';
const DIMS: Dim[] = ['brand', 'price', 'rating', 'category', 'available'];

export type FacetQuery = Omit<ProductFacetsParams, 'category'> & Pick<ListFilter, 'category'>;

/** The filter a facet counts with: every filter but its own. */
const withoutOwn: Record<Dim, (f: FacetQuery) => FacetQuery> = {
  brand: (f) => ({ ...f, brand: undefined }),
  price: (f) => ({ ...f, priceMin: undefined, priceMax: undefined }),
  rating: (f) => ({ ...f, ratingMin: undefined }),
  category: (f) => ({ ...f, category: undefined }),
  available: (f) => ({ ...f, available: false }),
};

/** Each facet's value of a product row, as text (the maintained tables' `value`). */
const valueOf: Record<Dim, SQL> = {
  brand: sql`${products.brand}`,
  price: sql`price_band(${products.price})`,
  rating: sql`floor(${products.rating})::int::text`,
  category: sql`${products.category}`,
  available: sql`(${products.quantity} > 100)::text`,
};

/** Counts by value (text), and whether they are estimates. */
interface Counted {
  counts: Map<string, number>;
  estimate: boolean;
}

export function createFacetCounter(
  db: AppDb,
  /** Every product a list with this filter shows (the same condition as the list's total). */
  matchCondition: (filter: ListFilter) => SQL | undefined,
  now: () => number = Date.now,
) {
  /*
   * Estimated groups, reused for ESTIMATE_TTL_MS: sampling a common word's matches reads
   * thousands of rows, and an estimate that is seconds old is still "about" the same. Requests
   * that arrive while a group is being counted share the one count (exact or not); an exact
   * result is dropped as soon as it is known, so exact counts always reflect the last write.
   */
  const cache = new Map<string, { expires: number; result: Promise<Map<Dim, Counted>> }>();
  function cachedSample(dims: Dim[], filter: FacetQuery): Promise<Map<Dim, Counted>> {
    const key = JSON.stringify([dims, filter]);
    const hit = cache.get(key);
    if (hit && hit.expires > now()) return hit.result;
    if (cache.size >= MAX_CACHED) {
      for (const [k, v] of cache) if (v.expires <= now() || cache.size >= MAX_CACHED) cache.delete(k);
    }
    const result = sampled(dims, filter);
    const entry = { expires: Number.POSITIVE_INFINITY, result };
    cache.set(key, entry);
    result.then(
      (counted) => {
        const estimated = [...counted.values()].some((c) => c.estimate);
        if (estimated) entry.expires = now() + ESTIMATE_TTL_MS;
        else if (cache.get(key) === entry) cache.delete(key);
      },
      () => {
        if (cache.get(key) === entry) cache.delete(key);
      },
    );
    return result;
  }

  async function maintained(dim: Dim, filter: FacetQuery): Promise<Counted> {
    let rows: { value: string; n: string | number }[];
    if (dim === 'category' || dim === 'available') {
      const value = dim === 'category' ? sql`${productCounts.category}` : sql`${productCounts.available}::text`;
      const where = and(
        filter.category ? eq(productCounts.category, filter.category) : undefined,
        filter.available ? eq(productCounts.available, true) : undefined,
      );
      rows = await queryRows(
        db,
        sql`select ${value} as value, sum(${productCounts.count}) as n from ${productCounts}
            ${where ? sql`where ${where}` : sql``} group by 1`,
      );
    } else {
      const where = and(
        eq(productFacetCounts.facet, dim),
        filter.category ? eq(productFacetCounts.category, filter.category) : undefined,
        filter.available ? eq(productFacetCounts.available, true) : undefined,
      );
      rows = await queryRows(
        db,
        sql`select ${productFacetCounts.value} as value, sum(${productFacetCounts.count}) as n
            from ${productFacetCounts} where ${where} group by 1`,
      );
    }
    return { counts: new Map(rows.map((r) => [r.value, Number(r.n)])), estimate: false };
  }

  /** The facets `dims`, which share the filter `filter`, from at most FACET_EXACT_LIMIT + 1 rows. */
  async function sampled(dims: Dim[], filter: FacetQuery): Promise<Map<Dim, Counted>> {
    const where = matchCondition({ ...filter, limit: 0, offset: 0, sort: 'oldest' });
    // Expected far past the limit: a smaller sample (its shares scale the same estimate).
    const planned = await plannedRows(db, where);
    const limit = planned >= SURELY_PAST_EXACT ? SAMPLE_ROWS : FACET_EXACT_LIMIT + 1;
    const columns = dims.map((dim) => sql`${valueOf[dim]} as ${sql.identifier(dim)}`);
    const parts = dims.map(
      (dim) => sql`select ${dim} as dim, ${sql.identifier(dim)} as value, count(*) as n from s group by 2`,
    );
    const rows = await queryRows<{ dim: Dim | 'total'; value: string | null; n: string | number }>(
      db,
      sql`with s as materialized (
            select ${sql.join(columns, sql`, `)} from ${products}
            ${where ? sql`where ${where}` : sql``} limit ${limit})
          select 'total' as dim, null as value, count(*) as n from s
          union all ${sql.join(parts, sql` union all `)}`,
    );
    const seen = Number(rows.find((r) => r.dim === 'total')?.n ?? 0);
    // Fewer rows than the limit: they are all there are, and the counts are exact.
    const exact = seen < limit;
    // Otherwise the sample's shares of the planner's estimate of the whole.
    const scale = exact ? 1 : Math.max(planned, FACET_EXACT_LIMIT + 1, seen) / seen;
    const result = new Map<Dim, Counted>(dims.map((dim) => [dim, { counts: new Map(), estimate: !exact }]));
    for (const row of rows) {
      if (row.dim === 'total' || row.value === null) continue;
      result.get(row.dim)?.counts.set(row.value, Math.round(Number(row.n) * scale));
    }
    return result;
  }

  const facet = (value: string, count: number, estimate: boolean): Facet => ({ value, count, estimate });

  async function facets(filter: FacetQuery): Promise<Facets> {
    // The facets whose other filters are the same are counted by one query.
    const groups = new Map<string, { filter: FacetQuery; dims: Dim[] }>();
    const counted = new Map<Dim, Counted>();
    const jobs: Promise<void>[] = [];
    for (const dim of DIMS) {
      const own = withoutOwn[dim](filter);
      if (!own.q && !hasFacetFilter(own)) {
        jobs.push(maintained(dim, own).then((c) => void counted.set(dim, c)));
        continue;
      }
      const key = JSON.stringify(own);
      const group = groups.get(key) ?? { filter: own, dims: [] };
      group.dims.push(dim);
      groups.set(key, group);
    }
    for (const group of groups.values()) {
      jobs.push(
        cachedSample(group.dims, group.filter).then((result) => result.forEach((c, dim) => counted.set(dim, c))),
      );
    }
    await Promise.all(jobs);
    const get = (dim: Dim) => counted.get(dim) ?? { counts: new Map<string, number>(), estimate: false };

    const brand = get('brand');
    const brands = [...brand.counts]
      .filter(([value, count]) => value !== '' && count > 0)
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
    const price = get('price');
    const rating = get('rating');
    const stars = (floor: number) =>
      [...rating.counts].reduce((sum, [value, count]) => (Number(value) >= floor ? sum + count : sum), 0);
    const category = get('category');
    const available = get('available');
    return {
      brands: brands.slice(0, FACET_TOP_BRANDS).map(([value, count]) => facet(value, count, brand.estimate)),
      brandsMore: Math.max(0, brands.length - FACET_TOP_BRANDS),
      priceBands: PRICE_BANDS.map((band) => facet(band.value, price.counts.get(band.value) ?? 0, price.estimate)),
      ratings: RATING_FLOORS.map((floor) => facet(String(floor), stars(floor), rating.estimate)),
      categories: CATEGORY_VALUES.map((value) => facet(value, category.counts.get(value) ?? 0, category.estimate)),
      available: ['true', 'false'].map((value) => facet(value, available.counts.get(value) ?? 0, available.estimate)),
    };
  }

  return { facets };
}
