import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CATEGORY_VALUES, type ErrorBody, type Product } from '@b2b/shared';
import { products } from '../../src/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertProduct } from '../helpers/factories.js';
import { createUser, deleteUser, type TestUser } from '../helpers/users.js';

/*
 * Listing behaviour shared by /products, /categories, /categories/:id and /my-products/:email.
 * The catalogue is built once with distinct creation times, so every expected order is known.
 */

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
const names: string[] = [];

const base = Date.parse('2025-01-01T00:00:00Z');
const at = (i: number) => new Date(base + i * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = await Promise.all([createUser(), createUser()]);
  const rows = [
    { name: 'alpha phone', brand: 'Zeta', category: 'electronics', quantity: 100, price: 30, rating: 4 },
    { name: 'Beta Lamp', brand: 'Lumo', category: 'home', quantity: 101, price: 5, rating: null },
    { name: 'gamma pan', brand: 'Cookit', category: 'kitchen', quantity: 0, price: 12.5, rating: 5 },
    { name: '100% Cotton Shirt', brand: 'Weave', category: 'fashion', quantity: 500, price: 12.5, rating: 3.5 },
    { name: 'Desk_Organizer', brand: 'Offix', category: 'office&stationary', quantity: 250, price: 8, rating: 2 },
    { name: 'Delta Smartphone', brand: 'PhoneCo', category: 'electronics', quantity: 1000, price: 199.99, rating: 4.9 },
  ] as const;
  for (const [i, row] of rows.entries()) {
    const owner = i % 2 === 0 ? alice : bob;
    await insertProduct(t.database.db, owner, { ...row, createdAt: at(i), updatedAt: at(i) });
    names.push(row.name);
  }
});
afterAll(async () => t.close());

async function list(url: string, user?: TestUser) {
  const res = await t.app.inject({ method: 'GET', url, ...(user ? { headers: user.headers } : {}) });
  return { res, body: res.statusCode === 200 ? res.json<Product[]>() : [], total: res.headers['x-total-count'] };
}

const namesOf = (products: Product[]) => products.map((p) => p.name);

