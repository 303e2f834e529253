import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import { AVAILABLE_THRESHOLD, CATEGORY_VALUES, DEFAULT_PAGE_SIZE, MAX_LIST_OFFSET, MAX_PAGE_SIZE } from '@b2b/shared';

/*
 * The reference the API is measured against: node:http and a pg Pool of the same size, running
 * the same SQL as apps/api/src/repositories (same filters, ORDER BY, count source, purchase
 * transaction) and sending the same JSON, with nothing else: no framework, no validation
 * library, no authentication, no rate limit, no security headers. It implements only the
 * requests the bench sends (bench/scenarios.ts), and prepares the statements the API prepares
 * (unsearched pages, their counts, one product). It is started by bench/run.ts:
 *   DATABASE_URL=… PORT=… DATABASE_POOL_SIZE=10 node --import tsx tooling/perf/bench/raw-server.ts
 */

// The API's own figures, from the shared package: a page here is the API's page.
const CATEGORIES = new Set<string>(CATEGORY_VALUES);
const DEFAULT_LIMIT = DEFAULT_PAGE_SIZE;
const MAX_LIMIT = MAX_PAGE_SIZE;
const MAX_OFFSET = MAX_LIST_OFFSET;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const env = process.env;
const buyer = {
  uid: env.BENCH_BUYER_UID ?? 'bench-raw-buyer',
  email: env.BENCH_BUYER_EMAIL ?? 'bench-raw-buyer@example.com',
  displayName: env.BENCH_BUYER_NAME ?? 'bench-raw-buyer',
};

// Timestamps stay text, as Drizzle reads them, so a cursor keeps PostgreSQL's microseconds.
const TIMESTAMPTZ = 1184;
const pool = new pg.Pool({
  connectionString: env.DATABASE_URL,
  max: Number(env.DATABASE_POOL_SIZE ?? 10),
  connectionTimeoutMillis: Number(env.DATABASE_ACQUIRE_TIMEOUT_MS ?? 2_000),
  idleTimeoutMillis: 30_000,
  statement_timeout: Number(env.DATABASE_STATEMENT_TIMEOUT_MS ?? 5_000),
  idle_in_transaction_session_timeout: Number(env.DATABASE_STATEMENT_TIMEOUT_MS ?? 5_000) * 2,
  types: {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === TIMESTAMPTZ
        ? (value: string) => value
        : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  },
});
pool.on('error', () => undefined);

const COLUMNS = `"id", "owner_uid", "owner_email", "seller_name", "name", "image", "brand", "category", "description", "content",
  "price", "quantity", "min_sell_qty", "rating", "created_at", "updated_at",
  "sku", "pack_size", "max_order_qty", "price_tiers", "tax_rate"`;

interface Row {
  id: string;
  owner_uid: string;
  owner_email: string;
  seller_name: string | null;
  name: string;
  image: string;
  brand: string;
  category: string;
  description: string;
  content: string;
  price: string;
  quantity: number;
  min_sell_qty: number;
  rating: string | null;
  created_at: string;
  updated_at: string;
  sku: string | null;
  pack_size: number;
  max_order_qty: number | null;
  price_tiers: { minQty: number; price: number }[];
  tax_rate: string | null;
}

/** BENCH_RAW_HIDE_EMAIL=1 when the API sends sellers' emails to signed-in callers only (the bench asks it). */
const HIDE_EMAIL = env.BENCH_RAW_HIDE_EMAIL === '1';

