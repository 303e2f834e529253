import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CATEGORY_VALUES,
  FACET_EXACT_LIMIT,
  PRICE_BANDS,
  RATING_FLOORS,
  SORTS,
  type ErrorBody,
  type Facets,
  productFacetsQuerySchema,
} from '@b2b/shared';
import { queryRows } from '../../src/db/client.js';
import { products } from '../../src/db/schema.js';
import { createFacetCounter, ESTIMATE_TTL_MS } from '../../src/capabilities/catalogue/listing/facets.js';
import { matchCondition } from '../../src/capabilities/catalogue/listing/conditions.js';
import { generateCatalogue } from '../../src/seed/generate.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertProduct } from '../helpers/factories.js';
import { createUser, type TestUser } from '../helpers/users.js';

/*
 * The facet filters on the product lists and GET /products/facets: every count is checked
 * against a count(*) written here, independently of the API's SQL, over the same filter.
 */

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
const base = Date.parse('2025-05-01T00:00:00Z');
const BRANDS = ['Acme', 'Borealis', 'Cobalt', ''];
// Edges of the bands on purpose (10 and 25 belong to the band they start).
const PRICES = [5, 9.99, 10, 24.99, 25, 60, 120, 999.99, 1000, 2500];
const RATINGS = [null, 1, 2.5, 3, 3.99, 4, 4.5, 5];

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser();
  bob = await createUser();
  for (let i = 0; i < 60; i++) {
    await insertProduct(t.database.db, i % 3 === 0 ? bob : alice, {
      name: `${['Steel', 'Oak', 'Glass'][i % 3]} Bracket Model ${4200 + i}`,
      brand: BRANDS[i % 4] ?? '',
      category: (['kitchen', 'home', 'electronics'] as const)[i % 3],
      price: PRICES[i % PRICES.length],
      rating: RATINGS[i % RATINGS.length],
      quantity: i % 2 === 0 ? 500 : 50,
      sku: `BRK-${4200 + i}`,
      createdAt: new Date(base + Math.floor(i / 2)),
    });
  }
});
afterAll(async () => t.close());

