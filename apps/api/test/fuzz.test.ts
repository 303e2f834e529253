import { asc, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CATEGORY_VALUES, ORDER_STATUSES, SORTS } from '@b2b/shared';
import { buildShipTo } from '@b2b/shared/testing';
import {
  activityLog,
  billingDetails,
  cartItems,
  companies,
  companyAddresses,
  companyInvitations,
  companyMembers,
  orderLines,
  orderListLines,
  orderLists,
  priceListCustomers,
  priceListLines,
  priceLists,
  orders,
  products,
  profiles,
} from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { companyClient } from './helpers/companies.js';
import { insertProduct, productBody } from './helpers/factories.js';
import { createUser, forgeEmulatorToken, type TestUser } from './helpers/users.js';

/*
 * Property-based fuzzing of every route: a few thousand generated requests — any method, path,
 * parameter, query, header and body, signed in as the attacker, anonymous, or with a garbage or
 * forged token, biased towards the real routes, valid bodies and the victim's ids. The
 * properties: no answer is a 5xx, and nothing the victim owns changes: their products (whose
 * stock may only go down by what the attacker holds of it in carts and live orders), their cart
 * and their orders.
 * FUZZ_RUNS and FUZZ_SEED reproduce or deepen a run.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 4000);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

let t: TestApp;
let attacker: TestUser;
let victim: TestUser;
let victimProducts: string[];
let attackerProducts: string[];
let victimCart: string[];
let victimOrders: string[];
/** The victim's company: its id, address, invitation and shared list (company accounts). */
let victimCompany: string[];

beforeAll(async () => {
  t = await createTestApp({
    env: { WRITE_RATE_LIMIT_PER_MINUTE: '1000000', READ_RATE_LIMIT_PER_MINUTE: '1000000' },
  });
  let seller: TestUser;
  [attacker, victim, seller] = await Promise.all([createUser(), createUser(), createUser()]);
  const db = t.database.db;
  victimProducts = await Promise.all(
    [0, 1, 2].map((i) => insertProduct(db, victim, { quantity: 100_000, minSellQty: 1, name: `Victim ${i}` })),
  );
  attackerProducts = await Promise.all(
    [0, 1].map((i) => insertProduct(db, attacker, { quantity: 100_000, minSellQty: 1, name: `Attacker ${i}` })),
  );
  const co = companyClient(t);
  // The victim has an order, bought from a third seller (the seller of an order may rightly
  // confirm, ship or cancel it, so it must not be the attacker), and, after it, a cart.
  await t.api.buy(
    victim,
    await insertProduct(db, seller, { quantity: 100_000, minSellQty: 1, name: 'Third seller' }),
    3,
  );
  await t.api.place(victim);
  // The victim's company (the attacker admins another one): an address, an invitation, a shared
  // list, and an order awaiting approval (the victim's own limit is 1).
  const company = await co.create(victim, 'Victim Co');
  await co.create(attacker, 'Attacker Co');
  const address = await co.call(victim, 'POST', '/api/companies/current/addresses', {
    label: 'Dock',
    ...buildShipTo(),
  });
  const invitation = await co.invite(victim, 'friend@example.com', 'approver');
  const list = await co.call(victim, 'POST', '/api/lists', { name: 'Victim list' });
  await co.call(victim, 'PUT', `/api/lists/${list.json<{ _id: string }>()._id}/shared`, { shared: true });
  expect((await co.updateMember(victim, victim.uid, { spendingLimit: 1 })).statusCode).toBe(200);
  await t.api.buy(victim, victimProducts[1] ?? '', 3);
  expect((await t.api.place(victim)).orders[0]?.status).toBe('awaiting_approval');
  // A contract price list of the victim's company, with a line and a customer (the third seller).
  const priceList = await co.call(victim, 'POST', '/api/price-lists', { name: 'Victim contract' });
  const priceListId = priceList.json<{ id: string }>().id;
  const line = await co.call(victim, 'PUT', `/api/price-lists/${priceListId}/lines/${victimProducts[0]}`, {
    price: 1.25,
  });
  expect(line.statusCode, line.body).toBe(200);
  await co.call(seller, 'GET', '/api/profile');
  const customer = await co.call(victim, 'POST', `/api/price-lists/${priceListId}/customers`, { email: seller.email });
  expect(customer.statusCode, customer.body).toBe(201);
  const billing = await co.call(victim, 'PUT', '/api/billing', {
    legalName: 'Victim Wholesale Ltd.',
    address: '1 Victim Road\nDhaka',
    defaultTaxRate: 15,
  });
  expect(billing.statusCode, billing.body).toBe(200);
  victimCompany = [
    company._id,
    address.json<{ _id: string }>()._id,
    invitation._id,
    list.json<{ _id: string }>()._id,
    priceListId,
    customer.json<{ customer: { id: string } }>().customer.id,
  ];
  victimOrders = (await db.select({ id: orders.id }).from(orders).where(eq(orders.buyerUid, victim.uid))).map(
    (row) => row.id,
  );
  const savedProfile = await t.app.inject({
    method: 'PUT',
    url: '/api/profile',
    headers: victim.headers,
    payload: { displayName: 'Victim', photoURL: '', companyName: 'Victim Ltd.' },
  });
  expect(savedProfile.statusCode).toBe(200);
  victimCart = [
    await t.api.buy(victim, victimProducts[0] ?? '', 3),
    await t.api.buy(victim, attackerProducts[1] ?? '', 3),
  ];
});
afterAll(async () => t.close());