describe('GET /api/products', () => {
  test('lists oldest first by default with the total in X-Total-Count', async () => {
    const { res, body, total } = await list('/api/products');
    expect(res.statusCode).toBe(200);
    expect(total).toBe('6');
    expect(namesOf(body)).toEqual(names);
  });

  test('limit and offset page through the list', async () => {
    const first = await list('/api/products?limit=4');
    const second = await list('/api/products?limit=4&offset=4');
    const beyond = await list('/api/products?limit=4&offset=40');
    expect(namesOf(first.body)).toEqual(names.slice(0, 4));
    expect(namesOf(second.body)).toEqual(names.slice(4));
    expect(beyond.body).toEqual([]);
    for (const page of [first, second, beyond]) expect(page.total).toBe('6');
  });

  test('available=true keeps only quantity above 100 (100 excluded, 101 included)', async () => {
    const { body, total } = await list('/api/products?available=true');
    expect(namesOf(body)).toEqual(['Beta Lamp', '100% Cotton Shirt', 'Desk_Organizer', 'Delta Smartphone']);
    expect(total).toBe('4');
    expect((await list('/api/products?available=false')).total).toBe('6');
  });

  test('q searches name and brand, case-insensitively', async () => {
    expect(namesOf((await list('/api/products?q=PHONE')).body)).toEqual(['alpha phone', 'Delta Smartphone']);
    expect(namesOf((await list('/api/products?q=cookit')).body)).toEqual(['gamma pan']);
    expect((await list('/api/products?q=nothing-like-this')).total).toBe('0');
  });

  test('400 (not a database error) for a NUL character in q', async () => {
    const { res } = await list('/api/products?q=%00');
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'q', message: 'Must not contain NUL characters.' }],
    });
    expect((await list('/api/categories/home?q=a%00b')).res.statusCode).toBe(400);
  });

  test('q treats % and _ literally', async () => {
    expect(namesOf((await list(`/api/products?q=${encodeURIComponent('100%')}`)).body)).toEqual(['100% Cotton Shirt']);
    expect(namesOf((await list('/api/products?q=%25')).body)).toEqual(['100% Cotton Shirt']);
    expect(namesOf((await list('/api/products?q=_')).body)).toEqual(['Desk_Organizer']);
  });

  test('filters combine', async () => {
    const { body, total } = await list('/api/products?category=electronics&available=true&q=phone');
    expect(namesOf(body)).toEqual(['Delta Smartphone']);
    expect(total).toBe('1');
  });

  // A search's SQL is built once per shape and then run with each request's values
  // (product-list.ts, "shaped"): requests of one shape must still get their own answers.
  test('searches of the same shape answer with their own words, filters and cursors', async () => {
    expect(namesOf((await list('/api/products?q=phone&sort=name_asc')).body)).toEqual([
      'alpha phone',
      'Delta Smartphone',
    ]);
    // Same words and sort: only the "available" literal differs.
    expect(namesOf((await list('/api/products?q=phone&sort=name_asc&available=true')).body)).toEqual([
      'Delta Smartphone',
    ]);
    expect(namesOf((await list('/api/products?q=lamp&sort=name_asc')).body)).toEqual(['Beta Lamp']);
    expect(namesOf((await list('/api/products?brand=Zeta&sort=name_asc')).body)).toEqual(['alpha phone']);
    expect(namesOf((await list('/api/products?brand=Lumo&sort=name_asc')).body)).toEqual(['Beta Lamp']);
    expect(namesOf((await list('/api/products?brand=Lumo&brand=Zeta&sort=name_asc')).body)).toEqual([
      'alpha phone',
      'Beta Lamp',
    ]);
    // Paging a search by rating one row at a time: the cursor reaches the unrated product (a NULL key).
    const whole = namesOf((await list('/api/products?q=a&sort=rating_desc&limit=100')).body);
    expect(whole.at(-1)).toBe('Beta Lamp');
    const paged: string[] = [];
    let cursor: string | undefined;
    do {
      const { res, body } = await list(
        `/api/products?q=a&sort=rating_desc&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      paged.push(...namesOf(body));
      cursor = res.headers['x-next-cursor'] as string | undefined;
    } while (cursor && paged.length <= whole.length);
    expect(paged).toEqual(whole);
  });

  test.each([
    ['newest', ['Delta Smartphone', 'Desk_Organizer', '100% Cotton Shirt', 'gamma pan', 'Beta Lamp', 'alpha phone']],
    ['price_asc', ['Beta Lamp', 'Desk_Organizer', 'gamma pan', '100% Cotton Shirt', 'alpha phone', 'Delta Smartphone']],
    [
      'price_desc',
      ['Delta Smartphone', 'alpha phone', 'gamma pan', '100% Cotton Shirt', 'Desk_Organizer', 'Beta Lamp'],
    ],
    ['name_asc', ['100% Cotton Shirt', 'alpha phone', 'Beta Lamp', 'Delta Smartphone', 'Desk_Organizer', 'gamma pan']],
    [
      'rating_desc',
      ['gamma pan', 'Delta Smartphone', 'alpha phone', '100% Cotton Shirt', 'Desk_Organizer', 'Beta Lamp'],
    ],
  ])('sort=%s', async (sort, expected) => {
    expect(namesOf((await list(`/api/products?sort=${sort}`)).body)).toEqual(expected);
  });

  test.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['offset=-1', 'offset'],
    ['sort=cheapest', 'sort'],
    ['category=toys', 'category'],
    ['available=yes', 'available'],
    [`q=${'x'.repeat(101)}`, 'q'],
  ])('400 for %s', async (query, field) => {
    const { res } = await list(`/api/products?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().details?.map((d) => d.field)).toContain(field);
  });

  test('the default page size is 24 and the maximum 100', async () => {
    const fillers: string[] = [];
    for (let i = 0; i < 25; i++) {
      fillers.push(await insertProduct(t.database.db, alice, { name: `filler ${i}`, category: 'others' }));
    }
    try {
      expect((await list('/api/products')).body).toHaveLength(24);
      expect((await list('/api/products?limit=100')).body).toHaveLength(31);
      expect((await list('/api/products')).total).toBe('31');
    } finally {
      await t.database.db.delete(products).where(inArray(products.id, fillers));
    }
  });
});