async function facetsOf(query: string): Promise<Facets> {
  const res = await t.app.inject({ method: 'GET', url: `/api/products/facets${query ? `?${query}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Facets>();
}

/** The test's own reading of a filter (query string → SQL), written without the API's helpers. */
interface Filter {
  q?: string;
  brand?: string[];
  priceMin?: number;
  priceMax?: number;
  ratingMin?: number;
  seller?: TestUser;
  category?: string;
  available?: boolean;
}

function conditionOf(f: Filter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.q) for (const w of f.q.toLowerCase().split(' ')) parts.push(sql`lower(name || ' ' || brand) like ${`%${w}%`}`);
  if (f.brand)
    parts.push(
      sql`brand in (${sql.join(
        f.brand.map((b) => sql`${b}`),
        sql`, `,
      )})`,
    );
  if (f.priceMin !== undefined) parts.push(sql`price >= ${f.priceMin}`);
  if (f.priceMax !== undefined) parts.push(sql`price < ${f.priceMax}`);
  if (f.ratingMin !== undefined) parts.push(sql`rating >= ${f.ratingMin}`);
  if (f.seller) parts.push(sql`owner_uid = ${f.seller.uid}`);
  if (f.category) parts.push(sql`category = ${f.category}`);
  if (f.available) parts.push(sql`quantity > 100`);
  return sql.join(parts, sql` and `);
}

function queryOf(f: Filter): string {
  const params = new URLSearchParams();
  if (f.q) params.set('q', f.q);
  for (const b of f.brand ?? []) params.append('brand', b);
  if (f.priceMin !== undefined) params.set('priceMin', String(f.priceMin));
  if (f.priceMax !== undefined) params.set('priceMax', String(f.priceMax));
  if (f.ratingMin !== undefined) params.set('ratingMin', String(f.ratingMin));
  if (f.seller) params.set('seller', f.seller.uid);
  if (f.category) params.set('category', f.category);
  if (f.available) params.set('available', 'true');
  return params.toString();
}

async function countWhere(condition: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from products where ${condition}`,
  );
  return row?.n ?? 0;
}

async function idsWhere(condition: SQL): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(t.database.db, sql`select id from products where ${condition}`);
  return rows.map((r) => r.id).sort();
}

/** What every facet should say for the filter: each counted without its own filter. */
async function expectedFacets(f: Filter) {
  const brandRows = await queryRows<{ value: string; n: number }>(
    t.database.db,
    sql`select brand as value, count(*)::int as n from products where ${conditionOf({ ...f, brand: undefined })}
        and brand <> '' group by brand order by n desc, brand`,
  );
  const priceBands = [];
  for (const band of PRICE_BANDS) {
    const own = { ...f, priceMin: band.min, priceMax: band.max ?? undefined };
    priceBands.push({ value: band.value, count: await countWhere(conditionOf(own)), estimate: false });
  }
  const ratings = [];
  for (const floor of RATING_FLOORS) {
    ratings.push({
      value: String(floor),
      count: await countWhere(conditionOf({ ...f, ratingMin: floor })),
      estimate: false,
    });
  }
  const categories = [];
  for (const category of CATEGORY_VALUES) {
    categories.push({ value: category, count: await countWhere(conditionOf({ ...f, category })), estimate: false });
  }
  const all = await countWhere(conditionOf({ ...f, available: false }));
  const available = await countWhere(conditionOf({ ...f, available: true }));
  return {
    brands: brandRows.map((r) => ({ value: r.value, count: r.n, estimate: false })),
    brandsMore: 0,
    priceBands,
    ratings,
    categories,
    available: [
      { value: 'true', count: available, estimate: false },
      { value: 'false', count: all - available, estimate: false },
    ],
  };
}

const FILTERS: Record<string, () => Filter> = {
  none: () => ({}),
  category: () => ({ category: 'kitchen' }),
  available: () => ({ available: true }),
  'category + available': () => ({ category: 'home', available: true }),
  'one brand': () => ({ brand: ['Acme'] }),
  'two brands': () => ({ brand: ['Acme', 'Cobalt'] }),
  'price range': () => ({ priceMin: 10, priceMax: 25 }),
  'price from': () => ({ priceMin: 100 }),
  'rating floor': () => ({ ratingMin: 4 }),
  seller: () => ({ seller: bob }),
  search: () => ({ q: 'steel' }),
  'search with two words': () => ({ q: 'oak model' }),
  everything: () => ({
    q: 'bracket',
    brand: ['Acme', 'Borealis'],
    priceMin: 5,
    priceMax: 1000,
    ratingMin: 2,
    seller: alice,
    category: 'electronics',
    available: true,
  }),
};

describe('GET /api/products/facets', () => {
  for (const [name, filter] of Object.entries(FILTERS)) {
    test(`counts equal count(*) over the same filter: ${name}`, async () => {
      const f = filter();
      expect(await facetsOf(queryOf(f))).toEqual(await expectedFacets(f));
    });
  }

  test('the maintained counts follow price, brand, rating, stock and category changes and deletes', async () => {
    const id = await insertProduct(t.database.db, alice, {
      name: 'Moving Part',
      brand: 'Drift',
      category: 'kitchen',
      price: 9,
      rating: 1.5,
      quantity: 500,
    });
    expect(await facetsOf('')).toEqual(await expectedFacets({}));
    await t.database.db
      .update(products)
      .set({ brand: 'Acme', price: 300, rating: 4.2, quantity: 20, category: 'home' })
      .where(eq(products.id, id));
    expect(await facetsOf('')).toEqual(await expectedFacets({}));
    expect(await facetsOf('category=home&available=true')).toEqual(
      await expectedFacets({ category: 'home', available: true }),
    );
    await t.database.db.update(products).set({ rating: null }).where(eq(products.id, id));
    expect(await facetsOf('')).toEqual(await expectedFacets({}));
    await t.database.db.delete(products).where(eq(products.id, id));
    expect(await facetsOf('')).toEqual(await expectedFacets({}));
  });

  test('price_band in SQL puts every edge in the band it starts, as PRICE_BANDS says', async () => {
    for (const band of PRICE_BANDS) {
      const probes = [band.min, ...(band.max === null ? [band.min + 1e6] : [band.max - 0.01])];
      for (const price of probes) {
        const [row] = await queryRows<{ band: string }>(
          t.database.db,
          sql`select price_band(${price}::numeric) as band`,
        );
        expect(row?.band, `price ${price}`).toBe(band.value);
      }
    }
  });

  test('400 for priceMin above priceMax, too many brands, or a rating above 5', async () => {
    for (const query of ['priceMin=30&priceMax=20', `${'brand=x&'.repeat(21)}`, 'ratingMin=6']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/products/facets?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<ErrorBody>().code).toBe('VALIDATION_ERROR');
    }
  });

  test('counted (not estimated) facets follow a write at once', async () => {
    expect(await facetsOf('q=steel')).toEqual(await expectedFacets({ q: 'steel' }));
    const id = await insertProduct(t.database.db, bob, {
      name: 'Steel Shelf',
      brand: 'Acme',
      category: 'home',
      price: 30,
    });
    expect(await facetsOf('q=steel')).toEqual(await expectedFacets({ q: 'steel' }));
    await t.database.db.delete(products).where(eq(products.id, id));
  });

  test('a misspelt search counts the corrected one, like the list', async () => {
    expect(await facetsOf('q=steek')).toEqual(await expectedFacets({ q: 'steel' }));
  });
});

describe('the facet filters on the lists', () => {
  for (const [name, filter] of Object.entries(FILTERS)) {
    test(`list = count(*) over the same filter, exactly counted: ${name}`, async () => {
      const f = filter();
      const { body, total, relation } = await t.api.productList(`/api/products?${queryOf(f)}&limit=100`);
      const expected = await idsWhere(conditionOf(f));
      expect(body.map((p) => p._id).sort()).toEqual(expected);
      expect({ total, relation }).toEqual({ total: String(expected.length), relation: 'eq' });
    });
  }

  test('every sort pages by cursor and by offset through a filtered search without repeats', async () => {
    const f: Filter = { q: 'model', brand: ['Acme', 'Borealis', ''], priceMin: 9, available: true };
    const expected = await idsWhere(conditionOf(f));
    expect(expected.length).toBeGreaterThan(6);
    for (const sort of SORTS) {
      const all = (await t.api.productList(`/api/products?${queryOf(f)}&sort=${sort}&limit=100`)).body.map(
        (p) => p._id,
      );
      expect([...all].sort(), sort).toEqual(expected);
      const walked: string[] = [];
      let url = `/api/products?${queryOf(f)}&sort=${sort}&limit=3`;
      for (;;) {
        const page = await t.api.productList(url);
        expect(page.res.statusCode, sort).toBe(200);
        walked.push(...page.body.map((p) => p._id));
        if (!page.next) break;
        url = `/api/products?${queryOf(f)}&sort=${sort}&limit=3&cursor=${page.next}`;
      }
      expect(walked, sort).toEqual(all);
      const offset = (await t.api.productList(`/api/products?${queryOf(f)}&sort=${sort}&limit=3&offset=2`)).body.map(
        (p) => p._id,
      );
      expect(offset, sort).toEqual(all.slice(2, 5));
    }
  });

  test('the price sorts keep their order inside a brand and price filter', async () => {
    const { body } = await t.api.productList(
      '/api/products?brand=Acme&brand=Cobalt&priceMin=10&sort=price_desc&limit=100',
    );
    const prices = body.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(body.every((p) => ['Acme', 'Cobalt'].includes(p.brand) && p.price >= 10)).toBe(true);
  });

  test('/categories/:id takes the facet filters too', async () => {
    const f: Filter = { category: 'electronics', brand: ['Borealis'], ratingMin: 3 };
    const { body } = await t.api.productList(`/api/categories/electronics?brand=Borealis&ratingMin=3&limit=100`);
    expect(body.map((p) => p._id).sort()).toEqual(await idsWhere(conditionOf(f)));
  });

  test('400 for priceMin above priceMax on the lists', async () => {
    for (const url of ['/api/products?priceMin=30&priceMax=20', '/api/categories/home?priceMin=30&priceMax=20']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<ErrorBody>().details?.[0]?.field).toBe('priceMin');
    }
  });
});

describe('search relevance', () => {
  test('exact SKU first, then names that start with the query, then the other matches', async () => {
    await insertProduct(t.database.db, alice, { name: 'Spare Part', brand: 'Zed', category: 'others', sku: 'glass' });
    await insertProduct(t.database.db, alice, { name: 'Glassware Set', brand: 'Zed', category: 'others' });
    await insertProduct(t.database.db, alice, { name: 'Stained Glass Lamp', brand: 'Zed', category: 'others' });
    const { body } = await t.api.productList('/api/products?q=glass&limit=100');
    expect(body[0]?.sku).toBe('glass');
    expect(body[1]?.name).toBe('Glass Bracket Model 4202');
    const starts = body.findIndex((p, i) => i > 0 && !p.name.toLowerCase().startsWith('glass'));
    expect(starts).toBeGreaterThan(2);
    expect(body.slice(1, starts).every((p) => p.name.toLowerCase().startsWith('glass'))).toBe(true);
    expect(body.slice(starts).every((p) => !p.name.toLowerCase().startsWith('glass'))).toBe(true);
    expect(body.length).toBe(await countWhere(sql`lower(name || ' ' || brand) like '%glass%' or lower(sku) = 'glass'`));
  });

  test('a common word and a rare number find the one product', async () => {
    const { body, total, relation } = await t.api.productList('/api/products?q=steel%204242');
    expect(body.map((p) => p.name)).toEqual(['Steel Bracket Model 4242']);
    expect({ total, relation }).toEqual({ total: '1', relation: 'eq' });
  });

  test('an exact SKU with a facet filter', async () => {
    expect((await t.api.productList('/api/products?q=BRK-4201&seller=' + alice.uid)).body.map((p) => p.sku)).toEqual([
      'BRK-4201',
    ]);
    expect((await t.api.productList('/api/products?q=BRK-4201&seller=' + bob.uid)).body).toEqual([]);
  });
});

describe(`past ${FACET_EXACT_LIMIT.toLocaleString('en-US')} matches`, () => {
  let big: TestApp;
  beforeAll(async () => {
    // Generating the catalogue is one long statement per batch, longer than a request may run.
    big = await createTestApp({ env: { DATABASE_STATEMENT_TIMEOUT_MS: '120000' } });
    const owner = await createUser();
    await generateCatalogue(big.database.db, { products: FACET_EXACT_LIMIT + 2_000, owners: [owner] });
    await big.database.db.execute(sql`analyze products`);
  }, 120_000);
  afterAll(async () => big.close());

  test('the total is an estimate labelled so, and facets say estimate', async () => {
    const list = await big.app.inject({ method: 'GET', url: '/api/products?q=of' });
    expect(list.headers['x-total-count-relation']).toBe('estimate');
    expect(Number(list.headers['x-total-count'])).toBeGreaterThan(FACET_EXACT_LIMIT);
    const res = await big.app.inject({ method: 'GET', url: '/api/products/facets?q=of' });
    const facets = res.json<Facets>();
    expect(facets.brands.length).toBeGreaterThan(0);
    expect(facets.brands.every((b) => b.estimate)).toBe(true);
    expect(facets.priceBands.every((b) => b.estimate)).toBe(true);
    expect(facets.available.reduce((sum, a) => sum + a.count, 0)).toBeGreaterThan(FACET_EXACT_LIMIT);
  });

  test(`an estimated group is reused for ${ESTIMATE_TTL_MS / 1000} s, then counted again`, async () => {
    let clock = 0;
    const counter = createFacetCounter(big.database.db, matchCondition, () => clock);
    const query = productFacetsQuerySchema.parse({ q: 'of' });
    const first = await counter.facets(query);
    expect(first.available.every((a) => a.estimate)).toBe(true);
    // Move the oldest products (the first the sample meets) to another category.
    await big.database.db.execute(
      sql`update products set category = 'others' where created_at <= (select min(created_at) from products) + interval '30 days'`,
    );
    expect(await counter.facets(query)).toEqual(first);
    clock += ESTIMATE_TTL_MS + 1;
    expect(await counter.facets(query)).not.toEqual(first);
  });

  test('the whole catalogue is counted exactly from the maintained counts, however large', async () => {
    const res = await big.app.inject({ method: 'GET', url: '/api/products/facets' });
    const facets = res.json<Facets>();
    const [row] = await queryRows<{ n: number }>(big.database.db, sql`select count(*)::int as n from products`);
    expect(facets.available.reduce((sum, a) => sum + a.count, 0)).toBe(row?.n);
    expect(facets.available.every((a) => !a.estimate)).toBe(true);
    const [acme] = facets.brands;
    const [exact] = await queryRows<{ n: number }>(
      big.database.db,
      sql`select count(*)::int as n from products where brand = ${acme?.value ?? ''}`,
    );
    expect(acme?.count).toBe(exact?.n);
  });

  test('a narrow filter in a large catalogue is exact', async () => {
    const res = await big.app.inject({ method: 'GET', url: '/api/products?q=pack&brand=Northwind&priceMin=100' });
    const [row] = await queryRows<{ n: number }>(
      big.database.db,
      sql`select count(*)::int as n from products where lower(name || ' ' || brand) like '%pack%' and brand = 'Northwind' and price >= 100`,
    );
    expect(res.headers['x-total-count-relation']).toBe('eq');
    expect(res.headers['x-total-count']).toBe(String(row?.n));
  });
});
