import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  can,
  type ActivityPage,
  type BillingDetails,
  type CompanyRole,
  type ImportStatus,
  type OrderSummary,
  type Product,
} from '@b2b/shared';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { companyClient } from '../helpers/companies.js';
import { createUser, type TestUser } from '../helpers/users.js';

/*
 * The authorization matrix of seller organisations (issue 36): {no company, each role} × {same
 * company, other company} × every seller route and action. Every target is company A's: its
 * product (created by its catalogue manager), its sale (placed by an outside buyer) and its
 * import. The expected status is read from the rules, not listed case by case:
 *   - a role without the permission gets 403 (the roles table in packages/shared/src/roles.ts);
 *   - with it, company A's staff succeed on company A's things; anyone else gets 403 for a write to
 *     A's product and 404 for A's orders and imports (they cannot be probed);
 *   - lists answer 200 with the caller's own business's rows only.
 */

type Who = 'none' | `${CompanyRole}-${'A' | 'B'}`;
interface Caller {
  who: Who;
  role: CompanyRole | null;
  same: boolean;
}

const ROLES: CompanyRole[] = ['admin', 'approver', 'buyer', 'catalogue', 'sales'];
const CALLERS: Caller[] = [
  { who: 'none', role: null, same: false },
  ...ROLES.flatMap((role) => [
    { who: `${role}-A` as Who, role, same: true },
    { who: `${role}-B` as Who, role, same: false },
  ]),
];

let t: TestApp;
let co: ReturnType<typeof companyClient>;
const users = new Map<Who, TestUser>();
let outsideBuyer: TestUser;
let productA: string;
let importA: string;
let listA: string;
const NAME_A = 'Northwind Wholesale';
const PRODUCT_NAME = 'Matrix olive oil 5 l';
const BILLING_A = 'Northwind Wholesale Ltd.';

const user = (who: Who): TestUser => {
  const found = users.get(who);
  if (!found) throw new Error(`no user ${who}`);
  return found;
};

beforeAll(async () => {
  t = await createTestApp({ env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000', READ_RATE_LIMIT_PER_MINUTE: '100000' } });
  co = companyClient(t);
  const created = await Promise.all(Array.from({ length: CALLERS.length + 1 }, () => createUser()));
  CALLERS.forEach((caller, i) => users.set(caller.who, created[i] as TestUser));
  outsideBuyer = created.at(-1) as TestUser;
  await co.create(user('admin-A'), NAME_A);
  await co.create(user('admin-B'), 'Beta Supplies');
  for (const role of ROLES.filter((r) => r !== 'admin')) {
    await co.join(user('admin-A'), user(`${role}-A`), role);
    await co.join(user('admin-B'), user(`${role}-B`), role);
  }
  productA = await t.api.addProduct(user('catalogue-A'), {
    name: PRODUCT_NAME,
    quantity: 1_000_000,
    minSellQty: 1,
    packSize: 1,
    price: 12.5,
  });
  await saleOfA();
  const billing = await co.call(user('admin-A'), 'PUT', '/api/billing', { legalName: BILLING_A, address: 'Dock 4' });
  expect(billing.statusCode, billing.body).toBe(200);
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/imports?dryRun=true',
    headers: { ...user('catalogue-A').headers, 'content-type': 'text/csv' },
    payload: 'name,category,price,quantity,minSellQty\nMatrix import,home,1,10,1\n',
  });
  expect(upload.statusCode, upload.body).toBe(202);
  importA = upload.json<ImportStatus>().importId;
  listA = await priceListOfA('Matrix contract prices');
});

/** A new price list of company A's, made by its catalogue manager. */
async function priceListOfA(name = 'Matrix doomed list'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/price-lists',
    headers: user('catalogue-A').headers,
    payload: { name },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}
afterAll(async () => t.close());

/** A new order of company A's sales, placed (not yet confirmed) by a buyer outside both companies. */
async function saleOfA(): Promise<string> {
  await t.api.buy(outsideBuyer, productA, 1);
  const placed = await t.api.place(outsideBuyer);
  const order = placed.orders[0];
  expect(order?.sellerName).toBe(NAME_A);
  return order?._id ?? '';
}

/** A caller's answer to a route on company A's things, by the rules above. */
function expected(
  caller: Caller,
  permission: Parameters<typeof can>[1],
  { ok, outsider }: { ok: number; outsider: 403 | 404 | 'ok' },
): number {
  if (!can(caller.role, permission)) return 403;
  if (caller.same) return ok;
  return outsider === 'ok' ? ok : outsider;
}

interface Route {
  name: string;
  request: (caller: Caller) => Promise<{ method: string; url: string; payload?: unknown }>;
  expected: (caller: Caller) => number;
  /** For a success: what the answer shows of company A, by caller. */
  check?: (caller: Caller, body: string) => void;
}

const seesA = (caller: Caller, body: string) => expect(body.includes(PRODUCT_NAME)).toBe(caller.same);