function toProduct(row: Row, signedIn: boolean) {
  return {
    _id: row.id,
    ...(HIDE_EMAIL && !signedIn ? {} : { email: row.owner_email }),
    // The selling company, as the API names it (null for a seller without one).
    seller: row.seller_name === null ? null : { companyId: row.owner_uid, name: row.seller_name },
    image: row.image,
    name: row.name,
    quantity: row.quantity,
    minSellQty: row.min_sell_qty,
    brand: row.brand,
    category: row.category,
    description: row.description,
    price: Number(row.price),
    rating: row.rating === null ? null : Number(row.rating),
    content: row.content,
    sku: row.sku,
    packSize: row.pack_size,
    maxOrderQty: row.max_order_qty,
    // In the API's key order (jsonb keeps its own).
    priceTiers: row.price_tiers.map(({ minQty, price }) => ({ minQty, price })),
    taxRate: row.tax_rate === null ? null : Number(row.tax_rate),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface ListQuery {
  limit: number;
  offset: number;
  cursor: string | null;
  available: boolean;
  category: string | null;
  q: string | null;
  brands: string[];
  priceMin: number | null;
  priceMax: number | null;
}

function int(value: string | null, fallback: number, max: number): number {
  if (value === null) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max) throw new HttpError(400, `bad number ${value}`);
  return n;
}

function listQuery(params: URLSearchParams, category: string | null): ListQuery {
  const cat = category ?? params.get('category');
  if (cat !== null && !CATEGORIES.has(cat)) throw new HttpError(400, 'unknown category');
  const q = params.get('q')?.trim() ?? '';
  const money = (name: string) => {
    const value = params.get(name);
    if (value === null) return null;
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0) throw new HttpError(400, `bad ${name}`);
    return n;
  };
  return {
    brands: params.getAll('brand'),
    priceMin: money('priceMin'),
    priceMax: money('priceMax'),
    limit: Math.max(1, int(params.get('limit'), DEFAULT_LIMIT, MAX_LIMIT)),
    offset: int(params.get('offset'), 0, MAX_OFFSET),
    cursor: params.get('cursor'),
    available: params.get('available') === 'true',
    category: cat,
    q: q === '' ? null : q,
  };
}

/** As the API: base64url JSON of the sort, the tier (relevance) and the last row's keys as text. */
interface Cursor {
  s: 'oldest' | 'relevance';
  t?: 1 | 2;
  v: string[];
}
const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
function decodeCursor(text: string, sort: Cursor['s']): Cursor {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor> | null;
    if (c && c.s === sort && Array.isArray(c.v) && c.v.length === 2 && c.v.every((v) => typeof v === 'string')) {
      if (sort === 'oldest' || c.t === 1 || c.t === 2) return c as Cursor;
    }
  } catch {
    // fall through
  }
  throw new HttpError(400, 'cursor is not valid for this list');
}

interface Page {
  rows: Row[];
  total: number;
  relation: 'eq' | 'gte' | 'estimate';
  next: string | null;
  corrected: string | null;
}

type KeyedRow = Row & { cursor_keys: string[] };

/** Parameters numbered as they are added, like Drizzle's. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const typedWords = (q: string) => q.toLowerCase().split(/\s+/).filter(Boolean);
/** As the API: the words a product must contain, each once. */
const words = (q: string) => [...new Set(typedWords(q))];

// The sort keys and their text form, exactly as the API's indexes and cursors have them.
const NAME_KEY = `(lower("products"."name") COLLATE "C")`;
const KEYS = {
  oldest: {
    order: `"products"."created_at" asc, "products"."id" asc`,
    text: `json_build_array("products"."created_at"::text, "products"."id"::text)`,
    after: (p: Params, v: string[]) =>
      `("products"."created_at", "products"."id") > (${p.add(v[0])}::timestamptz, ${p.add(v[1])}::uuid)`,
  },
  name: {
    order: `${NAME_KEY} asc, "products"."id" asc`,
    text: `json_build_array(${NAME_KEY}, "products"."id"::text)`,
    after: (p: Params, v: string[]) => `(${NAME_KEY}, "products"."id") > (${p.add(v[0])}::text, ${p.add(v[1])}::uuid)`,
  },
};
type KeyName = keyof typeof KEYS;

function filters(p: Params, query: ListQuery): string[] {
  const where: string[] = [];
  // A literal, as the API writes it: a prepared plan must still see that the partial index applies.
  if (query.available) where.push(`"products"."quantity" > ${AVAILABLE_THRESHOLD}`);
  if (query.category) where.push(`"products"."category" = ${p.add(query.category)}`);
  // The facet filters (the bench sends brand and a price range), as the API writes them.
  if (query.brands.length === 1) where.push(`"products"."brand" = ${p.add(query.brands[0])}`);
  if (query.brands.length > 1) where.push(`"products"."brand" in (${query.brands.map((b) => p.add(b)).join(', ')})`);
  if (query.priceMin !== null) where.push(`"products"."price" >= ${p.add(query.priceMin)}`);
  if (query.priceMax !== null) where.push(`"products"."price" < ${p.add(query.priceMax)}`);
  return where;
}

