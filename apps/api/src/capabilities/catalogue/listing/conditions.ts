import { and, sql, type SQL } from 'drizzle-orm';
import { AVAILABLE_THRESHOLD, SKU_PATTERN, TRADE_LIMITS, type Category, type ProductListParams } from '@b2b/shared';
import { nameKey, products, searchText, skuKey } from '../../../db/schema.js';
import { asValue, type Bind } from './bind.js';
import type { Cursor } from './keys.js';

/* What a list matches: its filters (category, availability, owner, facets), and a search's words or exact SKU. */

export type ListFilter = Omit<ProductListParams, 'category'> & {
  category?: Category | undefined;
  /** Only this owner's products (by uid: an email address can move to another account). */
  sellerId?: string;
};

/** LIKE treats % and _ as wildcards; a search for "50%" means the characters. */
export function likePattern(q: string): string {
  return `%${escapeLike(q)}%`;
}
const escapeLike = (q: string) => q.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Lower-cased words of a search as typed (the spelling fix keeps each in its place). */
export function typedWords(q: string): string[] {
  return q.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * The words a product must contain, each once: "classic classic" matches what "classic" does,
 * where the planner, told the word twice, expected its frequency squared and collected 30,000
 * matches to sort them (docs/benchmarks.md).
 */
export function searchWords(q: string): string[] {
  return [...new Set(typedWords(q))];
}

/** A search of one token that a SKU could be: it is also looked up as a SKU, exactly. */
export function skuOf(q: string | undefined): string | null {
  const token = q?.trim() ?? '';
  return token.length > 0 && token.length <= TRADE_LIMITS.sku && SKU_PATTERN.test(token) ? token.toLowerCase() : null;
}
// "sku is not null": the SKU index is partial (only products with one).
export const skuIs = (sku: string, bind: Bind) =>
  sql`(${products.sku} is not null and ${skuKey(products.sku)} = ${bind('skuIs', sku)})`;
export const skuIsNot = (sku: string, bind: Bind) =>
  sql`(${products.sku} is null or ${skuKey(products.sku)} <> ${bind('skuIsNot', sku)})`;

const search = searchText(products.name, products.brand);
export const containsAll = (words: string[], bind: Bind) =>
  and(...words.map((w, i) => sql`${search} like ${bind(`w${i}`, likePattern(w))}`));
export const nameStartsWith = (q: string, bind: Bind) =>
  sql`${nameKey(products.name)} like ${bind('prefix', `${escapeLike(q.toLowerCase())}%`)}`;

/** What a search adds to the filters: each of its words, or (a token a SKU could be) exactly that SKU. */
export function searchCondition(filter: ListFilter, bind: Bind = asValue): SQL | undefined {
  const words = filter.q ? searchWords(filter.q) : [];
  const sku = skuOf(filter.q);
  const matches = words.length > 0 ? containsAll(words, bind) : undefined;
  return matches && sku ? sql`(${matches} or ${skuIs(sku, bind)})` : matches;
}

/** Every product a list shows (any sort): the filters, and a search's words or exact SKU. */
export function matchCondition(filter: ListFilter, bind: Bind = asValue): SQL | undefined {
  return and(...filterConditions(filter, bind), searchCondition(filter, bind));
}

/**
 * Whether a search's page is taken by a bounded walk first (statements.ts, matchPage): several
 * words, each long enough for the trigram index. The planner multiplies the words' frequencies
 * as if independent, so for two common words that rarely meet ("organic waterproof") it expects
 * thousands of matches, walks the sort's index to find a page of them and reads the whole
 * catalogue (2.7 s at 1,000,000 products) to find none.
 */
export const walksFirst = (words: string[]) => words.length >= 2 && words.every((w) => w.length >= 3);

/**
 * Whether a search's first page may collect its matches first (statements.ts, matchPage):
 * several words, one at least long enough for the trigram index, so the collection reads that
 * word's rows, which the search's count would read anyway. A single word keeps its one-statement
 * page, which a walk of the sort's index finds in a few milliseconds.
 */
export const collectsFirst = (words: string[]) => words.length >= 2 && words.some((w) => w.length >= 3);

/** The facet filters of a list (brand, price range, rating, seller); none means a prepared page. */
export type FacetFilter = Pick<ListFilter, 'brand' | 'priceMin' | 'priceMax' | 'ratingMin' | 'seller'>;

export function hasFacetFilter(filter: FacetFilter): boolean {
  return (
    (filter.brand?.length ?? 0) > 0 ||
    filter.priceMin !== undefined ||
    filter.priceMax !== undefined ||
    filter.ratingMin !== undefined ||
    filter.seller !== undefined
  );
}

/**
 * The facet filters as conditions, each served by an index (docs/architecture.md, "Facets"):
 * brands by products_brand_idx/products_brand_price_idx, a price range by the price indexes, a
 * rating floor by the rating indexes, a seller by products_owner_uid_idx. priceMax is exclusive,
 * like the price bands: priceMin=10&priceMax=25 is the band "10-25".
 */
function facetConditions(filter: FacetFilter, bind: Bind): SQL[] {
  const conditions: SQL[] = [];
  const brands = (filter.brand ?? []).map((brand, i) => bind(`brand${i}`, brand));
  if (brands.length === 1) conditions.push(sql`${products.brand} = ${brands[0]}`);
  else if (brands.length > 1) conditions.push(sql`${products.brand} in (${sql.join(brands, sql`, `)})`);
  if (filter.priceMin !== undefined) conditions.push(sql`${products.price} >= ${bind('priceMin', filter.priceMin)}`);
  if (filter.priceMax !== undefined) conditions.push(sql`${products.price} < ${bind('priceMax', filter.priceMax)}`);
  if (filter.ratingMin !== undefined)
    conditions.push(sql`${products.rating} >= ${bind('ratingMin', filter.ratingMin)}`);
  if (filter.seller !== undefined) conditions.push(sql`${products.sellerId} = ${bind('seller', filter.seller)}`);
  return conditions;
}

export function filterConditions(filter: ListFilter, bind: Bind = asValue): SQL[] {
  const conditions: SQL[] = [];
  // A literal, never a parameter: a prepared plan must still see that the partial index applies.
  if (filter.available) conditions.push(sql`${products.quantity} > ${sql.raw(String(AVAILABLE_THRESHOLD))}`);
  if (filter.category) conditions.push(sql`${products.category} = ${bind('category', filter.category)}`);
  if (filter.sellerId) conditions.push(sql`${products.sellerId} = ${bind('owner', filter.sellerId)}`);
  // Never in a named statement (preparedPage takes lists without them): their best plan depends on the values.
  conditions.push(...facetConditions(filter, bind));
  return conditions;
}

/** What a list's SQL depends on besides the values it binds: the "available" literal, a cursor's NULLs. */
export const labelOf = (filter: ListFilter, cursor: Cursor | null) =>
  `${filter.available ? 'available' : 'all'}:${cursor ? cursor.v.map((v) => (v === null ? 'n' : 'v')).join('') : '-'}`;
