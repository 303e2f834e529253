import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ActivityPage, Dashboard, Notification, OrderSummary, Product } from '@b2b/shared';
import { products } from '../../src/db/schema.js';
import { loadDemoProducts } from '../../src/seed/catalogue.js';
import { DEMO_BUYERS, DEMO_STAFF } from '../../src/seed/people.js';
import { ensureSellers, seedDemo, seedIfEmpty, type Catalogue, type EmulatorTarget } from '../../src/seed/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertProduct } from '../helpers/factories.js';
import { emulatorHost, TEST_PROJECT_ID } from '../helpers/env.js';
import { createUser, testEmulator } from '../helpers/users.js';

const DEMO_PRODUCTS = await loadDemoProducts();

const emulator: EmulatorTarget = { host: emulatorHost(), projectId: TEST_PROJECT_ID };

/** A small catalogue with fresh emails, so runs sharing one emulator never collide. */
function smallCatalogue(): Catalogue {
  const tag = randomUUID().slice(0, 8);
  return {
    sellers: [
      {
        key: 'a',
        email: `seller-a-${tag}@example.com`,
        password: 'Seller#A123',
        displayName: 'Seller A',
        companyName: 'Seller A Trading Ltd.',
        photoURL: '/images/avatars/a.svg',
      },
      {
        key: 'b',
        email: `seller-b-${tag}@example.com`,
        password: 'Seller#B123',
        displayName: 'Seller B',
        companyName: 'Seller B & Sons',
        photoURL: 'https://example.com/b.png',
      },
    ],
    products: [
      { seller: 'a', name: 'First', category: 'home', price: 1, quantity: 10, minSellQty: 1 },
      { seller: 'b', name: 'Second', category: 'beauty', price: 2.5, quantity: 200, minSellQty: 2, rating: 4 },
      { seller: 'a', name: 'Third', category: 'others', price: 3, quantity: 0, minSellQty: 1 },
    ],
  };
}

describe('seedIfEmpty', () => {
  let t: TestApp;
  const catalogue = smallCatalogue();

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  test('creates the sellers and inserts the catalogue in order', async () => {
    const result = await seedIfEmpty({ db: t.database.db, auth: t.app.firebaseAuth, emulator, catalogue });
    expect(result?.inserted).toBe(3);
    expect(result?.sellers.map((s) => s.created)).toEqual([true, true]);
    // Signed in: sellers' emails are not sent to anonymous callers.
    const viewer = await createUser();
    const list = (await t.app.inject({ method: 'GET', url: '/api/products', headers: viewer.headers })).json<
      Product[]
    >();
    expect(list.map((p) => [p.name, p.email])).toEqual([
      ['First', catalogue.sellers[0]?.email],
      ['Second', catalogue.sellers[1]?.email],
      ['Third', catalogue.sellers[0]?.email],
    ]);
  });

  test('the demo credentials sign in, and the seller owns the products', async () => {
    const seller = catalogue.sellers[0];
    if (!seller) throw new Error('catalogue has no seller');
    const { idToken } = await testEmulator().signIn(seller.email, seller.password);
    const user = await t.app.firebaseAuth.getUserByEmail(seller.email);
    expect(user.displayName).toBe('Seller A');
    expect(user.photoURL).toBe('/images/avatars/a.svg');
    const [first] = await t.database.db.select().from(products).where(eq(products.name, 'First'));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${first?.id}`,
      headers: { authorization: `Bearer ${idToken}` },
      payload: { quantity: 11 },
    });
    expect(res.json()).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
  });

  test("the sellers' company names are their profiles' (GET /api/sellers), and a reseed keeps a name they saved", async () => {
    const [a, b] = catalogue.sellers;
    if (!a || !b) throw new Error('catalogue has two sellers');
    const viewer = await createUser();
    const names = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/sellers?email=${encodeURIComponent(a.email)}&email=${encodeURIComponent(b.email)}`,
          headers: viewer.headers,
        })
      ).json<{ email: string; companyName: string }[]>();
    expect((await names()).map((n) => n.companyName).sort()).toEqual(['Seller A Trading Ltd.', 'Seller B & Sons']);

    const { idToken } = await testEmulator().signIn(a.email, a.password);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { authorization: `Bearer ${idToken}` },
      payload: { displayName: 'Seller A', photoURL: '', companyName: 'A Renamed Ltd.' },
    });
    expect(saved.statusCode).toBe(200);
    await seedDemo({ db: t.database.db, auth: t.app.firebaseAuth, emulator, catalogue });
    expect((await names()).map((n) => n.companyName).sort()).toEqual(['A Renamed Ltd.', 'Seller B & Sons']);
  });

  test('does nothing when the table already has products', async () => {
    const result = await seedIfEmpty({
      db: t.database.db,
      auth: t.app.firebaseAuth,
      emulator,
      catalogue: smallCatalogue(),
    });
    expect(result).toBeNull();
    expect(await t.database.db.$count(products)).toBe(3);
  });
});