const faceted = (query: ListQuery) => query.brands.length > 0 || query.priceMin !== null || query.priceMax !== null;

/** A search of one token a SKU could be, lower-cased (as the API's skuOf). */
const skuOf = (q: string | null) => {
  const token = q?.trim() ?? '';
  return token.length > 0 && token.length <= 64 && /^[A-Za-z0-9._/-]+$/.test(token) ? token.toLowerCase() : null;
};
const SKU_KEY = `(lower("products"."sku") COLLATE "C")`;
const skuIs = (p: Params, sku: string) => `("products"."sku" is not null and ${SKU_KEY} = ${p.add(sku)})`;

/** Every product the list shows: the filters, and the words or the exact SKU. */
function matching(p: Params, query: ListQuery, q: string | null): string[] {
  const where = filters(p, query);
  if (!q) return where;
  const contains = words(q)
    .map((w) => `(lower("products"."name" || ' ' || "products"."brand")) like ${p.add(`%${escapeLike(w)}%`)}`)
    .join(' and ');
  const sku = skuOf(q);
  return [...where, sku ? `((${contains}) or ${skuIs(p, sku)})` : `(${contains})`];
}

/**
 * As the API: the planner's estimate; a LIMIT-bounded count below 30,000 of it (unless the page's
 * statement already saw more than 10,000 matches: `pastExact`); an estimate past 10,000.
 */
async function estimatedCount(
  query: ListQuery,
  q: string | null,
  pastExact = false,
): Promise<{ total: number; relation: 'eq' | 'estimate' }> {
  const p = new Params();
  const where = matching(p, query, q);
  const condition = where.length > 0 ? `where ${where.join(' and ')}` : '';
  const plan = await pool.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `explain (format json) select 1 from "products" ${condition}`,
    p.values,
  );
  const planned = Math.round(plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
  if (!pastExact && planned < 30_000) {
    const counted = await pool.query<{ n: number }>(
      `select count(*)::int as n from (select 1 from "products" ${condition} limit 10001) s`,
      p.values,
    );
    const n = counted.rows[0]?.n ?? 0;
    if (n <= 10_000) return { total: n, relation: 'eq' };
  }
  return { total: Math.max(planned, 10_001), relation: 'estimate' };
}

/** One page in one index order, LIMIT n+1; deep offsets walk the ids index-only first (as the API). */
async function pageOf(
  build: (p: Params) => string[],
  keyName: KeyName,
  limit: number,
  offset: number,
  /** A prepared statement's name (the API prepares unsearched pages, one statement per shape). */
  name?: string,
): Promise<KeyedRow[]> {
  const key = KEYS[keyName];
  const p = new Params();
  const select = `select ${COLUMNS}, ${key.text} AS "cursor_keys" from "products"`;
  let text: string;
  if (offset === 0) {
    const where = build(p);
    text = `${select} ${where.length > 0 ? `where ${where.join(' and ')}` : ''} order by ${key.order} limit ${p.add(limit + 1)}`;
  } else {
    const where = build(p);
    const ids = `select "id" from "products" ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
      order by ${key.order} limit ${p.add(limit + 1)} offset ${p.add(offset)}`;
    text = `${select} where "products"."id" in (${ids}) order by ${key.order}`;
  }
  return (await pool.query<KeyedRow>(name ? { name, text, values: p.values } : { text, values: p.values })).rows;
}

/**
 * As the API's matchPage: a first page of several words (one of 3 letters or more) whose matches
 * the planner expects below 30,000 collects them (at most that many; a materialized CTE: the
 * trigram index as a bitmap), sorts only those and counts them in the same statement. Otherwise,
 * or past that, words of 3 letters or more walk 5,000 rows of the sort's index that pass the
 * filters and check the words on them; when that finds no page, every match is collected after
 * all. Shorter words take the planner's plan.
 */