/** What the attacker holds of each product: in carts, and in orders not cancelled. */
async function attackerHoldings(): Promise<Map<string, number>> {
  const db = t.database.db;
  const inCarts = await db
    .select({ productId: cartItems.productId, units: sql<number>`sum(${cartItems.buyQuantity})::int` })
    .from(cartItems)
    .where(eq(cartItems.userUid, attacker.uid))
    .groupBy(cartItems.productId);
  const inOrders = await db
    .select({ productId: orderLines.productId, units: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(sql`${orders.buyerUid} = ${attacker.uid} AND ${orders.status} <> 'cancelled'`)
    .groupBy(orderLines.productId);
  const held = new Map<string, number>();
  for (const row of [...inCarts, ...inOrders]) held.set(row.productId, (held.get(row.productId) ?? 0) + row.units);
  return held;
}

/** Everything the victim owns; stock counted together with what the attacker holds of it. */
async function victimState() {
  const db = t.database.db;
  const held = await attackerHoldings();
  const [companyId = ''] = victimCompany;
  // The victim's company sells what the victim listed before creating it (the business owns the catalogue).
  const owned = await db
    .select()
    .from(products)
    .where(inArray(products.sellerId, [victim.uid, companyId]))
    .orderBy(asc(products.id));
  expect(owned).toHaveLength(victimProducts.length);
  const cart = await db.select().from(cartItems).where(eq(cartItems.userUid, victim.uid)).orderBy(asc(cartItems.id));
  const bought = await db.select().from(orders).where(eq(orders.buyerUid, victim.uid)).orderBy(asc(orders.id));
  const lines = await db
    .select()
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orders.buyerUid, victim.uid))
    .orderBy(asc(orderLines.id));
  const profile = await db.select().from(profiles).where(eq(profiles.uid, victim.uid));
  const company = {
    company: await db.select().from(companies).where(eq(companies.id, companyId)),
    members: await db.select().from(companyMembers).where(eq(companyMembers.companyId, companyId)),
    invitations: await db.select().from(companyInvitations).where(eq(companyInvitations.companyId, companyId)),
    addresses: await db.select().from(companyAddresses).where(eq(companyAddresses.companyId, companyId)),
    lists: await db.select().from(orderLists).where(eq(orderLists.ownerUid, victim.uid)),
    activity: await db.select().from(activityLog).where(eq(activityLog.companyId, companyId)),
    sales: await db.select().from(orders).where(eq(orders.sellerId, companyId)).orderBy(asc(orders.id)),
    priceLists: await db.select().from(priceLists).where(eq(priceLists.sellerId, companyId)),
    billing: await db.select().from(billingDetails).where(eq(billingDetails.businessId, companyId)),
    priceListLines: await db
      .select({ line: priceListLines })
      .from(priceListLines)
      .innerJoin(priceLists, eq(priceLists.id, priceListLines.priceListId))
      .where(eq(priceLists.sellerId, companyId)),
    priceListCustomers: await db
      .select({ assigned: priceListCustomers })
      .from(priceListCustomers)
      .innerJoin(priceLists, eq(priceLists.id, priceListCustomers.priceListId))
      .where(eq(priceLists.sellerId, companyId)),
    listLines: await db
      .select({ line: orderListLines })
      .from(orderListLines)
      .innerJoin(orderLists, eq(orderLists.id, orderListLines.listId))
      .where(eq(orderLists.ownerUid, victim.uid)),
  };
  return {
    profile,
    company,
    products: owned.map(({ quantity, updatedAt: _updatedAt, ...rest }) => ({
      ...rest,
      stockWithAttackerHoldings: quantity + (held.get(rest.id) ?? 0),
    })),
    cart,
    orders: bought,
    lines,
  };
}

