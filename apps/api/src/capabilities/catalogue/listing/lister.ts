import { and, eq, getTableColumns, inArray, not, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  AVAILABLE_THRESHOLD,
  MAX_EXACT_COUNT,
  SKU_PATTERN,
  TRADE_LIMITS,
  type Category,
  type Product,
  type ProductListParams,
  type Sort,
} from '@b2b/shared';
import { prepareFast, queryRows, type AppDb, type FastStatement } from '../db/client.js';
import { nameKey, productCounts, products, searchTerms, searchText, skuKey, type ProductRow } from '../db/schema.js';
import { AppError } from '../lib/errors.js';

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

export type ListFilter = Omit<ProductListParams, 'category'> & {
  category?: Category | undefined;
  /** Only this owner's products (by uid: an email address can move to another account). */
  ownerUid?: string;
};

export interface ProductPage {
  items: Product[];
  total: number;
  /** False when `total` is a lower bound or an estimate. */
  totalIsExact: boolean;
  /** True when `total` is the planner's estimate (more than MAX_EXACT_COUNT match). */
  totalIsEstimate?: boolean;
  nextCursor: string | null;
  /** The search actually run, when the one asked for found nothing and a spelling fix did. */
  correctedQuery: string | null;
}

type Dir = 'asc' | 'desc';
interface Key {
  /** The expression ordered by, as the index has it. */
  expr: SQL;
  /** Its text form, carried in the cursor, and the type it is cast back to. */
  text: SQL;
  type: string;
  dir: Dir;
  /** The ORDER BY term, exactly as the index is built (direction and NULLs placement). */
  order: SQL;
  /** Only for a key that can be NULL (rating, sorted NULLs last). */
  nullable?: boolean;
}

/** A key read forwards, or backwards (a descending key whose index is ascending). */
const key = (expr: SQL, type: string, dir: Dir, text: SQL = sql`${expr}::text`): Key => ({
  expr,
  text,
  type,
  dir,
  order: dir === 'asc' ? sql`${expr} asc` : sql`${expr} desc`,
});
const created = (dir: Dir) =>
  // As text, with its microseconds: a JavaScript Date would round them away and skip or repeat rows.
  key(sql`${products.createdAt}`, 'timestamptz', dir);
const id = (dir: Dir) => key(sql`${products.id}`, 'uuid', dir);
const name = key(nameKey(products.name), 'text', 'asc', nameKey(products.name));
// The descending price and rating indexes put NULLs last; ORDER BY must say the same to use them.
const priceDesc: Key = {
  ...key(sql`${products.price}`, 'numeric', 'desc'),
  order: sql`${products.price} desc nulls last`,
};
const rating: Key = {
  ...key(sql`${products.rating}`, 'numeric', 'desc'),
  order: sql`${products.rating} desc nulls last`,
  nullable: true,
};

type IndexSort = Exclude<Sort, 'relevance'>;
/** Each sort is exactly the column order of one index (db/schema.ts), so pages never sort rows. */
const SORT_KEYS: Record<IndexSort, Key[]> = {
  oldest: [created('asc'), id('asc')],
  newest: [created('desc'), id('desc')],
  price_asc: [key(sql`${products.price}`, 'numeric', 'asc'), created('asc'), id('asc')],
  price_desc: [priceDesc, created('asc'), id('asc')],
  name_asc: [name, id('asc')],
  rating_desc: [rating, created('asc'), id('asc')],
};

/** Relevance: tier 1 (names starting with the query) in name order, then tier 2 in catalogue order. */
const TIER_KEYS = { 1: SORT_KEYS.name_asc, 2: SORT_KEYS.oldest } as const;
type Tier = keyof typeof TIER_KEYS;

const orderBy = (keys: Key[]) => keys.map((k) => k.order);

const cast = (value: Bound, key: Key) => sql`${value}::${sql.raw(key.type)}`;

/**
 * Rows strictly after `values` in the order of `keys`, written so the index serves the range.
 * `value(i)` gives the i-th key's value as SQL: a literal, or a placeholder of a prepared query.
 */