async function walkedPageOf(
  filters: (p: Params) => string[],
  words: (p: Params) => string[],
  keyName: KeyName,
  limit: number,
  steps: { collectFirst: boolean; walk: boolean },
): Promise<{ rows: KeyedRow[]; matched: number | null; pastExact: boolean }> {
  const key = KEYS[keyName];
  const select = `select ${COLUMNS}, ${key.text} AS "cursor_keys" from "products"`;
  const where = (conditions: string[]) => (conditions.length > 0 ? `where ${conditions.join(' and ')}` : '');
  const collect = async (cap: number | null) => {
    const q = new Params();
    // As the API: the matches collected narrow (the sort keys' columns), only the page's rows whole.
    const all = `select "id", "created_at", "price", "rating", "name" from "products" ${where([...filters(q), ...words(q)])}${cap === null ? '' : ` limit ${q.add(cap + 1)}`}`;
    const { rows } = await pool.query<KeyedRow & { matched: number }>(
      `with matches as materialized (${all}),
       page as (select "products"."id" from matches as "products" order by ${key.order} limit ${q.add(limit + 1)})
       select ${COLUMNS}, ${key.text} AS "cursor_keys", (select count(*)::int from matches) as matched
       from "products" where "products"."id" in (select "id" from page) order by ${key.order}`,
      q.values,
    );
    return { rows, matched: rows[0]?.matched ?? 0, pastExact: false };
  };
  // As the API: at most 10,000 collected first; more means an estimated total, and the walk's page.
  let pastExact = false;
  if (steps.collectFirst) {
    const e = new Params();
    const plan = await pool.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      `explain (format json) select 1 from "products" ${where([...filters(e), ...words(e)])}`,
      e.values,
    );
    if ((plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0) < 30_000) {
      const collected = await collect(10_000);
      if (collected.matched <= 10_000) return collected;
      pastExact = true;
    }
  }
  if (!steps.walk)
    return { rows: await pageOf((q) => [...filters(q), ...words(q)], keyName, limit, 0), matched: null, pastExact };
  const p = new Params();
  const walk = `${select} ${where(filters(p))} order by ${key.order} limit ${p.add(5_000)}`;
  const matched = where(words(p));
  const walked = await pool.query<KeyedRow>(
    `select * from (${walk}) as "products" ${matched} order by ${key.order} limit ${p.add(limit + 1)}`,
    p.values,
  );
  if (walked.rows.length > limit) return { rows: walked.rows, matched: null, pastExact };
  return collect(null);
}

function finish(rows: KeyedRow[], limit: number, cursorOf: (row: KeyedRow) => Cursor) {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return { page, more, next: more && last ? encodeCursor(cursorOf(last)) : null };
}

/** As the API: an offset page that read past its last match has counted the matches itself. */
async function countOf(query: ListQuery, q: string | null, rows: number, more: boolean, pastExact = false) {
  if (query.cursor || more || (query.offset > 0 && rows === 0)) return estimatedCount(query, q, pastExact);
  return { total: query.offset + rows, relation: 'eq' as const };
}

/** Unsearched lists: one index range, the total from product_counts. */
async function listOldest(query: ListQuery): Promise<Page> {
  const cursor = query.cursor ? decodeCursor(query.cursor, 'oldest') : null;
  const rows = await pageOf(
    (p) => [...filters(p, query), ...(cursor ? [KEYS.oldest.after(p, cursor.v)] : [])],
    'oldest',
    query.limit,
    cursor ? 0 : query.offset,
    faceted(query)
      ? undefined
      : `raw_page_${query.available}_${Boolean(query.category)}_${Boolean(cursor)}_${!cursor && query.offset > 0}`,
  );
  const { page, more, next } = finish(rows, query.limit, (row) => ({ s: 'oldest', v: row.cursor_keys }));
  if (faceted(query)) return { rows: page, ...(await countOf(query, null, page.length, more)), next, corrected: null };
  const p = new Params();
  const where: string[] = [];
  if (query.category) where.push(`"product_counts"."category" = ${p.add(query.category)}`);
  if (query.available) where.push(`"product_counts"."available" = ${p.add(true)}`);
  const counted = await pool.query<{ sum: string | null }>({
    name: `raw_count_${Boolean(query.category)}_${query.available}`,
    text: `select sum("count") from "product_counts" ${where.length > 0 ? `where ${where.join(' and ')}` : ''}`,
    values: p.values,
  });
  return { rows: page, total: Number(counted.rows[0]?.sum ?? 0), relation: 'eq', next, corrected: null };
}

