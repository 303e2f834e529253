import { and } from 'drizzle-orm';
import { MAX_EXACT_COUNT, type Product } from '@b2b/shared';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../../../db/client.js';
import { products, type ProductRow } from '../../../db/schema.js';
import { decodeCursor } from '../../../lib/cursor.js';
import type { ListPageInfo } from '../../../lib/page.js';
import type { Bind } from './bind.js';
import {
  filterConditions,
  hasFacetFilter,
  labelOf,
  matchCondition,
  searchCondition,
  searchWords,
  skuOf,
  type ListFilter,
} from './conditions.js';
import { createCounts, totalSeen } from './counts.js';
import { after, cursorValues, finish, isCursorOf, keysOf, SORT_KEYS, type IndexSort, type Row } from './keys.js';
import { createRelevance } from './relevance.js';
import { createSpelling } from './spelling.js';
import { createStatements, type StatementOptions } from './statements.js';

/*
 * Listing the catalogue at any size (docs/architecture.md, "The catalogue at scale"):
 * - every sort is an index order, and each page is one index range scan: the first page by
 *   LIMIT, later pages by offset (bounded, read index-only before fetching the page's rows)
 *   or by a keyset cursor (the last row's sort key: no offset at all);
 * - totals come from product_counts (kept by triggers), from a count bounded at
 *   MAX_EXACT_COUNT, or, for a search, from what the page itself saw;
 * - a search is two index-served tiers: names that start with the query (name index, in
 *   name order), then every other product whose name or brand contains each word (trigram
 *   index, newest catalogue order last); a search that finds nothing is retried with the
 *   closest words of the catalogue's vocabulary;
 * - a search that could be a part number also finds the products with exactly that SKU (the
 *   SKU index), and in relevance order they come first.
 */

export interface ProductPage extends ListPageInfo {
  items: Product[];
  correctedQuery: string | null;
}

export function createProductLister(
  db: AppDb,
  toProduct: (row: ProductRow) => Product,
  options: StatementOptions = {},
) {
  const statements = createStatements(db, options);
  const { matchPage, preparedPage } = statements;
  const counts = createCounts(db, statements);
  const { maintainedCount, boundedCount, estimatedCount } = counts;
  const { skuMatches, listRelevant } = createRelevance({ db, statements, counts, toProduct });
  const { correct, hasUnknownWord } = createSpelling(db);

  async function listSorted(filter: ListFilter & { sort: IndexSort }): Promise<ProductPage> {
    const keys = SORT_KEYS[filter.sort];
    const words = filter.q ? searchWords(filter.q) : [];
    const cursor = filter.cursor ? decodeCursor(filter.cursor, isCursorOf(filter.sort)) : null;
    let rows: Row[];
    /** Every match, when the page's statement collected them all to sort them (a first page only). */
    let matched: number | null = null;
    /** Whether the page's statement saw more matches than any exact total (MAX_EXACT_COUNT). */
    let pastExact = false;
    const afterCursor = (bind: Bind) => (cursor ? [after(keys, cursor.v, cursorValues(cursor.v, bind))] : []);
    const label = `sorted:${filter.sort}:${labelOf(filter, cursor)}`;
    if (words.length > 0 || hasFacetFilter(filter)) {
      const filters = (bind: Bind) => and(...filterConditions(filter, bind), ...afterCursor(bind));
      const search = (bind: Bind) => searchCondition(filter, bind);
      ({ rows, matched, pastExact } = await matchPage(
        label,
        filters,
        search,
        words,
        keys,
        filter.limit,
        cursor ? 0 : filter.offset,
        !cursor && filter.offset === 0,
      ));
    } else {
      rows = await preparedPage(filter, cursor);
    }
    const { page, more, nextCursor } = finish(rows, filter.limit, (row) => ({ s: filter.sort, v: keysOf(row) }));
    let total: number;
    let totalIsExact = true;
    let totalIsEstimate = false;
    const seen = totalSeen(filter, page.length, more);
    if (words.length > 0 || hasFacetFilter(filter)) {
      if (seen !== null) total = seen;
      else if (matched !== null && matched <= MAX_EXACT_COUNT) total = matched;
      else ({ total, totalIsExact, totalIsEstimate } = await estimatedCount(filter, pastExact));
    } else if (filter.sellerId) {
      const counted = await boundedCount(`owner:${labelOf(filter, null)}`, (bind) =>
        and(...filterConditions(filter, bind)),
      );
      total = counted.total;
      totalIsExact = counted.exact;
    } else {
      total = await maintainedCount(filter);
    }
    return { items: page.map(toProduct), total, totalIsExact, totalIsEstimate, nextCursor, correctedQuery: null };
  }

  const nothing = (filter: ListFilter): ProductPage => ({
    items: [],
    total: filter.cursor ? 0 : filter.offset,
    totalIsExact: true,
    nextCursor: null,
    correctedQuery: null,
  });

  async function list(filter: ListFilter): Promise<ProductPage> {
    const run = async (f: ListFilter) => {
      if (f.q && (await hasUnknownWord(f.q))) {
        // No product's name or brand has the word, but a part number may be exactly it.
        const sku = skuOf(f.q);
        if (!sku || f.cursor) return nothing(f);
        const rows = (await skuMatches(f, sku, f.offset + f.limit + 1)).slice(f.offset);
        const { page, more } = finish(rows, f.limit, () => ({ s: 'relevance', t: 1, v: [] }));
        return {
          items: page.map(toProduct),
          total: f.offset + page.length,
          totalIsExact: !more,
          nextCursor: null,
          correctedQuery: null,
        };
      }
      return f.sort === 'relevance' && f.q
        ? listRelevant({ ...f, q: f.q })
        : listSorted({ ...f, sort: f.sort === 'relevance' ? 'oldest' : f.sort });
    };
    const result = await run(filter);
    if (result.items.length > 0 || !filter.q || filter.cursor || filter.offset > 0) return result;
    const corrected = await correct(filter.q);
    if (!corrected) return result;
    const retried = await run({ ...filter, q: corrected });
    return retried.items.length > 0 ? { ...retried, correctedQuery: corrected } : result;
  }

  /**
   * The search the facets count with: the list's own, or, when it matches nothing with these
   * filters, the spelling fix the list falls back to (so the facets describe the list shown).
   */
  async function searchShown(filter: ListFilter): Promise<string | undefined> {
    if (!filter.q) return filter.q;
    const [any] = await db
      .select({ one: sql`1` })
      .from(products)
      .where(matchCondition(filter))
      .limit(1);
    if (any) return filter.q;
    return (await correct(filter.q)) ?? filter.q;
  }

  return { list, searchShown };
}
