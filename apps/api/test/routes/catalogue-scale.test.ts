import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_LIST_OFFSET, SORTS, type ErrorBody, type Product } from '@b2b/shared';
import { queryRows } from '../../src/db/client.js';
import { productCounts, products } from '../../src/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { usesPostgres } from '../helpers/database.js';
import { insertProduct } from '../helpers/factories.js';
import { createUser, type TestUser } from '../helpers/users.js';

/*
 * The list contract that keeps the catalogue fast at any size: bounded offsets, keyset
 * cursors that agree with offsets for every sort, totals from maintained counts, and search
 * with relevance and spelling correction.
 */

let t: TestApp;
let seller: TestUser;
const base = Date.parse('2025-03-01T00:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  seller = await createUser();
  // 40 products with repeated prices and ratings (ties), some without a rating, in three categories.
  for (let i = 0; i < 40; i++) {
    await insertProduct(t.database.db, seller, {
      name:
        i === 7
          ? 'Headphones Stand'
          : `${['Steel', 'Oak', 'Glass', 'Cotton'][i % 4]} Item ${String(i).padStart(2, '0')}`,
      brand: i % 5 === 0 ? 'Headphones Co' : 'Acme',
      category: (['kitchen', 'home', 'office&stationary'] as const)[i % 3],
      price: [5, 7.5, 5, 12][i % 4],
      rating: i % 6 === 0 ? null : [4, 3.5, 4, 5, 2][i % 5],
      quantity: i % 2 === 0 ? 500 : 50,
      // Microseconds apart: a cursor that rounded to milliseconds would skip or repeat rows.
      createdAt: new Date(base + Math.floor(i / 3)),
    });
  }
  await insertProduct(t.database.db, seller, {
    name: 'Wireless Headphones',
    brand: 'SonicLane',
    category: 'electronics',
  });
});
afterAll(async () => t.close());

const ids = (list: Product[]) => list.map((p) => p._id);