/** Relevance: names starting with q (name order), then names or brands containing every word (catalogue order). */
async function listRelevant(query: ListQuery, q: string): Promise<Page> {
  const cursor = query.cursor ? decodeCursor(query.cursor, 'relevance') : null;
  const prefix = (p: Params) => `${NAME_KEY} like ${p.add(`${escapeLike(q.toLowerCase())}%`)}`;
  const contains = (p: Params) =>
    words(q).map((w) => `(lower("products"."name" || ' ' || "products"."brand")) like ${p.add(`%${escapeLike(w)}%`)}`);
  const rows: (KeyedRow & { tier: 1 | 2 })[] = [];
  let collected: number | null = null;
  /** Whether tier 2's statement saw more than 10,000 matches: the total is an estimate. */
  let pastExact = false;
  const sku = skuOf(q);
  const notSku = (p: Params) => (sku ? [`("products"."sku" is null or ${SKU_KEY} <> ${p.add(sku)})`] : []);
  if (sku && !cursor) {
    // Tier 0: the exact SKU (a handful of rows from the SKU index), sorted here by name and id.
    const p = new Params();
    const where = [...filters(p, query), skuIs(p, sku)];
    const exact = (
      await pool.query<KeyedRow>(
        `select ${COLUMNS}, ${KEYS.name.text} AS "cursor_keys" from "products" where ${where.join(' and ')}`,
        p.values,
      )
    ).rows;
    const key = (row: KeyedRow) => Buffer.from(`${row.cursor_keys[0] ?? ''}\u0000${row.id}`);
    exact.sort((a, b) => Buffer.compare(key(a), key(b)));
    const start = ['', '00000000-0000-0000-0000-000000000000'];
    rows.push(...exact.slice(query.offset).map((row) => ({ ...row, cursor_keys: start, tier: 1 as const })));
  }
  if ((!cursor || cursor.t === 1) && rows.length <= query.limit) {
    const tier1 = await pageOf(
      (p) => [...filters(p, query), ...notSku(p), prefix(p), ...(cursor ? [KEYS.name.after(p, cursor.v)] : [])],
      'name',
      query.limit - rows.length,
      cursor || sku ? 0 : query.offset,
    );
    rows.push(...tier1.map((row) => ({ ...row, tier: 1 as const })));
  }
  if (rows.length <= query.limit) {
    const tier2Filters = (p: Params) => [
      ...filters(p, query),
      ...notSku(p),
      ...(cursor?.t === 2 ? [KEYS.oldest.after(p, cursor.v)] : []),
    ];
    const tier2Words = (p: Params) => [...contains(p), `not ${prefix(p)}`];
    const searched = words(q);
    const steps = {
      collectFirst: !cursor && query.offset === 0 && searched.length >= 2 && searched.some((w) => w.length >= 3),
      walk: searched.length >= 2 && searched.every((w) => w.length >= 3),
    };
    const tier2 =
      steps.collectFirst || steps.walk
        ? await walkedPageOf(tier2Filters, tier2Words, 'oldest', query.limit - rows.length, steps)
        : {
            rows: await pageOf((p) => [...tier2Filters(p), ...tier2Words(p)], 'oldest', query.limit - rows.length, 0),
            matched: null,
            pastExact: false,
          };
    pastExact = tier2.pastExact;
    // As the API: on a first page, tiers 0 and 1 came whole before tier 2, whose matches were counted.
    if (tier2.matched !== null && !cursor && query.offset === 0 && rows.length + tier2.matched <= 10_000)
      collected = rows.length + tier2.matched;
    rows.push(
      ...tier2.rows.map(({ matched: _, ...row }: KeyedRow & { matched?: number }) => ({ ...row, tier: 2 as const })),
    );
  }
  const { page, more, next } = finish(rows, query.limit, (row) => ({
    s: 'relevance',
    t: (row as KeyedRow & { tier: 1 | 2 }).tier,
    v: row.cursor_keys,
  }));
  const counted =
    more && collected !== null
      ? { total: collected, relation: 'eq' as const }
      : await countOf(query, q, page.length, more, pastExact);
  return { rows: page, ...counted, next, corrected: null };
}