function after(keys: Key[], values: (string | null)[], value: (i: number) => Bound, from = 0): SQL {
  const [first, ...rest] = keys;
  const v0 = values[from];
  if (!first) throw new Error('no sort keys');
  if (first.nullable && v0 === null) {
    // Past the last non-null value: only NULLs remain, ordered by the remaining keys.
    return rest.length > 0
      ? (and(sql`${first.expr} is null`, after(rest, values, value, from + 1)) ?? sql`false`)
      : sql`false`;
  }
  if (v0 === null || v0 === undefined) throw cursorError();
  if (keys.every((k) => k.dir === first.dir && !k.nullable)) {
    const op = sql.raw(first.dir === 'asc' ? '>' : '<');
    const lhs = sql.join(
      keys.map((k) => k.expr),
      sql`, `,
    );
    const rhs = sql.join(
      keys.map((k, i) => cast(value(from + i), k)),
      sql`, `,
    );
    return sql`(${lhs}) ${op} (${rhs})`;
  }
  // Mixed directions: a plain bound on the first key keeps the index range, the rest decides ties.
  const strict = sql.raw(first.dir === 'asc' ? '>' : '<');
  const loose = sql.raw(first.dir === 'asc' ? '>=' : '<=');
  const v = cast(value(from), first);
  const tie = rest.length > 0 ? sql`(${first.expr} = ${v} and ${after(rest, values, value, from + 1)})` : sql`false`;
  const ranged = sql`(${first.expr} ${loose} ${v} and (${first.expr} ${strict} ${v} or ${tie}))`;
  return first.nullable ? sql`(${ranged} or ${first.expr} is null)` : ranged;
}

/** A cursor's values, bound as k0, k1, … */
const cursorValues = (values: (string | null)[], bind: Bind) => (i: number) => bind(`k${i}`, values[i] ?? '');

interface Cursor {
  s: Sort;
  /** Relevance only: which tier the last row came from. */
  t?: Tier;
  v: (string | null)[];
}

function cursorError(): AppError {
  return new AppError(
    'VALIDATION_ERROR',
    'cursor is not valid for this list: pass the X-Next-Cursor of its last page.',
    [{ field: 'cursor', message: 'Not a cursor of this list.' }],
  );
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string, sort: Sort): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw cursorError();
  }
  const c = parsed as Partial<Cursor> | null;
  const keys = sort === 'relevance' ? (c?.t === 1 || c?.t === 2 ? TIER_KEYS[c.t] : null) : SORT_KEYS[sort];
  const valid =
    c !== null &&
    typeof c === 'object' &&
    c.s === sort &&
    keys !== null &&
    Array.isArray(c.v) &&
    c.v.length === keys.length &&
    c.v.every((v) => v === null || (typeof v === 'string' && v.length <= 500 && !v.includes('\0')));
  if (!valid) throw cursorError();
  return c as Cursor;
}

/** LIKE treats % and _ as wildcards; a search for "50%" means the characters. */
export function likePattern(q: string): string {
  return `%${escapeLike(q)}%`;
}
const escapeLike = (q: string) => q.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Lower-cased words of a search; a product matches when its name or brand contains each. */
export function searchWords(q: string): string[] {
  return q.toLowerCase().split(/\s+/).filter(Boolean);
}

/** A search of one token that a SKU could be: it is also looked up as a SKU, exactly. */
function skuOf(q: string | undefined): string | null {
  const token = q?.trim() ?? '';
  return token.length > 0 && token.length <= TRADE_LIMITS.sku && SKU_PATTERN.test(token) ? token.toLowerCase() : null;
}
/** A value in a condition: the value itself (a parameter), or a named placeholder of a statement built once. */
type Bound = SQL | string | number;
type Bind = (name: string, value: string | number) => Bound;
const asValue: Bind = (_name, value) => value;
const asPlaceholder: Bind = (name) => sql`${sql.placeholder(name)}`;

// "sku is not null": the SKU index is partial (only products with one).
const skuIs = (sku: string, bind: Bind) =>
  sql`(${products.sku} is not null and ${skuKey(products.sku)} = ${bind('skuIs', sku)})`;