describe('paging', () => {
  test(`offset past ${MAX_LIST_OFFSET} is a 400 that names the bound and the cursor`, async () => {
    const { res } = await t.api.productList(`/api/products?offset=${MAX_LIST_OFFSET + 1}`);
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.details?.[0]?.field).toBe('offset');
    expect(body.message).toContain(String(MAX_LIST_OFFSET));
    expect(body.message).toContain('cursor');
    expect((await t.api.productList(`/api/products?offset=${MAX_LIST_OFFSET}`)).res.statusCode).toBe(200);
  });

  test.each(SORTS.filter((s) => s !== 'relevance'))(
    'sort=%s: following X-Next-Cursor lists every product once, in the same order as offsets',
    async (sort) => {
      const byOffset = (await t.api.productList(`/api/products?sort=${sort}&limit=100`)).body;
      const walked: Product[] = [];
      let url = `/api/products?sort=${sort}&limit=7`;
      for (let pages = 0; pages < 20; pages++) {
        const page = await t.api.productList(url);
        expect(page.res.statusCode).toBe(200);
        walked.push(...page.body);
        if (!page.next) break;
        expect(page.res.headers.link).toBe(`</api/products?sort=${sort}&limit=7&cursor=${page.next}>; rel="next"`);
        url = `/api/products?sort=${sort}&limit=7&cursor=${page.next}`;
      }
      expect(ids(walked)).toEqual(ids(byOffset));
      expect(new Set(ids(walked)).size).toBe(41);
    },
  );

  test('a cursor keeps the filters of its list', async () => {
    const first = await t.api.productList('/api/categories/kitchen?available=true&limit=3');
    const second = await t.api.productList(`/api/categories/kitchen?available=true&limit=3&cursor=${first.next}`);
    const all = (await t.api.productList('/api/categories/kitchen?available=true')).body;
    expect(ids([...first.body, ...second.body])).toEqual(ids(all).slice(0, 6));
  });

  test('the last page has no cursor', async () => {
    const { next, res } = await t.api.productList('/api/products?limit=100');
    expect(next).toBeUndefined();
    expect(res.headers.link).toBeUndefined();
  });

  test.each([
    ['cursor=not-a-cursor', 'cursor'],
    ['cursor=eyJzIjoib2xkZXN0IiwidiI6WyJ4Il19', 'cursor'],
    ['sort=relevance', 'sort'],
  ])('400 for %s', async (query, field) => {
    const { res } = await t.api.productList(`/api/products?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().details?.map((d) => d.field)).toContain(field);
  });

  test('a cursor of one sort is refused by another, and offset and cursor do not mix', async () => {
    const { next } = await t.api.productList('/api/products?sort=newest&limit=2');
    expect((await t.api.productList(`/api/products?sort=oldest&cursor=${next}`)).res.statusCode).toBe(400);
    expect((await t.api.productList(`/api/products?sort=newest&offset=2&cursor=${next}`)).res.statusCode).toBe(400);
  });
});

describe('totals', () => {
  test('unsearched lists are counted exactly from the maintained counts', async () => {
    expect(await t.api.productList('/api/products?limit=1')).toMatchObject({ total: '41', relation: 'eq' });
    expect(await t.api.productList('/api/categories/kitchen?limit=1')).toMatchObject({ total: '14', relation: 'eq' });
    expect(await t.api.productList('/api/products?available=true&limit=1')).toMatchObject({
      total: '21',
      relation: 'eq',
    });
  });

  test('the counts follow inserts, deletes, purchases across the threshold and category changes', async () => {
    const counted = async () =>
      queryRows<{ category: string; available: boolean; n: number }>(
        t.database.db,
        sql`select category, quantity > 100 as available, count(*)::int as n from products group by 1, 2 order by 1, 2`,
      );
    const maintained = async () =>
      (await t.database.db.select().from(productCounts).orderBy(productCounts.category, productCounts.available))
        .filter((row) => row.count > 0)
        .map((row) => ({ category: row.category, available: row.available, n: row.count }));

    const id = await insertProduct(t.database.db, seller, { category: 'beauty', quantity: 101, minSellQty: 1 });
    const buyer = await createUser();
    await t.api.buy(buyer, id, 1);
    await t.database.db.update(products).set({ category: 'health' }).where(eq(products.id, id));
    await t.database.db.update(products).set({ quantity: 102 }).where(eq(products.id, id));
    expect(await maintained()).toEqual(await counted());
    await t.database.db.delete(products).where(eq(products.id, id));
    expect(await maintained()).toEqual(await counted());
    expect((await t.api.productList('/api/products?limit=1')).total).toBe('41');
  });

  test("an owner's list is counted exactly up to the bound", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/my-products/${encodeURIComponent(seller.email)}?limit=5`,
      headers: seller.headers,
    });
    expect(res.headers['x-total-count']).toBe('41');
    expect(res.headers['x-total-count-relation']).toBe('eq');
  });
});