const ROUTES: Route[] = [
  {
    name: 'GET /my-products/:email',
    request: async ({ who }) => ({ method: 'GET', url: `/api/my-products/${user(who).email}` }),
    expected: () => 200,
    check: seesA,
  },
  {
    name: 'POST /products',
    request: async () => ({
      method: 'POST',
      url: '/api/products',
      payload: { name: 'Matrix new', category: 'home', price: 1, quantity: 5, minSellQty: 1 },
    }),
    expected: (caller) => expected(caller, 'catalogue', { ok: 201, outsider: 'ok' }),
  },
  {
    name: 'PUT /products/:id',
    request: async () => ({ method: 'PUT', url: `/api/products/${productA}`, payload: { price: 12.5 } }),
    expected: (caller) => expected(caller, 'catalogue', { ok: 200, outsider: 403 }),
  },
  {
    name: 'PATCH /products/quantity/:id',
    request: async () => ({ method: 'PATCH', url: `/api/products/quantity/${productA}`, payload: { decBy: -1 } }),
    expected: (caller) => expected(caller, 'catalogue', { ok: 200, outsider: 403 }),
  },
  {
    name: 'DELETE /products/:id',
    request: async () => ({
      method: 'DELETE',
      url: `/api/products/${await t.api.addProduct(user('catalogue-A'), { name: 'Matrix doomed' })}`,
    }),
    expected: (caller) => expected(caller, 'catalogue', { ok: 200, outsider: 403 }),
  },
  {
    name: 'GET /sales',
    request: async () => ({ method: 'GET', url: '/api/sales' }),
    expected: (caller) => expected(caller, 'sales', { ok: 200, outsider: 'ok' }),
    check: (caller, body) =>
      expect((JSON.parse(body) as OrderSummary[]).some((o) => o.sellerName === NAME_A)).toBe(caller.same),
  },
  {
    name: 'GET /sales/counts',
    request: async () => ({ method: 'GET', url: '/api/sales/counts' }),
    expected: (caller) => expected(caller, 'sales', { ok: 200, outsider: 'ok' }),
    check: (caller, body) => expect((JSON.parse(body) as { placed: number }).placed > 0).toBe(caller.same),
  },
  {
    name: 'GET /orders/:id (a sale)',
    request: async () => ({ method: 'GET', url: `/api/orders/${await saleOfA()}` }),
    // Someone outside company A cannot learn the order exists, whatever their role.
    expected: (caller) => (caller.same ? expected(caller, 'sales', { ok: 200, outsider: 404 }) : 404),
  },
  {
    name: 'PATCH /orders/:id/status (confirm)',
    request: async () => ({
      method: 'PATCH',
      url: `/api/orders/${await saleOfA()}/status`,
      payload: { status: 'confirmed' },
    }),
    expected: (caller) => (caller.same ? expected(caller, 'sales', { ok: 200, outsider: 404 }) : 404),
  },
  {
    name: 'PATCH /orders/:id/status (cancel)',
    request: async () => ({
      method: 'PATCH',
      url: `/api/orders/${await saleOfA()}/status`,
      payload: { status: 'cancelled' },
    }),
    expected: (caller) => (caller.same ? expected(caller, 'sales', { ok: 200, outsider: 404 }) : 404),
  },
  {
    name: 'GET /dashboard',
    request: async () => ({ method: 'GET', url: '/api/dashboard' }),
    expected: (caller) => expected(caller, 'dashboard', { ok: 200, outsider: 'ok' }),
    check: (caller, body) => expect(body.includes(outsideBuyer.email)).toBe(caller.same),
  },
  {
    name: 'GET /imports',
    request: async () => ({ method: 'GET', url: '/api/imports' }),
    expected: (caller) => expected(caller, 'catalogue', { ok: 200, outsider: 'ok' }),
    check: (caller, body) => expect(body.includes(importA)).toBe(caller.same),
  },
  {
    name: 'GET /imports/:id',
    request: async () => ({ method: 'GET', url: `/api/imports/${importA}` }),
    expected: (caller) => expected(caller, 'catalogue', { ok: 200, outsider: 404 }),
  },
  {
    name: 'GET /imports/:id/errors',
    request: async () => ({ method: 'GET', url: `/api/imports/${importA}/errors` }),
    expected: (caller) => expected(caller, 'catalogue', { ok: 200, outsider: 404 }),
  },
  {
    name: 'POST /imports (dry run)',
    request: async () => ({ method: 'POST', url: '/api/imports?dryRun=true' }),
    expected: (caller) => expected(caller, 'catalogue', { ok: 202, outsider: 'ok' }),
  },
  {
    name: 'GET /my-products/export',
    request: async () => ({ method: 'GET', url: '/api/my-products/export?format=csv' }),
    expected: (caller) => expected(caller, 'catalogue', { ok: 200, outsider: 'ok' }),
    check: seesA,
  },
  {
    name: 'POST /price-lists',
    request: async () => ({ method: 'POST', url: '/api/price-lists', payload: { name: 'Matrix new list' } }),
    expected: (caller) => expected(caller, 'prices', { ok: 201, outsider: 'ok' }),
  },
  {
    name: 'GET /price-lists',
    request: async () => ({ method: 'GET', url: '/api/price-lists' }),
    expected: (caller) => expected(caller, 'seePrices', { ok: 200, outsider: 'ok' }),
    check: (caller, body) => expect(body.includes(listA)).toBe(caller.same),
  },
  {
    name: 'GET /price-lists/:id',
    request: async () => ({ method: 'GET', url: `/api/price-lists/${listA}` }),
    expected: (caller) => expected(caller, 'seePrices', { ok: 200, outsider: 404 }),
  },
  {
    name: 'PATCH /price-lists/:id',
    request: async () => ({
      method: 'PATCH',
      url: `/api/price-lists/${listA}`,
      payload: { name: 'Matrix contract prices' },
    }),
    expected: (caller) => expected(caller, 'prices', { ok: 200, outsider: 404 }),
  },
  {
    name: 'PUT /price-lists/:id/lines/:productId',
    request: async () => ({
      method: 'PUT',
      url: `/api/price-lists/${listA}/lines/${productA}`,
      payload: { price: 11 },
    }),
    expected: (caller) => expected(caller, 'prices', { ok: 200, outsider: 404 }),
  },
  {
    name: 'POST /price-lists/:id/customers',
    request: async () => ({
      method: 'POST',
      url: `/api/price-lists/${listA}/customers`,
      payload: { email: outsideBuyer.email },
    }),
    expected: (caller) => expected(caller, 'prices', { ok: 201, outsider: 404 }),
  },
  {
    name: 'DELETE /price-lists/:id',
    request: async () => ({ method: 'DELETE', url: `/api/price-lists/${await priceListOfA()}` }),
    expected: (caller) => expected(caller, 'prices', { ok: 204, outsider: 404 }),
  },
  {
    name: 'GET /billing',
    request: async () => ({ method: 'GET', url: '/api/billing' }),
    expected: (caller) => expected(caller, 'billing', { ok: 200, outsider: 'ok' }),
    check: (caller, body) => expect((JSON.parse(body) as BillingDetails).legalName === BILLING_A).toBe(caller.same),
  },
  {
    name: 'PUT /billing',
    request: async () => ({
      method: 'PUT',
      url: '/api/billing',
      payload: { legalName: 'Matrix billing, saved', address: '1 Harbour Road, Chattogram' },
    }),
    expected: (caller) => expected(caller, 'billing', { ok: 200, outsider: 'ok' }),
  },
  {
    name: 'GET /companies/current/activity',
    request: async () => ({ method: 'GET', url: '/api/companies/current/activity' }),
    expected: (caller) => (caller.role === null ? 404 : expected(caller, 'activity', { ok: 200, outsider: 'ok' })),
    check: (caller, body) =>
      expect((JSON.parse(body) as ActivityPage).items.some((e) => e.subject.label === PRODUCT_NAME)).toBe(caller.same),
  },
];