describe('seedDemo (the CLI)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  test('reuses existing accounts', async () => {
    const catalogue = smallCatalogue();
    const first = await ensureSellers(t.app.firebaseAuth, catalogue.sellers, emulator);
    const again = await ensureSellers(t.app.firebaseAuth, catalogue.sellers, emulator);
    expect(again.map((s) => s.uid)).toEqual(first.map((s) => s.uid));
    expect(again.every((s) => !s.created)).toBe(true);
  });

  test('--force replaces only the demo sellers’ products; re-links them after an emulator reset', async () => {
    const catalogue = smallCatalogue();
    const outsider = await createUser();
    const keep = await insertProduct(t.database.db, outsider, { name: 'Not demo' });

    const first = await seedDemo({ db: t.database.db, auth: t.app.firebaseAuth, emulator, catalogue });
    expect(first.inserted).toBe(0); // the table was not empty
    const forced = await seedDemo({ db: t.database.db, auth: t.app.firebaseAuth, emulator, catalogue, force: true });
    expect(forced.inserted).toBe(3);
    const again = await seedDemo({ db: t.database.db, auth: t.app.firebaseAuth, emulator, catalogue, force: true });
    expect(again.inserted).toBe(3);
    const names = (await t.database.db.select({ name: products.name }).from(products)).map((r) => r.name).sort();
    expect(names).toEqual(['First', 'Not demo', 'Second', 'Third']);

    // Simulate a lost emulator: the demo products point at a uid that no longer exists.
    const sellerEmail = catalogue.sellers[0]?.email ?? '';
    await t.database.db.update(products).set({ sellerId: 'stale-uid' }).where(eq(products.ownerEmail, sellerEmail));
    const relinked = await seedDemo({ db: t.database.db, auth: t.app.firebaseAuth, emulator, catalogue });
    expect(relinked.inserted).toBe(0);
    const owners = await t.database.db
      .select({ uid: products.sellerId })
      .from(products)
      .where(eq(products.ownerEmail, sellerEmail));
    expect(owners.map((o) => o.uid)).toEqual(owners.map(() => relinked.sellers[0]?.uid));
    const [outsiderRow] = await t.database.db.select().from(products).where(eq(products.id, keep));
    expect(outsiderRow?.sellerId).toBe(outsider.uid);
  });
});

describe('the demo catalogue (its content is checked in catalogue.test.ts)', () => {
  test('seeds completely into an empty database', async () => {
    const t = await createTestApp();
    try {
      const result = await seedIfEmpty({ db: t.database.db, auth: t.app.firebaseAuth, emulator });
      expect(result?.inserted).toBe(DEMO_PRODUCTS.length);
      const firstSix = (await t.app.inject({ method: 'GET', url: '/api/products?limit=6' })).json<Product[]>();
      expect(firstSix.map((p) => p.name)).toEqual(DEMO_PRODUCTS.slice(0, 6).map((p) => p.name.trim()));
      await livingBusinesses(t);
    } finally {
      await t.close();
    }
  });
});

/** The demo businesses: seller companies with staff, a buying company with a month of orders in every status. */
async function livingBusinesses(t: TestApp): Promise<void> {
  const as = async (email: string, password: string) => {
    const { idToken } = await testEmulator().signIn(email, password);
    return (method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${idToken}` }, ...(payload ? { payload } : {}) });
  };
  const staff = (key: string) => {
    const person = [...DEMO_STAFF, ...DEMO_BUYERS].find((p) => p.key === key);
    if (!person) throw new Error(key);
    return as(person.email, person.password);
  };
  const owner = await as('northwind@example.com', 'Northwind@2026');
  const desk = await staff('northwind.desk');
  const catalogueManager = await staff('northwind.catalogue');
  const approver = await staff('rahman.approver');

  const mine = (await owner('GET', '/api/my-products/northwind@example.com')).json<Product[]>();
  expect(mine.length).toBeGreaterThan(0);
  expect(new Set(mine.map((p) => p.seller?.name))).toEqual(new Set(['Northwind Wholesale Ltd.']));
  const sales = await desk('GET', '/api/sales?limit=100');
  expect(sales.statusCode).toBe(200);
  const statuses = new Set(sales.json<OrderSummary[]>().map((o) => o.status));
  for (const status of ['placed', 'confirmed', 'shipped', 'delivered'] as const) expect(statuses).toContain(status);
  const dashboard = (await desk('GET', '/api/dashboard')).json<Dashboard>();
  expect(dashboard.days.filter((d) => d.orders > 0).length).toBeGreaterThan(5);

  const product = mine[0]?._id ?? '';
  expect((await catalogueManager('PUT', `/api/products/${product}`, { quantity: 5000 })).statusCode).toBe(200);
  expect((await desk('PUT', `/api/products/${product}`, { quantity: 4000 })).statusCode).toBe(403);

  const company = (await approver('GET', '/api/companies/current/orders?limit=100')).json<OrderSummary[]>();
  const all = new Set(company.map((o) => o.status));
  for (const status of ['awaiting_approval', 'rejected', 'cancelled', 'delivered'] as const)
    expect(all).toContain(status);
  const activity = (await owner('GET', '/api/companies/current/activity?limit=100')).json<ActivityPage>();
  expect(new Set(activity.items.map((e) => e.kind))).toEqual(new Set(['member', 'product', 'stock', 'order']));
  const inbox = (await approver('GET', '/api/notifications')).json<Notification[]>();
  expect(inbox.map((n) => n.kind)).toContain('approval_requested');
}