describe('search', () => {
  test('names that start with the query come first, then the other matches in catalogue order', async () => {
    const { body } = await t.api.productList('/api/products?q=headphones');
    expect(body[0]?.name).toBe('Headphones Stand');
    // Then the brand matches ("Headphones Co") and the other name match, oldest first.
    const rest = body.slice(1);
    expect(rest).toHaveLength(9);
    expect(rest.slice(0, 2).map((p) => p.name)).toEqual(['Steel Item 00', 'Oak Item 05']);
    const times = rest.map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(rest.map((p) => p.name)).toContain('Wireless Headphones');
  });

  test('a search is counted exactly below 10,000, on every page', async () => {
    const first = await t.api.productList('/api/products?q=item&limit=10');
    expect(first).toMatchObject({ total: '39', relation: 'eq' });
    const last = await t.api.productList('/api/products?q=item&limit=10&offset=30');
    expect(last.body).toHaveLength(9);
    expect(last).toMatchObject({ total: '39', relation: 'eq' });
  });

  test('a page that reaches the last match counts the search itself, and any other page still counts', async () => {
    // One page holds every match: its rows are the total, in relevance and in a sort.
    expect(await t.api.productList('/api/products?q=item&limit=50')).toMatchObject({ total: '39', relation: 'eq' });
    expect(await t.api.productList('/api/products?q=item&sort=price_asc&limit=50')).toMatchObject({
      total: '39',
      relation: 'eq',
    });
    expect(await t.api.productList('/api/products?q=item&sort=price_asc&limit=10&offset=35')).toMatchObject({
      total: '39',
      relation: 'eq',
    });
    // A middle page, and an offset past the end, are counted.
    expect(await t.api.productList('/api/products?q=item&limit=10&offset=10')).toMatchObject({
      total: '39',
      relation: 'eq',
    });
    const past = await t.api.productList('/api/products?q=item&sort=price_asc&limit=10&offset=60');
    expect(past.body).toEqual([]);
    expect(past).toMatchObject({ total: '39', relation: 'eq' });
  });

  test('a word no product has, beside a known one, finds nothing (all the words are checked at once)', async () => {
    expect((await t.api.productList('/api/products?q=item zzzzqqqq')).body).toEqual([]);
    expect((await t.api.productList('/api/products?q=zzzzqqqq item')).body).toEqual([]);
    expect((await t.api.productList('/api/products?q=steel item')).body.length).toBeGreaterThan(0);
  });

  test('"null", which an array literal reads as NULL, is an ordinary word', async () => {
    await insertProduct(t.database.db, seller, { name: 'Null Modem Cable', brand: 'Acme', category: 'electronics' });
    expect((await t.api.productList('/api/products?q=null modem')).body.map((p) => p.name)).toEqual([
      'Null Modem Cable',
    ]);
    expect((await t.api.productList('/api/products?q=modem null')).body.map((p) => p.name)).toEqual([
      'Null Modem Cable',
    ]);
  });

  test('relevance pages by cursor through both tiers without repeats', async () => {
    const all = (await t.api.productList('/api/products?q=headphones&limit=100')).body;
    const walked: Product[] = [];
    let url = '/api/products?q=headphones&limit=2';
    for (let i = 0; i < 20; i++) {
      const page = await t.api.productList(url);
      walked.push(...page.body);
      if (!page.next) break;
      url = `/api/products?q=headphones&limit=2&cursor=${page.next}`;
    }
    expect(ids(walked)).toEqual(ids(all));
    // And by offset, across the tier boundary.
    expect(ids((await t.api.productList('/api/products?q=headphones&limit=3&offset=1')).body)).toEqual(
      ids(all).slice(1, 4),
    );
  });

  test('a misspelt search finds the closest words and says so', async () => {
    const { body, res } = await t.api.productList('/api/products?q=hedphones');
    expect(res.headers['x-search-corrected']).toBe('headphones');
    expect(body.map((p) => p.name)).toContain('Wireless Headphones');
    const none = await t.api.productList('/api/products?q=zzzzqqqq');
    expect(none.body).toEqual([]);
    expect(none.res.headers['x-search-corrected']).toBeUndefined();
  });

  test('an explicit sort orders the matches instead of relevance', async () => {
    const { body } = await t.api.productList('/api/products?q=headphones&sort=price_desc&limit=100');
    const prices = body.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });
});

test.runIf(usesPostgres())(
  '(PostgreSQL only: PGlite has no statement timeout) a statement past DATABASE_STATEMENT_TIMEOUT_MS is a quick 503 with Retry-After',
  async () => {
    const slow = await createTestApp({
      env: { DATABASE_STATEMENT_TIMEOUT_MS: '200' },
      beforeReady: (app) => {
        app.get('/api/test/slow', async () => {
          await app.database.db.execute(sql`select pg_sleep(2)`);
          return { ok: true };
        });
      },
    });
    try {
      const res = await slow.app.inject({ method: 'GET', url: '/api/test/slow' });
      expect(res.statusCode).toBe(503);
      expect(res.json<ErrorBody>().code).toBe('DB_UNAVAILABLE');
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      await slow.close();
    }
  },
);