const weird = fc.constantFrom(
  '',
  ' ',
  "'; DROP TABLE products; --",
  '%00',
  '%',
  '..%2F..%2Fetc%2Fpasswd',
  '\u0000',
  '\ud800',
  'a'.repeat(500),
  '😀',
  '-1',
  '1e309',
  'null',
  '[]',
  '{}',
);

/** encodeURIComponent, except that a lone surrogate becomes bytes that are not UTF-8 at all. */
const enc = (value: string) =>
  value
    .split(/([\uD800-\uDFFF])/)
    .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');

const anyString = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 10 }), weird);

function arbitraries() {
  const id = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...victimProducts, ...victimCart, ...victimOrders, ...victimCompany) },
    { weight: 2, arbitrary: fc.constantFrom(...attackerProducts) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: anyString },
  );
  const email = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(victim.email, victim.email.toUpperCase(), ` ${victim.email} `) },
    { weight: 1, arbitrary: fc.constant(attacker.email) },
    { weight: 1, arbitrary: anyString },
  );
  const category = fc.oneof(fc.constantFrom(...CATEGORY_VALUES), anyString);
  const number = fc.oneof(
    fc.integer(),
    fc.double({ noNaN: false }),
    fc.constantFrom(0, -1, 1, 1_000_000_000, 1_000_000_001, Number.MAX_SAFE_INTEGER, 0.001),
  );
  const productLike = fc
    .record(
      {
        name: anyString,
        image: fc.oneof(anyString, fc.constantFrom('https://x.test/a.png', '/images/a.svg', 'http://x', '//evil')),
        brand: anyString,
        category,
        description: anyString,
        content: anyString,
        price: number,
        quantity: number,
        minSellQty: number,
        rating: fc.oneof(number, fc.constant(null)),
        email: fc.constant(victim.email),
        ownerUid: fc.constant(victim.uid),
        _id: id,
      },
      { requiredKeys: [] },
    )
    .map((fields) => ({ ...productBody(), ...fields }));
  const validBody = fc.oneof(
    fc.constant(undefined).map(() => productBody()),
    fc.record(
      { name: fc.constant('Hijacked'), price: fc.constant(1.5), quantity: fc.constant(7) },
      { requiredKeys: [] },
    ),
    fc.record({
      productId: fc.constantFrom(...victimProducts, ...attackerProducts),
      buyQuantity: fc.integer({ min: 1, max: 5 }),
    }),
    fc.record({ decBy: fc.integer({ min: -5, max: 5 }) }),
    fc.constant(undefined).map(() => ({ shipTo: buildShipTo(), poNumber: 'PO-1' })),
    fc.record({ status: fc.constantFrom(...ORDER_STATUSES) }),
    // Company accounts.
    fc.record({ name: fc.constantFrom('Hijacked Co', '') }),
    fc.record({
      email: fc.constantFrom(victim.email, attacker.email, 'x@example.com'),
      role: fc.constantFrom('admin', 'approver', 'buyer'),
      spendingLimit: fc.oneof(fc.constant(null), number),
    }),
    fc.record(
      { role: fc.constantFrom('admin', 'buyer'), spendingLimit: fc.constantFrom(null, 0, 5) },
      { requiredKeys: [] },
    ),
    fc.record({ reason: fc.oneof(anyString, fc.constant('Rejected by the attacker')) }),
    fc.record({ shared: fc.boolean() }),
    // Price lists.
    fc.record(
      {
        name: fc.constant('Hijacked list'),
        validFrom: fc.constantFrom(null, '2026-01-01'),
        discountPercent: fc.constantFrom(null, 99),
      },
      { requiredKeys: [] },
    ),
    fc.record({ price: fc.constantFrom(0, 0.01), tiers: fc.constant([]) }),
    fc.record({
      legalName: fc.constant('Hijacked Ltd.'),
      address: fc.constant('Elsewhere'),
      defaultTaxRate: fc.constantFrom(0, 99),
    }),
    fc.record({ email: fc.constantFrom(victim.email, attacker.email) }),
    fc.record({
      email: fc.constantFrom(victim.email, attacker.email),
      productId: fc.constantFrom(...victimProducts, ...attackerProducts),
      quantity: fc.integer({ min: 1, max: 500 }),
    }),
    fc.record({
      rows: fc.array(
        fc.record({
          row: fc.integer({ min: 2, max: 9 }),
          sku: fc.constantFrom('', 'X-1'),
          price: fc.constantFrom('1', 'abc', ''),
          tiers: fc.constantFrom('', '5:0.5'),
          productId: fc.constantFrom(...victimProducts, ...attackerProducts),
        }),
        { maxLength: 3 },
      ),
    }),
    fc.record({
      lines: fc.array(
        fc.record({
          productId: fc.constantFrom(...victimProducts, ...attackerProducts),
          quantity: fc.integer({ min: 1, max: 500 }),
        }),
        { minLength: 1, maxLength: 3 },
      ),
    }),
    fc.constant(undefined).map(() => ({ label: 'Hijacked', ...buildShipTo() })),
    fc.record({
      displayName: fc.constant('Hijacked'),
      photoURL: fc.constant(''),
      companyName: fc.constant('Hijacked Ltd.'),
      email: fc.constant(victim.email),
      uid: fc.constant(victim.uid),
    }),
  );
  const anyBody = fc.oneof(
    fc.constant(undefined),
    productLike,
    fc.record({ productId: id, buyQuantity: number }, { requiredKeys: [] }),
    fc.record({ status: anyString, trackingRef: anyString }, { requiredKeys: [] }),
    fc.jsonValue({ maxDepth: 3 }),
    fc.string({ maxLength: 50 }).map((raw) => ({ raw })),
  );
  const body = fc.oneof({ weight: 3, arbitrary: validBody }, { weight: 2, arbitrary: anyBody });
  const sub = (template: string) =>
    fc
      .record({ id, email, category, uid: fc.oneof(fc.constantFrom(victim.uid, attacker.uid), anyString) })
      .map(({ id: i, email: e, category: c, uid: u }) =>
        template
          .replace(':id', enc(i))
          .replace(':email', enc(e))
          .replace(':category', enc(c))
          .replace(':uid', enc(u))
          .replace(':productId', enc(i))
          .replace(':customerId', enc(i)),
      );
  const routes: [string, string][] = [
    ['GET', '/api/products'],
    ['GET', '/api/products/:id'],
    ['POST', '/api/products'],
    ['PUT', '/api/products/:id'],
    ['DELETE', '/api/products/:id'],
    ['PATCH', '/api/products/quantity/:id'],
    ['GET', '/api/categories'],
    ['GET', '/api/categories/:category'],
    ['GET', '/api/my-products/:email'],
    ['POST', '/api/carts'],
    ['GET', '/api/carts/:email'],
    ['DELETE', '/api/carts/:id'],
    ['POST', '/api/orders'],
    ['GET', '/api/orders'],
    ['GET', '/api/orders/counts'],
    ['GET', '/api/orders/:id'],
    ['PATCH', '/api/orders/:id/status'],
    ['POST', '/api/orders/:id/reorder'],
    ['GET', '/api/sales'],
    ['GET', '/api/sales/counts'],
    ['GET', '/api/dashboard'],
    ['GET', '/api/imports'],
    ['GET', '/api/imports/:id'],
    ['GET', '/api/my-products/export'],
    ['GET', '/api/companies/current/activity'],
    ['GET', '/api/profile'],
    ['PUT', '/api/profile'],
    ['GET', '/api/sellers'],
    ['GET', '/api/health'],
    ['GET', '/api/config'],
    ['POST', '/api/companies'],
    ['GET', '/api/companies/current'],
    ['GET', '/api/companies/mine'],
    ['PATCH', '/api/companies/current'],
    ['POST', '/api/companies/current/invitations'],
    ['DELETE', '/api/companies/current/invitations/:id'],
    ['GET', '/api/invitations'],
    ['POST', '/api/invitations/:id/accept'],
    ['POST', '/api/invitations/:id/decline'],
    ['PATCH', '/api/companies/current/members/:uid'],
    ['DELETE', '/api/companies/current/members/:uid'],
    ['GET', '/api/companies/current/orders'],
    ['GET', '/api/companies/current/addresses'],
    ['POST', '/api/companies/current/addresses'],
    ['PUT', '/api/companies/current/addresses/:id'],
    ['DELETE', '/api/companies/current/addresses/:id'],
    ['POST', '/api/orders/:id/approve'],
    ['POST', '/api/orders/:id/reject'],
    ['GET', '/api/lists'],
    ['GET', '/api/lists/:id'],
    ['PATCH', '/api/lists/:id'],
    ['DELETE', '/api/lists/:id'],
    ['PUT', '/api/lists/:id/shared'],
    ['POST', '/api/lists/:id/add-to-cart'],
    ['POST', '/api/lists/from-cart'],
    ['POST', '/api/lists/from-order/:id'],
    ['PUT', '/api/lists/:id/lines/:productId'],
    ['DELETE', '/api/lists/:id/lines/:productId'],
    ['POST', '/api/price-lists'],
    ['GET', '/api/price-lists'],
    ['GET', '/api/price-lists/:id'],
    ['PATCH', '/api/price-lists/:id'],
    ['DELETE', '/api/price-lists/:id'],
    ['PUT', '/api/price-lists/:id/lines/:productId'],
    ['DELETE', '/api/price-lists/:id/lines/:productId'],
    ['POST', '/api/price-lists/:id/customers'],
    ['DELETE', '/api/price-lists/:id/customers/:customerId'],
    ['POST', '/api/prices'],
    ['POST', '/api/price-lists/price-for'],
    ['POST', '/api/price-lists/:id/lines/import'],
    ['GET', '/api/price-lists/:id/lines/export'],
    ['GET', '/api/billing'],
    ['PUT', '/api/billing'],
  ];
  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
  const target = fc.oneof(
    // A real route (by its own method, or another one).
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.constantFrom(...routes), fc.option(fc.constantFrom(...methods), { freq: 6 }))
        .chain(([[method, template], other]) => sub(template).map((path) => ({ method: other ?? method, path }))),
    },
    // Anything else.
    {
      weight: 1,
      arbitrary: fc.record({
        method: fc.constantFrom(...methods),
        path: fc.oneof(
          fc.constantFrom('/api', '/api/nope', '/', '/all-products', '/api/docs/json'),
          anyString.map((v) => `/api/${enc(v)}`),
        ),
      }),
    },
  );
  const queryValue = fc.oneof(
    anyString,
    fc.integer({ min: -1_000_000, max: 1_000_000_000 }).map(String),
    fc.constantFrom('true', 'false', ...SORTS, ...CATEGORY_VALUES, ...ORDER_STATUSES, '100', '0', '10000', '10001'),
  );
  const query = fc.dictionary(
    fc.constantFrom(
      'limit',
      'offset',
      'cursor',
      'available',
      'category',
      'q',
      'sort',
      'status',
      'email',
      'member',
      'kind',
      'format',
      'x',
    ),
    fc.oneof(queryValue, email),
    { maxKeys: 4 },
  );
  const auth = fc.oneof(
    { weight: 6, arbitrary: fc.constant(attacker.headers.authorization) },
    { weight: 2, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('Bearer garbage', 'Basic dXNlcjpwYXNz', 'Bearer ', `Bearer ${'a'.repeat(3000)}`),
    },
    // A forged unsigned token for a user that does not exist (the emulator refuses it).
    { weight: 1, arbitrary: fc.constant(undefined).map(() => `Bearer ${forgeEmulatorToken({ email: victim.email })}`) },
  );
  const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', undefined);
  const idempotencyKey = fc.option(fc.oneof(fc.constantFrom('k1', 'k2'), anyString), { nil: undefined });
  return fc.record({ target, query, body, auth, contentType, idempotencyKey });
}

