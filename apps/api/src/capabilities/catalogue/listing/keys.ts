import { and, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Sort } from '@b2b/shared';
import { nameKey, products, type ProductRow } from '../../../db/schema.js';
import { encodeCursor } from '../../../lib/cursor.js';
import type { Bind, Bound } from './bind.js';

/*
 * The catalogue's sort orders as index keys (each sort is exactly one index's column order), the
 * keyset condition "after this row", and the cursor that carries a row's keys to the next page.
 */

export type Dir = 'asc' | 'desc';
export interface Key {
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

export type IndexSort = Exclude<Sort, 'relevance'>;
/** Each sort is exactly the column order of one index (db/schema.ts), so pages never sort rows. */
export const SORT_KEYS: Record<IndexSort, Key[]> = {
  oldest: [created('asc'), id('asc')],
  newest: [created('desc'), id('desc')],
  price_asc: [key(sql`${products.price}`, 'numeric', 'asc'), created('asc'), id('asc')],
  price_desc: [priceDesc, created('asc'), id('asc')],
  name_asc: [name, id('asc')],
  rating_desc: [rating, created('asc'), id('asc')],
};

/** Relevance: tier 1 (names starting with the query) in name order, then tier 2 in catalogue order. */
export const TIER_KEYS = { 1: SORT_KEYS.name_asc, 2: SORT_KEYS.oldest } as const;
export type Tier = keyof typeof TIER_KEYS;

export const orderBy = (keys: Key[]) => keys.map((k) => k.order);

const cast = (value: Bound, key: Key) => sql`${value}::${sql.raw(key.type)}`;

/**
 * Rows strictly after `values` in the order of `keys`, written so the index serves the range.
 * `value(i)` gives the i-th key's value as SQL: a literal, or a placeholder of a prepared query.
 */
export function after(keys: Key[], values: (string | null)[], value: (i: number) => Bound, from = 0): SQL {
  const [first, ...rest] = keys;
  const v0 = values[from];
  if (!first) throw new Error('no sort keys');
  if (first.nullable && v0 === null) {
    // Past the last non-null value: only NULLs remain, ordered by the remaining keys.
    return rest.length > 0
      ? (and(sql`${first.expr} is null`, after(rest, values, value, from + 1)) ?? sql`false`)
      : sql`false`;
  }
  // isCursorOf let only a nullable key's value be null.
  if (v0 === null || v0 === undefined) throw new Error('a cursor without the value of a key that is never null');
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
export const cursorValues = (values: (string | null)[], bind: Bind) => (i: number) => bind(`k${i}`, values[i] ?? '');

export interface Cursor {
  s: Sort;
  /** Relevance only: which tier the last row came from. */
  t?: Tier;
  v: (string | null)[];
}

/** A cursor of this list sorted this way: its sort, its tier (relevance) and the last row's keys. */
export function isCursorOf(sort: Sort) {
  return (c: unknown): c is Cursor => {
    const cursor = c as Partial<Cursor> | null;
    if (cursor === null || typeof cursor !== 'object' || cursor.s !== sort) return false;
    const keys =
      sort === 'relevance' ? (cursor.t === 1 || cursor.t === 2 ? TIER_KEYS[cursor.t] : null) : SORT_KEYS[sort];
    return (
      keys !== null &&
      Array.isArray(cursor.v) &&
      cursor.v.length === keys.length &&
      cursor.v.every((v, i) =>
        v === null ? keys[i]?.nullable === true : typeof v === 'string' && v.length <= 500 && !v.includes('\0'),
      )
    );
  };
}

const columns = { ...getTableColumns(products), cursorKeys: sql<string[]>`null` };
export type Row = ProductRow & { cursorKeys: (string | null)[] | null };

/** Every column a sort key above reads: what a search's collected matches keep of each row (statements.ts). */
export const KEY_COLUMNS = {
  id: products.id,
  createdAt: products.createdAt,
  price: products.price,
  rating: products.rating,
  name: products.name,
};

/** A page's columns: the product's, and the row's sort key for the next page's cursor. */
export const pageFields = (keys: Key[]) => ({
  ...columns,
  // JSON, not text[]: PGlite reads a NULL array element back as the string 'NULL'.
  cursorKeys: sql<(string | null)[]>`json_build_array(${sql.join(
    keys.map((k) => k.text),
    sql`, `,
  )})`,
});

export function finish(rows: Row[], limit: number, cursorOf: (row: Row) => Cursor) {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return { page, more, nextCursor: more && last ? encodeCursor(cursorOf(last)) : null };
}

export const keysOf = (row: Row) => row.cursorKeys ?? [];