describe('GET /api/categories and /api/categories/:id', () => {
  test('/categories lists every product with the same options', async () => {
    const all = await list('/api/categories');
    expect(namesOf(all.body)).toEqual(names);
    expect(all.total).toBe('6');
    const page = await list('/api/categories?limit=2&offset=1&available=true');
    expect(namesOf(page.body)).toEqual(['100% Cotton Shirt', 'Desk_Organizer']);
    expect(page.total).toBe('4');
  });

  test('/categories/:id lists one category', async () => {
    const electronics = await list('/api/categories/electronics');
    expect(namesOf(electronics.body)).toEqual(['alpha phone', 'Delta Smartphone']);
    expect(electronics.total).toBe('2');
    const office = await list(`/api/categories/${encodeURIComponent('office&stationary')}`);
    expect(namesOf(office.body)).toEqual(['Desk_Organizer']);
    expect((await list('/api/categories/beauty')).body).toEqual([]);
    const paged = await list('/api/categories/electronics?available=true&limit=1');
    expect(namesOf(paged.body)).toEqual(['Delta Smartphone']);
  });

  test('every one of the nine categories is accepted', async () => {
    for (const category of CATEGORY_VALUES) {
      expect((await list(`/api/categories/${encodeURIComponent(category)}`)).res.statusCode).toBe(200);
    }
  });

  test('400 for a category that is not one of the nine', async () => {
    const { res } = await list('/api/categories/toys');
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'id' }] });
  });
});

describe('GET /api/my-products/:email', () => {
  test("lists only the signed-in user's products, paged", async () => {
    const mine = await list(`/api/my-products/${encodeURIComponent(alice.email)}`, alice);
    expect(mine.res.statusCode).toBe(200);
    expect(namesOf(mine.body)).toEqual(['alpha phone', 'gamma pan', 'Desk_Organizer']);
    expect(mine.body.every((p) => p.email === alice.email)).toBe(true);
    const page = await list(`/api/my-products/${encodeURIComponent(alice.email)}?limit=1&offset=2`, alice);
    expect(namesOf(page.body)).toEqual(['Desk_Organizer']);
    expect(page.total).toBe('3');
  });

  test('the email in the path is compared case-insensitively', async () => {
    const { res, total } = await list(`/api/my-products/${encodeURIComponent(bob.email.toUpperCase())}`, bob);
    expect(res.statusCode).toBe(200);
    expect(total).toBe('3');
  });

  test('403 for another user or any other string; 400 only past 320 characters', async () => {
    const other = await list(`/api/my-products/${encodeURIComponent(alice.email)}`, bob);
    expect(other.res.statusCode).toBe(403);
    expect((await list('/api/my-products/not-an-email', alice)).res.statusCode).toBe(403);
    const long = await list(`/api/my-products/${'x'.repeat(321)}`, alice);
    expect(long.res.statusCode).toBe(400);
    expect(long.res.json<ErrorBody>().details).toEqual([
      { field: 'email', message: 'Email must be at most 320 characters.' },
    ]);
  });

  test('addresses Firebase accepts work, however unusual or long', async () => {
    const emails = [
      `a!b-${Date.now()}@example.com`,
      `${'l'.repeat(64)}@${'d'.repeat(60)}.${'e'.repeat(60)}.${Date.now()}.example.com`,
    ];
    for (const email of emails) {
      const user = await createUser({ email });
      await insertProduct(t.database.db, user, { name: 'Unusual' });
      const { res, body } = await list(`/api/my-products/${encodeURIComponent(email)}`, user);
      expect(res.statusCode).toBe(200);
      expect(namesOf(body)).toEqual(['Unusual']);
    }
  });

  test('after an email address moves to a new account, the old products are not listed', async () => {
    const email = `reused-${Date.now()}@example.com`;
    const first = await createUser({ email });
    await insertProduct(t.database.db, first, { name: 'Old Account Product' });
    expect(namesOf((await list(`/api/my-products/${encodeURIComponent(email)}`, first)).body)).toEqual([
      'Old Account Product',
    ]);
    await deleteUser(first);
    const second = await createUser({ email });
    expect(second.uid).not.toBe(first.uid);
    const { res, body, total } = await list(`/api/my-products/${encodeURIComponent(email)}`, second);
    expect(res.statusCode).toBe(200);
    expect(body).toEqual([]);
    expect(total).toBe('0');
    await insertProduct(t.database.db, second, { name: 'New Account Product' });
    expect(namesOf((await list(`/api/my-products/${encodeURIComponent(email)}`, second)).body)).toEqual([
      'New Account Product',
    ]);
  });
});