test(`${RUNS} generated requests over every route: no 5xx, and nothing of another user's changes`, async () => {
  const before = await victimState();
  const seen: Record<number, number> = {};
  await fc.assert(
    fc.asyncProperty(arbitraries(), async (request) => {
      const { method, path } = request.target;
      const headers: Record<string, string> = {};
      if (request.auth !== undefined) headers.authorization = request.auth;
      if (request.contentType !== undefined) headers['content-type'] = request.contentType;
      if (request.idempotencyKey !== undefined) headers['idempotency-key'] = request.idempotencyKey;
      const raw = request.body && typeof request.body === 'object' && 'raw' in request.body;
      const payload =
        request.body === undefined || method === 'GET' || method === 'HEAD'
          ? undefined
          : raw
            ? String((request.body as { raw: unknown }).raw)
            : JSON.stringify(request.body);
      const search = Object.entries(request.query)
        .map(([key, value]) => `${key}=${enc(value)}`)
        .join('&');
      const res = await t.app.inject({
        method: method as 'GET',
        url: search ? `${path}?${search}` : path,
        headers,
        ...(payload === undefined ? {} : { payload }),
      });
      seen[res.statusCode] = (seen[res.statusCode] ?? 0) + 1;
      if (res.statusCode >= 500) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
    }),
    { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: true },
  );
  expect(await victimState()).toEqual(before);
  // The run reached the routes, not only their validation. Writes that pass every check are
  // rare among random requests (1–2 × 201 and 0–2 × 409 in 4,000), so any answer from a write
  // that reached the database counts: a created row, a stock conflict or a refused minimum.
  for (const status of [200, 400, 401, 403, 404]) {
    expect(seen[status] ?? 0, `status ${status}`).toBeGreaterThan(0);
  }
  const reachedTheDatabase = (seen[201] ?? 0) + (seen[409] ?? 0) + (seen[422] ?? 0);
  expect(reachedTheDatabase, 'writes answered 201, 409 or 422').toBeGreaterThan(0);
}, 120_000);
