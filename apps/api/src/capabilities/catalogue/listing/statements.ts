import { and, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { MAX_EXACT_COUNT } from '@b2b/shared';
import { prepareFast, type AppDb, type FastStatement } from '../../../db/client.js';
import { products } from '../../../db/schema.js';
import { asPlaceholder, type Bind } from './bind.js';
import { collectsFirst, filterConditions, walksFirst, type ListFilter } from './conditions.js';
import { dialect, explainQuery, planRows, SURELY_PAST_EXACT } from './estimates.js';
import {
  after,
  KEY_COLUMNS,
  orderBy,
  pageFields,
  SORT_KEYS,
  type Cursor,
  type IndexSort,
  type Key,
  type Row,
} from './keys.js';

/** Rows of the sort's index a search of several words walks before it collects every match instead. */
export const WALK_ROWS = 5_000;

/**
 * A page, and how many rows met its conditions in all when its statement collected every one of
 * them to sort them (null when it read only the page's own).
 */
export interface MatchedPage {
  rows: Row[];
  matched: number | null;
  /**
   * Whether the statement that collected the matches stopped at a cap of MAX_EXACT_COUNT or more:
   * more rows met its conditions, so the total is an estimate and needs no count.
   */
  pastExact: boolean;
}

/*
 * The statement cache of the catalogue's lists: every page query is built once per shape, and
 * unsearched pages are named prepared statements that PostgreSQL plans once per connection.
 */

export interface StatementOptions {
  /** Rows of the sort's index a search walks (WALK_ROWS). */
  walkRows?: number;
  /** Below this many expected matches a search collects them first (SURELY_PAST_EXACT). */
  collectRows?: number;
  /**
   * It collects at most this many first (MAX_EXACT_COUNT: past it the total is an estimate, so
   * more would only be read to sort them; the walk finds the page of so many matches).
   */
  collectCap?: number;
}

export function createStatements(
  db: AppDb,
  { walkRows = WALK_ROWS, collectRows = SURELY_PAST_EXACT, collectCap = MAX_EXACT_COUNT }: StatementOptions = {},
) {
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

  /** The planner's estimate of how many rows meet `where` (EXPLAIN: statistics, no rows read). */
  async function plannedRows(label: string, where: (bind: Bind) => SQL | undefined): Promise<number> {
    const [explained] = await shaped<{ plan: unknown }>(`explain:${label}`, where, (condition) => {
      const fields = { plan: sql`plan` };
      return { query: { toSQL: () => dialect.sqlToQuery(explainQuery(condition)) }, fields };
    });
    return planRows(explained?.plan);
  }

  /**
   * One page of a filtered or searched list: `words` are the search's conditions, `filters` the
   * rest (with a cursor's). An offset page, or a list without several words, is one statement.
   * A first page (or a cursor's next page) of several words is found in bounded steps
   * (conditions.ts, collectsFirst and walksFirst, say why):
   * - on a first page whose total is wanted (`counting`), where the planner expects fewer than
   *   collectRows matches (SURELY_PAST_EXACT: past it the total is not counted either), every
   *   match is collected (the trigram index, as a bitmap: the words' rows meet in memory), at most
   *   collectCap (MAX_EXACT_COUNT), and only they are sorted. The statement counts them too, so
   *   the total needs no count that reads the same rows again: "karnapoint 500" (1,174 matches at
   *   1,000,000 products) takes 19 ms, where the walk below (no page found), the collection and
   *   the count took 50 ms. Past the cap (`pastExact`) the total is an estimate, counted no further;
   * - otherwise, or with more matches than that, words of 3 letters or more walk the sort's index
   *   for WALK_ROWS rows that pass the filters and check the words on those: where the words are
   *   common together, the page is found there (1.7 ms for "stainless steel"); a walk that finds
   *   no page collects every match after all ("organic waterproof", which matches nothing: 29 ms,
   *   where walking the whole index took 2.7 s);
   * - a shorter word has no trigrams to look up: the planner's own plan.
   * Every step reads rows in the sort's order after the same cursor: their pages are the same.
   */
  async function matchPage(
    label: string,
    filters: (bind: Bind) => SQL | undefined,
    words: (bind: Bind) => SQL | undefined,
    searched: string[],
    keys: Key[],
    limit: number,
    offset: number,
    counting: boolean,
  ): Promise<MatchedPage> {
    const matching = (bind: Bind) => and(filters(bind), words(bind));
    if (offset > 0 || searched.length < 2)
      return { rows: await pageOf(label, matching, keys, limit, offset), matched: null, pastExact: false };
    const fields = pageFields(keys);
    const order = sql.join(orderBy(keys), sql`, `);
    const raw = (statement: SQL | undefined, more: object = {}) => ({
      query: { toSQL: () => dialect.sqlToQuery(statement as SQL) },
      fields: { ...fields, ...more },
    });
    // Every statement names its rows "products", so the conditions and keys read their columns.
    // The matches are collected narrow (the sort's columns), sorted and counted, and only the
    // page's rows are read whole: 30,000 whole rows went to a 15 MB temporary file (past
    // work_mem), and "steel stainless" took 370–400 ms where it takes 250–280 (docs/benchmarks.md).
    const collect = async (cap: number | null): Promise<{ rows: Row[]; matched: number }> => {
      const found = await shaped<Row & { matched: number }>(
        `matches:${cap === null ? 'all' : 'capped'}:${label}`,
        (bind) => {
          const matches = db.select(KEY_COLUMNS).from(products).where(matching(bind));
          const bounded = cap === null ? matches : matches.limit(sql.placeholder('cap'));
          const page = db
            .select({ ...fields, matched: sql`(select count(*)::int from matches)` })
            .from(products)
            .where(sql`${products.id} in (select "id" from page)`)
            .orderBy(...orderBy(keys));
          return sql`with matches as materialized (${bounded}), page as (select ${products.id} from matches as ${products} order by ${order} limit ${sql.placeholder('limit')}) ${page}`;
        },
        (statement) => raw(statement, { matched: sql`matched` }),
        { limit: limit + 1, ...(cap === null ? {} : { cap: cap + 1 }) },
      );
      const matched = found[0]?.matched ?? 0;
      return { rows: found.map(({ matched: _, ...row }) => row), matched };
    };
    /** Set when the collection first stopped at a cap past which no total is exact. */
    let pastExact = false;
    if (counting && collectsFirst(searched) && (await plannedRows(`matches:${label}`, matching)) < collectRows) {
      const cap = Math.min(collectRows, collectCap);
      const collected = await collect(cap);
      if (collected.matched <= cap) return { ...collected, pastExact: false };
      pastExact = cap >= MAX_EXACT_COUNT;
    }
    if (!walksFirst(searched)) return { rows: await pageOf(label, matching, keys, limit, 0), matched: null, pastExact };
    const walked = await shaped(
      `walk:${label}`,
      (bind) => {
        const walk = pageQuery(filters(bind), keys, sql.placeholder('walk'), null);
        return sql`select * from (${walk}) as ${products} where ${words(bind)} order by ${order} limit ${sql.placeholder('limit')}`;
      },
      raw,
      { limit: limit + 1, walk: walkRows },
    );
    if (walked.length > limit) return { rows: walked, matched: null, pastExact };
    // After a cursor the matches collected are those after it: not the list's total.
    const all = await collect(null);
    return { rows: all.rows, matched: counting ? all.matched : null, pastExact: false };
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
    const shape = [filter.sort, filter.available, Boolean(filter.category), Boolean(filter.sellerId), nulls, deep].join(
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
    if (filter.sellerId) params.owner = filter.sellerId;
    cursor?.v.forEach((value, i) => (params[`k${i}`] = value));
    return statement.execute(params);
  }

  return { shaped, plannedRows, pageOf, matchPage, preparedPage };
}

export type Statements = ReturnType<typeof createStatements>;