const skuIsNot = (sku: string, bind: Bind) =>
  sql`(${products.sku} is null or ${skuKey(products.sku)} <> ${bind('skuIsNot', sku)})`;

const search = searchText(products.name, products.brand);
const containsAll = (words: string[], bind: Bind) =>
  and(...words.map((w, i) => sql`${search} like ${bind(`w${i}`, likePattern(w))}`));
const nameStartsWith = (q: string, bind: Bind) =>
  sql`${nameKey(products.name)} like ${bind('prefix', `${escapeLike(q.toLowerCase())}%`)}`;

/** Every product a list shows (any sort): the filters, and a search's words or exact SKU. */
export function matchCondition(filter: ListFilter, bind: Bind = asValue): SQL | undefined {
  const words = filter.q ? searchWords(filter.q) : [];
  const sku = skuOf(filter.q);
  const matches = words.length > 0 ? containsAll(words, bind) : undefined;
  return and(
    ...filterConditions(filter, bind),
    ...(matches ? [sku ? sql`(${matches} or ${skuIs(sku, bind)})` : matches] : []),
  );
}

/**
 * Planner estimates at or above this are taken as "more than MAX_EXACT_COUNT" without counting:
 * at 1,000,000 products its estimates of a search were within 1.5× of the truth (docs/architecture.md).
 */
export const SURELY_PAST_EXACT = 3 * MAX_EXACT_COUNT;

const explainQuery = (where: SQL | undefined) =>
  sql`explain (format json) select 1 from ${products}${where ? sql` where ${where}` : sql``}`;
/** The rows EXPLAIN (FORMAT JSON) expects: its one value, as JSON or as text (the drivers differ). */
const planRows = (value: unknown) => {
  const plan = (typeof value === 'string' ? JSON.parse(value) : value) as [{ Plan: { 'Plan Rows': number } }];
  return Math.round(plan[0].Plan['Plan Rows']);
};
const dialect = new PgDialect();

/** The planner's estimate of how many products match (EXPLAIN: reads statistics, not rows). */
export async function plannedRows(db: AppDb, where: SQL | undefined): Promise<number> {
  const [row] = await queryRows<Record<string, unknown>>(db, explainQuery(where));
  return planRows(row ? Object.values(row)[0] : undefined);
}

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
  if (filter.seller !== undefined) conditions.push(sql`${products.ownerUid} = ${bind('seller', filter.seller)}`);
  return conditions;
}

function filterConditions(filter: ListFilter, bind: Bind = asValue): SQL[] {
  const conditions: SQL[] = [];
  // A literal, never a parameter: a prepared plan must still see that the partial index applies.
  if (filter.available) conditions.push(sql`${products.quantity} > ${sql.raw(String(AVAILABLE_THRESHOLD))}`);
  if (filter.category) conditions.push(sql`${products.category} = ${bind('category', filter.category)}`);
  if (filter.ownerUid) conditions.push(sql`${products.ownerUid} = ${bind('owner', filter.ownerUid)}`);
  // Never in a named statement (preparedPage takes lists without them): their best plan depends on the values.
  conditions.push(...facetConditions(filter, bind));
  return conditions;
}

/** What a list's SQL depends on besides the values it binds: the "available" literal, a cursor's NULLs. */
const labelOf = (filter: ListFilter, cursor: Cursor | null) =>
  `${filter.available ? 'available' : 'all'}:${cursor ? cursor.v.map((v) => (v === null ? 'n' : 'v')).join('') : '-'}`;

const columns = { ...getTableColumns(products), cursorKeys: sql<string[]>`null` };
type Row = ProductRow & { cursorKeys: (string | null)[] | null };

/** A page's columns: the product's, and the row's sort key for the next page's cursor. */
const pageFields = (keys: Key[]) => ({
  ...columns,
  // JSON, not text[]: PGlite reads a NULL array element back as the string 'NULL'.
  cursorKeys: sql<(string | null)[]>`json_build_array(${sql.join(
    keys.map((k) => k.text),
    sql`, `,
  )})`,
});