/** The closest vocabulary word for each word of q (pg_trgm similarity), or null when none changes. */
async function correct(q: string): Promise<string | null> {
  let changed = false;
  const fixed: string[] = [];
  for (const word of typedWords(q)) {
    const best =
      word.length < 3
        ? undefined
        : (
            await pool.query<{ term: string }>(
              `select term from search_terms where term % $1
               order by term = $2 desc, similarity(term, $3) desc, term limit 1`,
              [word, word, word],
            )
          ).rows[0];
    const replacement = best && best.term !== word && !best.term.includes(word) ? best.term : word;
    if (replacement !== word) changed = true;
    fixed.push(replacement);
  }
  return changed ? fixed.join(' ') : null;
}

async function list(query: ListQuery): Promise<Page> {
  const run = (q: string | null) => (q ? listRelevant(query, q) : listOldest(query));
  const result = await run(query.q);
  if (result.rows.length > 0 || !query.q || query.cursor || query.offset > 0) return result;
  const corrected = await correct(query.q);
  if (!corrected) return result;
  const retried = await run(corrected);
  return retried.rows.length > 0 ? { ...retried, corrected } : result;
}

/*
 * GET /api/products/facets, the API's algorithm in plain SQL (capabilities/catalogue/listing/facets.ts): a facet
 * whose other filters are only category and available sums the maintained tables; the others
 * share one query over at most 10,001 matching rows (2,000 when the planner expects 30,000 or
 * more), scaled by the planner's estimate when the limit is reached.
 */
type Dim = 'brand' | 'price' | 'rating' | 'category' | 'available';
const DIMS: Dim[] = ['brand', 'price', 'rating', 'category', 'available'];
const VALUE: Record<Dim, string> = {
  brand: `"products"."brand"`,
  price: `price_band("products"."price")`,
  rating: `floor("products"."rating")::int::text`,
  category: `"products"."category"`,
  available: `("products"."quantity" > 100)::text`,
};
const BANDS = ['0-10', '10-25', '25-50', '50-100', '100-250', '250-500', '500-1000', '1000-'];
const FLOORS = [4, 3, 2, 1];

function withoutOwn(dim: Dim, query: ListQuery): ListQuery {
  if (dim === 'brand') return { ...query, brands: [] };
  if (dim === 'price') return { ...query, priceMin: null, priceMax: null };
  if (dim === 'category') return { ...query, category: null };
  if (dim === 'available') return { ...query, available: false };
  return query;
}

type Counted = { counts: Map<string, number>; estimate: boolean };

async function maintainedFacet(dim: Dim, query: ListQuery): Promise<Counted> {
  const p = new Params();
  const where: string[] = [];
  let text: string;
  if (dim === 'category' || dim === 'available') {
    if (query.category) where.push(`"category" = ${p.add(query.category)}`);
    if (query.available) where.push(`"available" = true`);
    const value = dim === 'category' ? `"category"` : `"available"::text`;
    text = `select ${value} as value, sum("count") as n from "product_counts" ${where.length > 0 ? `where ${where.join(' and ')}` : ''} group by 1`;
  } else {
    where.push(`"facet" = ${p.add(dim)}`);
    if (query.category) where.push(`"category" = ${p.add(query.category)}`);
    if (query.available) where.push(`"available" = true`);
    text = `select "value", sum("count") as n from "product_facet_counts" where ${where.join(' and ')} group by 1`;
  }
  const rows = (await pool.query<{ value: string; n: string }>(text, p.values)).rows;
  return { counts: new Map(rows.map((r) => [r.value, Number(r.n)])), estimate: false };
}

