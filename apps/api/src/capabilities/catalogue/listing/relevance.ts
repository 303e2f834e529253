import { and, not, sql } from 'drizzle-orm';
import { MAX_EXACT_COUNT, type Product } from '@b2b/shared';
import type { AppDb } from '../../../db/client.js';
import { products, type ProductRow } from '../../../db/schema.js';
import { decodeCursor } from '../../../lib/cursor.js';
import { asValue, type Bind } from './bind.js';
import {
  containsAll,
  filterConditions,
  labelOf,
  nameStartsWith,
  searchWords,
  skuIs,
  skuIsNot,
  skuOf,
  type ListFilter,
} from './conditions.js';
import { totalSeen, type Counts } from './counts.js';
import { after, cursorValues, finish, isCursorOf, keysOf, pageFields, TIER_KEYS, type Row, type Tier } from './keys.js';
import type { ProductPage } from './lister.js';
import type { MatchedPage, Statements } from './statements.js';

/*
 * A search in relevance order: the products whose SKU is exactly the search, then tier 1 (names
 * that start with it, in name order), then tier 2 (every other product containing each word).
 */

interface RelevanceParts {
  db: AppDb;
  statements: Pick<Statements, 'shaped' | 'pageOf' | 'matchPage'>;
  counts: Pick<Counts, 'estimatedCount'>;
  toProduct: (row: ProductRow) => Product;
}

export function createRelevance({
  db,
  statements: { shaped, pageOf, matchPage },
  counts: { estimatedCount },
  toProduct,
}: RelevanceParts) {
  /**
   * The products whose SKU is exactly the search (several sellers may use one part number), at
   * most `limit`, in name order: one probe of the SKU index.
   */
  async function skuMatches(filter: ListFilter, sku: string, limit: number): Promise<Row[]> {
    // No ORDER BY … LIMIT in SQL: with one, the planner (guessing 0.5% of the catalogue for a
    // SKU) walked the name index past a million rows for a SKU nobody has. A SKU is unique per
    // seller, so the SKU index returns a handful of rows, sorted here by the same key.
    const rows = await shaped(
      `sku:${labelOf(filter, null)}`,
      (bind) => and(...filterConditions(filter, bind), skuIs(sku, bind)),
      (where) => {
        const fields = pageFields(TIER_KEYS[1]);
        return { query: db.select(fields).from(products).where(where), fields };
      },
    );
    const byKey = (row: Row) => Buffer.from(`${row.cursorKeys?.[0] ?? ''}\u0000${row.id}`);
    return rows.sort((a, b) => Buffer.compare(byKey(a), byKey(b))).slice(0, limit);
  }

  async function listRelevant(filter: ListFilter & { q: string }): Promise<ProductPage> {
    const words = searchWords(filter.q);
    const sku = skuOf(filter.q);
    const base = (bind: Bind) => [...filterConditions(filter, bind), ...(sku ? [skuIsNot(sku, bind)] : [])];
    const tier2Words = (bind: Bind) => and(containsAll(words, bind), not(nameStartsWith(filter.q, bind)));
    const tier1Where = (bind: Bind) => and(...base(bind), nameStartsWith(filter.q, bind));
    const cursor = filter.cursor ? decodeCursor(filter.cursor, isCursorOf('relevance')) : null;
    /** A tier's page: its own rows, or those after the cursor when the cursor is in this tier. */
    const tierPage = async (tier: Tier, limit: number, offset: number): Promise<MatchedPage> => {
      const keys = TIER_KEYS[tier];
      const at = cursor?.t === tier ? cursor : null;
      const afterCursor = (bind: Bind) => (at ? [after(keys, at.v, cursorValues(at.v, bind))] : []);
      const label = `tier${tier}:${labelOf(filter, at)}`;
      const filters = (bind: Bind) => and(...base(bind), ...afterCursor(bind));
      // Tier 1 is a range of the name index: only tier 2's words can send a walk astray.
      return tier === 1
        ? {
            rows: await pageOf(
              label,
              (bind) => and(filters(bind), nameStartsWith(filter.q, bind)),
              keys,
              limit,
              offset,
            ),
            matched: null,
            pastExact: false,
          }
        : matchPage(label, filters, tier2Words, words, keys, limit, offset, !cursor && filter.offset === 0);
    };
    const limit = filter.limit;
    const rows: (Row & { tier: Tier })[] = [];

    // Tier 0, on the pages before any cursor: the exact SKU. Its rows continue as if before tier 1.
    let skipped = 0;
    if (sku && !cursor) {
      const exact = await skuMatches(filter, sku, filter.offset + limit + 1);
      skipped = Math.min(exact.length, filter.offset);
      const startOfTier1 = ['', '00000000-0000-0000-0000-000000000000'];
      rows.push(...exact.slice(skipped).map((row) => ({ ...row, cursorKeys: startOfTier1, tier: 1 as const })));
    }

    // Tier 1, unless the cursor is already past it.
    let offset2 = 0;
    if ((!cursor || cursor.t === 1) && rows.length <= limit) {
      const offset = cursor ? 0 : filter.offset - skipped;
      const { rows: tier1 } = await tierPage(1, limit - rows.length, offset);
      rows.push(...tier1.map((row) => ({ ...row, tier: 1 as const })));
      if (tier1.length === 0 && offset > 0) {
        // The offset lies past tier 1 (so there is no cursor): tier 2 starts where tier 1's rows end.
        const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(
          db
            .select({ one: sql`1` })
            .from(products)
            .where(tier1Where(asValue))
            .limit(offset)
            .as('t1'),
        );
        offset2 = offset - (counted?.n ?? 0);
      }
    }
    /** The search's every match, when tier 2's statement collected all of its own on a first page. */
    let collected: number | null = null;
    /** Whether tier 2's statement alone saw more matches than MAX_EXACT_COUNT: the total is an estimate. */
    let pastExact = false;
    if (rows.length <= limit) {
      const tier2 = await tierPage(2, limit - rows.length, offset2);
      // Before tier 2 on a first page came all of tier 0 and tier 1 (neither filled the page).
      if (tier2.matched !== null) collected = rows.length + tier2.matched;
      pastExact = tier2.pastExact;
      rows.push(...tier2.rows.map((row) => ({ ...row, tier: 2 as const })));
    }
    const { page, more, nextCursor } = finish(rows, limit, (row) => ({
      s: 'relevance',
      t: (row as Row & { tier: Tier }).tier,
      v: keysOf(row),
    }));
    // The tiers together are exactly the search's matches (a name that starts with the search
    // contains each of its words), so a page that read them to the end has counted them.
    const known =
      totalSeen(filter, page.length, more) ?? (collected !== null && collected <= MAX_EXACT_COUNT ? collected : null);
    const counted =
      known === null
        ? await estimatedCount(filter, pastExact)
        : { total: known, totalIsExact: true, totalIsEstimate: false };
    return { items: page.map(toProduct), ...counted, nextCursor, correctedQuery: null };
  }

  return { skuMatches, listRelevant };
}