export function createProductLister(db: AppDb, toProduct: (row: ProductRow) => Product) {
  /** One page in one index order: LIMIT n+1 tells whether more rows follow. */
  function pageQuery(
    where: SQL | undefined,
    keys: Key[],
    limit: number | Placeholder,
    offset: number | Placeholder | null,
  ) {
    const select = pageFields(keys);
    const order = orderBy(keys);
    if (offset === null) {
      return db
        .select(select)
        .from(products)
        .where(where)
        .orderBy(...order)
        .limit(limit);
    }
    // Deep pages: walk the offset over ids only (an index-only scan), then fetch just the page.
    const ids = db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    return db
      .select(select)
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(...order);
  }

  /*
   * Searches and facet-filtered pages are built once per shape as well, but run as unnamed
   * statements: PostgreSQL plans each with its own values (a rare word and a common one want
   * different plans), while Drizzle builds the SQL text once instead of on every request (22% of
   * the API's CPU on an uncached exact SKU went to building it; docs/benchmarks.md).
   *
   * A shape is a label (what the conditions' values do not show: the statement, its sort, the
   * "available" literal, a cursor's NULLs) and the names the conditions bound, in order: brand0,
   * brand1 … for two brands, w0 … for each word, k0 … for the cursor. Any SQL that depends on
   * something else must say so in the label.
   */
  const shapedStatements = new Map<string, FastStatement<unknown>>();
  // Shapes are few in practice; a caller inventing new ones (word counts, brand counts, filters)
  // can grow the map only this far before the oldest shapes are built again when next needed.
  const MAX_SHAPES = 500;

  function shaped<T = Row>(
    label: string,
    where: (bind: Bind) => SQL | undefined,
    build: (where: SQL | undefined) => { query: { toSQL(): { sql: string; params: unknown[] } }; fields: object },
    values: Record<string, unknown> = {},
  ): Promise<T[]> {
    const names: string[] = [];
    const condition = where((name, value) => {
      names.push(name);
      values[name] = value;
      return asPlaceholder(name, value);
    });
    const shape = `${label}|${names.join(',')}`;
    let statement = shapedStatements.get(shape);
    if (!statement) {
      const { query, fields } = build(condition);
      statement = prepareFast<unknown>(db, null, query, fields as Record<string, unknown>);
      if (shapedStatements.size >= MAX_SHAPES) shapedStatements.delete(shapedStatements.keys().next().value as string);
      shapedStatements.set(shape, statement);
    }
    return statement.execute(values) as Promise<T[]>;
  }

  /** One page of a search or facet-filtered list: LIMIT n+1 tells whether more rows follow. */
  function pageOf(label: string, where: (bind: Bind) => SQL | undefined, keys: Key[], limit: number, offset: number) {
    const deep = offset > 0;
    return shaped(
      `${label}:${deep ? 'offset' : 'first'}`,
      where,
      (condition) => ({
        query: pageQuery(condition, keys, sql.placeholder('limit'), deep ? sql.placeholder('offset') : null),
        fields: pageFields(keys),
      }),
      { limit: limit + 1, offset },
    );
  }

  /*
   * Unsearched pages are prepared statements, one per shape of query (sort, which filters,
   * cursor or offset): the SQL is built once, and PostgreSQL parses and plans it once per
   * connection instead of on every request. Searches are not (see "shaped" above): their best
   * plan depends on the words.
   */
  const statements = new Map<string, FastStatement<Row>>();

  function preparedPage(filter: ListFilter & { sort: IndexSort }, cursor: Cursor | null) {
    const keys = SORT_KEYS[filter.sort];
    const deep = !cursor && filter.offset > 0;
    // A NULL in the cursor (an unrated product) changes the SQL, so it is part of the shape.
    const nulls = cursor ? cursor.v.map((v) => (v === null ? 'n' : 'v')).join('') : '-';
    const shape = [filter.sort, filter.available, Boolean(filter.category), Boolean(filter.ownerUid), nulls, deep].join(
      ':',
    );
    let statement = statements.get(shape);
    if (!statement) {
      const base = and(...filterConditions(filter, asPlaceholder));
      const where = cursor
        ? and(
            base,
            after(keys, cursor.v, (i) => sql`${sql.placeholder(`k${i}`)}`),
          )
        : base;
      const query = pageQuery(where, keys, sql.placeholder('limit'), deep ? sql.placeholder('offset') : null);
      // Named after the shape: the same name always means the same SQL on a connection.
      statement = prepareFast<Row>(db, `product_page_${shape.replaceAll(':', '_')}`, query, pageFields(keys));
      statements.set(shape, statement);
    }
    const params: Record<string, unknown> = { limit: filter.limit + 1, offset: filter.offset };
    if (filter.category) params.category = filter.category;
    if (filter.ownerUid) params.owner = filter.ownerUid;
    cursor?.v.forEach((value, i) => (params[`k${i}`] = value));
    return statement.execute(params);
  }

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

  function finish(rows: Row[], limit: number, cursorOf: (row: Row) => Cursor) {
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    const last = page.at(-1);
    return { page, more, nextCursor: more && last ? encodeCursor(cursorOf(last)) : null };
  }

  /**
   * The exact total when the page itself reached the last match: an offset page (no cursor) with
   * no row after it holds the matches from `offset` to the end, so there are offset + its rows.
   * A rare search (a SKU, a part number) then needs no count at all. Null when it cannot tell (a
   * cursor page, more rows after it, or an offset past the end).
   */
  function totalSeen(filter: ListFilter, pageRows: number, more: boolean): number | null {
    if (filter.cursor || more || (filter.offset > 0 && pageRows === 0)) return null;
    return filter.offset + pageRows;
  }

  const keysOf = (row: Row) => row.cursorKeys ?? [];

  async function listSorted(filter: ListFilter & { sort: IndexSort }): Promise<ProductPage> {
    const keys = SORT_KEYS[filter.sort];
    const words = filter.q ? searchWords(filter.q) : [];
    const cursor = filter.cursor ? decodeCursor(filter.cursor, filter.sort) : null;
    let rows: Row[];
    if (words.length > 0 || hasFacetFilter(filter)) {
      const where = (bind: Bind) => {
        const base = matchCondition(filter, bind);
        return cursor ? and(base, after(keys, cursor.v, cursorValues(cursor.v, bind))) : base;
      };
      const label = `sorted:${filter.sort}:${labelOf(filter, cursor)}`;
      rows = await pageOf(label, where, keys, filter.limit, cursor ? 0 : filter.offset);
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
      else ({ total, totalIsExact, totalIsEstimate } = await estimatedCount(filter));
    } else if (filter.ownerUid) {
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

  /**
   * Exact up to MAX_EXACT_COUNT (a count bounded by LIMIT); past it, the planner's estimate of
   * the whole filter (EXPLAIN: statistics, no rows read), never below the bound, labelled an
   * estimate. When the planner expects several times the bound, its estimate is taken at once:
   * counting the bound's rows of a common word would read thousands of heap pages per request.
   */
  async function estimatedCount(filter: ListFilter) {
    const label = `matches:${labelOf(filter, null)}`;
    const where = (bind: Bind) => matchCondition(filter, bind);
    const [explained] = await shaped<{ plan: unknown }>(`explain:${label}`, where, (condition) => {
      const fields = { plan: sql`plan` };
      return { query: { toSQL: () => dialect.sqlToQuery(explainQuery(condition)) }, fields };
    });
    const planned = planRows(explained?.plan);
    if (planned < SURELY_PAST_EXACT) {
      const counted = await boundedCount(label, where);
      if (counted.exact) return { total: counted.total, totalIsExact: true, totalIsEstimate: false };
    }
    return { total: Math.max(planned, MAX_EXACT_COUNT + 1), totalIsExact: false, totalIsEstimate: true };
  }

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
    const tierWhere: Record<Tier, (bind: Bind) => SQL | undefined> = {
      1: (bind) => and(...base(bind), nameStartsWith(filter.q, bind)),
      2: (bind) => and(...base(bind), containsAll(words, bind), not(nameStartsWith(filter.q, bind))),
    };
    const cursor = filter.cursor ? decodeCursor(filter.cursor, 'relevance') : null;
    /** A tier's page: its own rows, or those after the cursor when the cursor is in this tier. */
    const tierPage = (tier: Tier, limit: number, offset: number) => {
      const keys = TIER_KEYS[tier];
      const at = cursor?.t === tier ? cursor : null;
      const where = (bind: Bind) =>
        at ? and(tierWhere[tier](bind), after(keys, at.v, cursorValues(at.v, bind))) : tierWhere[tier](bind);
      return pageOf(`tier${tier}:${labelOf(filter, at)}`, where, keys, limit, offset);
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
      const tier1 = await tierPage(1, limit - rows.length, offset);
      rows.push(...tier1.map((row) => ({ ...row, tier: 1 as const })));
      if (tier1.length === 0 && offset > 0) {
        // The offset lies past tier 1 (so there is no cursor): tier 2 starts where tier 1's rows end.
        const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(
          db
            .select({ one: sql`1` })
            .from(products)
            .where(tierWhere[1](asValue))
            .limit(offset)
            .as('t1'),
        );
        offset2 = offset - (counted?.n ?? 0);
      }
    }
    if (rows.length <= limit) {
      const tier2 = await tierPage(2, limit - rows.length, offset2);
      rows.push(...tier2.map((row) => ({ ...row, tier: 2 as const })));
    }
    const { page, more, nextCursor } = finish(rows, limit, (row) => ({
      s: 'relevance',
      t: (row as Row & { tier: Tier }).tier,
      v: keysOf(row),
    }));
    // The tiers together are exactly the search's matches (a name that starts with the search
    // contains each of its words), so a page that read them to the end has counted them.
    const seen = totalSeen(filter, page.length, more);
    const counted =
      seen === null ? await estimatedCount(filter) : { total: seen, totalIsExact: true, totalIsEstimate: false };
    return { items: page.map(toProduct), ...counted, nextCursor, correctedQuery: null };
  }

  /** The closest catalogue word for each word of the query that is not one itself; null if none changes. */
  async function correct(q: string): Promise<string | null> {
    const words = searchWords(q);
    let changed = false;
    const fixed: string[] = [];
    for (const word of words) {
      const [best] =
        word.length < 3
          ? []
          : await queryRows<{ term: string }>(
              db,
              sql`select term from search_terms where term % ${word}
                  order by term = ${word} desc, similarity(term, ${word}) desc, term limit 1`,
            );
      const replacement = best && best.term !== word && !best.term.includes(word) ? best.term : word;
      if (replacement !== word) changed = true;
      fixed.push(replacement);
    }
    return changed ? fixed.join(' ') : null;
  }

  // Named: its plan (a parameterised probe of the trigram index per word) is the same for any words.
  let unknownWordsStatement: FastStatement<{ word: string }> | undefined;
  const unknownWords = () => {
    const fields = { word: sql<string>`w.word` };
    unknownWordsStatement ??= prepareFast(
      db,
      'search_unknown_word',
      db
        .select(fields)
        .from(sql`unnest(${sql.placeholder('words')}::text[]) as w(word)`)
        .where(sql`not exists (select 1 from ${searchTerms} where ${searchTerms.term} like '%' || w.word || '%')`)
        .limit(1),
      fields,
    );
    return unknownWordsStatement;
  };

  /**
   * Whether some word of the query is in no product at all. A plain word (ASCII letters and
   * digits, 3 or more) can only occur inside one word of a name or brand, and every such word is
   * in search_terms; looking it up there costs the same at any catalogue size, whereas searching
   * the products for a word that is nowhere can read the whole catalogue before it finds nothing.
   */
  async function hasUnknownWord(q: string): Promise<boolean> {
    const plain = [...new Set(searchWords(q).filter((word) => /^[a-z0-9]{3,}$/.test(word)))];
    if (plain.length === 0) return false;
    // One statement for all the words (one round trip). A plain word has no LIKE wildcard to escape.
    // The driver writes the array (a hand-made literal read the word `null` as a NULL).
    const unknown = await unknownWords().execute({ words: plain });
    return unknown.length > 0;
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