async function sampledFacets(dims: Dim[], query: ListQuery): Promise<Map<Dim, Counted>> {
  const p = new Params();
  const where = matching(p, query, query.q);
  const condition = where.length > 0 ? `where ${where.join(' and ')}` : '';
  const plan = await pool.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `explain (format json) select 1 from "products" ${condition}`,
    p.values,
  );
  const planned = Math.round(plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
  const limit = planned >= 30_000 ? 2_000 : 10_001;
  const rows = (
    await pool.query<{ dim: string; value: string | null; n: string }>(
      `with s as materialized (select ${dims.map((d) => `${VALUE[d]} as "${d}"`).join(', ')} from "products" ${condition} limit ${limit})
       select 'total' as dim, null as value, count(*) as n from s
       union all ${dims.map((d) => `select '${d}' as dim, "${d}" as value, count(*) as n from s group by 2`).join(' union all ')}`,
      p.values,
    )
  ).rows;
  const seen = Number(rows.find((r) => r.dim === 'total')?.n ?? 0);
  const exact = seen < limit;
  const scale = exact ? 1 : Math.max(planned, 10_001, seen) / seen;
  const result = new Map<Dim, Counted>(dims.map((d) => [d, { counts: new Map(), estimate: !exact }]));
  for (const row of rows) {
    if (row.dim === 'total' || row.value === null) continue;
    result.get(row.dim as Dim)?.counts.set(row.value, Math.round(Number(row.n) * scale));
  }
  return result;
}

async function facets(query: ListQuery) {
  const counted = new Map<Dim, Counted>();
  const groups = new Map<string, { query: ListQuery; dims: Dim[] }>();
  const jobs: Promise<void>[] = [];
  for (const dim of DIMS) {
    const own = withoutOwn(dim, query);
    if (!own.q && !faceted(own)) {
      jobs.push(maintainedFacet(dim, own).then((c) => void counted.set(dim, c)));
      continue;
    }
    const key = JSON.stringify(own);
    const group = groups.get(key) ?? { query: own, dims: [] };
    group.dims.push(dim);
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    jobs.push(sampledFacets(group.dims, group.query).then((m) => m.forEach((c, d) => counted.set(d, c))));
  }
  await Promise.all(jobs);
  const get = (dim: Dim) => counted.get(dim) ?? { counts: new Map<string, number>(), estimate: false };
  const f = (value: string, count: number, estimate: boolean) => ({ value, count, estimate });
  const brand = get('brand');
  const brands = [...brand.counts]
    .filter(([value, count]) => value !== '' && count > 0)
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  const rating = get('rating');
  const stars = (floor: number) =>
    [...rating.counts].reduce((sum, [value, count]) => (Number(value) >= floor ? sum + count : sum), 0);
  const price = get('price');
  const category = get('category');
  const available = get('available');
  return {
    brands: brands.slice(0, 20).map(([value, count]) => f(value, count, brand.estimate)),
    brandsMore: Math.max(0, brands.length - 20),
    priceBands: BANDS.map((band) => f(band, price.counts.get(band) ?? 0, price.estimate)),
    ratings: FLOORS.map((floor) => f(String(floor), stars(floor), rating.estimate)),
    categories: [...CATEGORIES].map((c) => f(c, category.counts.get(c) ?? 0, category.estimate)),
    available: ['true', 'false'].map((v) => f(v, available.counts.get(v) ?? 0, available.estimate)),
  };
}

async function one(id: string): Promise<Row | null> {
  if (!UUID.test(id)) throw new HttpError(400, 'Id must be a UUID.');
  const result = await pool.query<Row>({
    name: 'raw_product_by_id',
    text: `select ${COLUMNS} from "products" where "products"."id" = $1`,
    values: [id],
  });
  return result.rows[0] ?? null;
}

/**
 * Cart rows that hold their stock for a while also name the seller (the API's schema from
 * migration 0003 on): the insert writes the same columns as the API's, whichever schema this is.
 */
const HOLD_HOURS = Number(env.CART_HOLD_HOURS ?? 24);
const cartHolds = pool
  .query<{ n: string }>(
    `select count(*) as n from information_schema.columns
     where table_name = 'cart_items' and column_name in ('held_until', 'seller_uid', 'seller_email')
       and table_schema = current_schema()`,
  )
  .then((r) => Number(r.rows[0]?.n ?? 0) === 3)
  .catch(() => false);