const CASES = ROUTES.flatMap((route) =>
  CALLERS.map((caller) => ({ route, caller, name: route.name, who: caller.who })),
);

describe(`the seller matrix: ${CALLERS.length} callers × ${ROUTES.length} routes = ${CASES.length} cases`, () => {
  test('the matrix covers every caller and route', () => {
    expect(CASES).toHaveLength(11 * ROUTES.length);
  });

  test.each(CASES)('$name by $who', async ({ route, caller }) => {
    const request = await route.request(caller);
    const csv = request.url.startsWith('/api/imports?');
    const res = await t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: { ...user(caller.who).headers, ...(csv ? { 'content-type': 'text/csv' } : {}) },
      ...(csv
        ? { payload: 'name,category,price,quantity,minSellQty\nMatrix row,home,1,10,1\n' }
        : request.payload === undefined
          ? {}
          : { payload: request.payload as Record<string, unknown> }),
    });
    const status = route.expected(caller);
    expect(res.statusCode, `${route.name} by ${caller.who}: ${res.body}`).toBe(status);
    if (status === 403) expect(res.json<{ code: string; message: string }>().code).toBe('FORBIDDEN');
    else if (status === 404) expect(res.json<{ code: string }>().code).toBe('NOT_FOUND');
    else route.check?.(caller, res.body);
  });

  test('company A’s product shows the company as its seller, and the creator’s email', async () => {
    const product = (await t.app.inject({ method: 'GET', url: `/api/products/${productA}` })).json<Product>();
    expect(product.seller?.name).toBe(NAME_A);
    expect(product.email).toBeUndefined();
    const signedIn = (
      await t.app.inject({ method: 'GET', url: `/api/products/${productA}`, headers: outsideBuyer.headers })
    ).json<Product>();
    expect(signedIn.email).toBe(user('catalogue-A').email);
  });
});