async function purchase(body: unknown): Promise<string> {
  const { productId, buyQuantity } = (body ?? {}) as { productId?: unknown; buyQuantity?: unknown };
  if (typeof productId !== 'string' || !UUID.test(productId)) throw new HttpError(400, 'productId');
  if (typeof buyQuantity !== 'number' || !Number.isInteger(buyQuantity) || buyQuantity < 1) {
    throw new HttpError(400, 'buyQuantity');
  }
  // The one-purchase transaction, one statement per request: the decrement's RETURNING feeding
  // the cart row. (The API batches concurrent purchases of one product into one such statement;
  // this is the per-request floor it is compared with.)
  const holds = await cartHolds;
  const result = await pool.query<{ id: string }>(
    `with bought as (
       update "products" set "quantity" = "products"."quantity" - $1::integer, "updated_at" = now()
       where "products"."id" = $2 and "products"."quantity" >= $3::integer and "products"."min_sell_qty" <= $4::integer
         and $4::integer % "products"."pack_size" = 0
       returning "products"."id", "products"."name", "products"."image", "products"."brand", "products"."category",
                 "products"."price", "products"."owner_uid", "products"."owner_email", "products"."sku"
     )
     insert into "cart_items" ("product_id", "name", "image", "brand", "category", "price", "list_price", "sku", "user_uid", "user_email",
                               "display_name", "buy_quantity"${holds ? ', "seller_uid", "seller_email", "held_until"' : ''})
     select "id", "name", "image", "brand", "category", "price", "price", "sku", $5, $6, $7, $8::integer${
       holds ? ', "owner_uid", "owner_email", now() + make_interval(hours => $9::integer)' : ''
     }
     from bought
     returning "id"`,
    [
      buyQuantity,
      productId,
      buyQuantity,
      buyQuantity,
      buyer.uid,
      buyer.email,
      buyer.displayName,
      buyQuantity,
      ...(holds ? [HOLD_HOURS] : []),
    ],
  );
  const id = result.rows[0]?.id;
  if (!id) throw new HttpError(409, 'Not enough stock.');
  return id;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new HttpError(400, 'bad JSON');
  }
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://raw');
  const path = url.pathname;
  if (req.method === 'GET' && path === '/api/health') return send(res, 200, { status: 'ok' });
  if (req.method === 'GET' && (path === '/api/products' || path.startsWith('/api/categories/'))) {
    const category = path === '/api/products' ? null : decodeURIComponent(path.slice('/api/categories/'.length));
    const page = await list(listQuery(url.searchParams, category));
    const headers: Record<string, string> = {
      'x-total-count': String(page.total),
      'x-total-count-relation': page.relation,
    };
    if (page.next) headers['x-next-cursor'] = page.next;
    if (page.corrected) headers['x-search-corrected'] = encodeURIComponent(page.corrected);
    const signedIn = Boolean(req.headers.authorization);
    return send(
      res,
      200,
      page.rows.map((row) => toProduct(row, signedIn)),
      headers,
    );
  }
  if (req.method === 'GET' && path === '/api/products/facets') {
    return send(res, 200, await facets(listQuery(url.searchParams, null)));
  }
  if (req.method === 'GET' && path.startsWith('/api/products/')) {
    const row = await one(path.slice('/api/products/'.length));
    return row
      ? send(res, 200, toProduct(row, Boolean(req.headers.authorization)))
      : send(res, 404, { statusCode: 404, message: 'Product not found.' });
  }
  if (req.method === 'POST' && path === '/api/carts') {
    const insertedId = await purchase(await readBody(req));
    return send(res, 201, { acknowledged: true, insertedId });
  }
  return send(res, 404, { statusCode: 404, message: 'Not found.' });
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    if (error instanceof HttpError)
      return send(res, error.status, { statusCode: error.status, message: error.message });
    console.error(error);
    return send(res, 500, { statusCode: 500, message: 'Internal error.' });
  });
});
server.keepAliveTimeout = 10_000;
server.listen(Number(env.PORT ?? 3100), env.HOST ?? '127.0.0.1');

const stop = () => {
  server.close();
  server.closeAllConnections();
  void pool.end().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
