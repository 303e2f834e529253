import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CompanyAddress, CompanyRole, Invitation, OrderSummary, SavedList } from '@b2b/shared';
import { buildShipTo } from '@b2b/shared/testing';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { companyClient } from '../helpers/companies.js';
import { insertProduct } from '../helpers/factories.js';
import { createUser, type TestUser } from '../helpers/users.js';

/*
 * The authorization matrix of company accounts (issue 24): {no company, buyer, approver, admin,
 * catalogue, sales} × {same company, other company} × every company route and every order action. Every target
 * belongs to company A; only the rows of the routes table may succeed, and ids of company A
 * answer 404 (never 403) to anyone outside it, so they cannot be probed. A role only: "buyer of
 * the same company" is a colleague of the order's buyer, never the buyer themself.
 */

type Role = 'none' | CompanyRole;
/** The seller roles (catalogue, sales) buy like a buyer: on these routes they answer as one. */
type BuyingRole = 'none' | 'buyer' | 'approver' | 'admin';
const asBuyer = (role: Role): BuyingRole => (role === 'catalogue' || role === 'sales' ? 'buyer' : role);
interface Caller {
  role: Role;
  same: boolean;
}
interface Request {
  method: string;
  url: string;
  payload?: unknown;
}

let t: TestApp;
let co: ReturnType<typeof companyClient>;
const users: Record<string, TestUser> = {};
let orderBuyer: TestUser;
let adminA: TestUser;
let productId: string;
let sharedList: string;
let addressA: string;

const NAMES = { A: 'Alpha Foods', B: 'Beta Foods' };
const key = ({ role, same }: Caller) => (role === 'none' ? 'none' : `${role}-${same ? 'A' : 'B'}`);

beforeAll(async () => {
  t = await createTestApp({ env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000', READ_RATE_LIMIT_PER_MINUTE: '100000' } });
  co = companyClient(t);
  const [seller, none, aAdmin, aApprover, aBuyer, bAdmin, bApprover, bBuyer, buyerOfOrders, ...staff] =
    await Promise.all(Array.from({ length: 13 }, () => createUser()));
  const [aCatalogue, aSales, bCatalogue, bSales] = staff;
  if (!seller || !none || !aAdmin || !aApprover || !aBuyer || !bAdmin || !bApprover || !bBuyer || !buyerOfOrders)
    throw new Error('users');
  if (!aCatalogue || !aSales || !bCatalogue || !bSales) throw new Error('users');
  Object.assign(users, {
    none,
    'admin-A': aAdmin,
    'approver-A': aApprover,
    'buyer-A': aBuyer,
    'admin-B': bAdmin,
    'approver-B': bApprover,
    'buyer-B': bBuyer,
    'catalogue-A': aCatalogue,
    'sales-A': aSales,
    'catalogue-B': bCatalogue,
    'sales-B': bSales,
  });
  adminA = aAdmin;
  orderBuyer = buyerOfOrders;
  await co.create(aAdmin, NAMES.A);
  await co.join(aAdmin, aApprover, 'approver');
  await co.join(aAdmin, aBuyer, 'buyer', 100);
  await co.join(aAdmin, orderBuyer, 'buyer', 1);
  await co.join(aAdmin, aCatalogue, 'catalogue', 100);
  await co.join(aAdmin, aSales, 'sales', 100);
  await co.create(bAdmin, NAMES.B);
  await co.join(bAdmin, bApprover, 'approver');
  await co.join(bAdmin, bBuyer, 'buyer', 100);
  await co.join(bAdmin, bCatalogue, 'catalogue', 100);
  await co.join(bAdmin, bSales, 'sales', 100);
  productId = await insertProduct(t.database.db, seller, {
    quantity: 1_000_000,
    minSellQty: 1,
    packSize: 1,
    price: 10,
  });
  sharedList = await newSharedList();
  await awaitingOrder();
  addressA = await newAddress();
});
afterAll(async () => t.close());

/** A fresh order of company A awaiting approval (its buyer's limit is 1). */
async function awaitingOrder(): Promise<string> {
  await t.api.buy(orderBuyer, productId, 1);
  const placed = await t.api.place(orderBuyer);
  expect(placed.orders[0]?.status).toBe('awaiting_approval');
  return placed.orders[0]?._id ?? '';
}

async function newSharedList(): Promise<string> {
  const list = (await co.call(orderBuyer, 'POST', '/api/lists', { name: 'Shared' })).json<SavedList>();
  await co.call(orderBuyer, 'PUT', `/api/lists/${list._id}/lines/${productId}`, { quantity: 2 });
  expect((await co.call(orderBuyer, 'PUT', `/api/lists/${list._id}/shared`, { shared: true })).statusCode).toBe(200);
  return list._id;
}

async function newAddress(): Promise<string> {
  const res = await co.call(adminA, 'POST', '/api/companies/current/addresses', { label: 'Dock', ...buildShipTo() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CompanyAddress>()._id;
}

async function newInvitation(): Promise<string> {
  return (await co.invite(adminA, `invitee-${randomUUID()}@example.com`, 'buyer'))._id;
}

async function newMember(): Promise<string> {
  const member = await createUser();
  await co.join(adminA, member, 'buyer');
  return member.uid;
}

/**
 * Expected status by role: none / buyer / approver / admin, same company or other. These routes are
 * the buying side's: a catalogue manager or order desk clerk answers as a buyer (the seller
 * routes' matrix is seller-authorization.test.ts).
 */
const by =
  (same: Record<BuyingRole, number>, other: Record<Exclude<BuyingRole, 'none'>, number>) =>
  ({ role, same: isSame }: Caller): number => {
    const as = asBuyer(role);
    return as === 'none' ? same.none : isSame ? same[as] : other[as];
  };
const adminOnly = (ok: number) =>
  by({ none: 404, buyer: 403, approver: 403, admin: ok }, { buyer: 403, approver: 403, admin: ok });
const adminOnlyById = (ok: number) =>
  by({ none: 404, buyer: 403, approver: 403, admin: ok }, { buyer: 403, approver: 403, admin: 404 });
const all = (status: number) => () => status;
// A colleague buyer cannot see the order at all (404); its own buyer gets 403 (companies.test.ts).
const approverAction = by(
  { none: 404, buyer: 404, approver: 200, admin: 200 },
  { buyer: 404, approver: 404, admin: 404 },
);
const notTheBuyer = by({ none: 404, buyer: 404, approver: 403, admin: 403 }, { buyer: 404, approver: 404, admin: 404 });
const sameReads = (ok: number) =>
  by({ none: 404, buyer: ok, approver: ok, admin: ok }, { buyer: 404, approver: 404, admin: 404 });
const sameAdminEdits = (ok: number) =>
  by({ none: 404, buyer: 403, approver: 403, admin: ok }, { buyer: 404, approver: 404, admin: 404 });

interface Route {
  name: string;
  request: (caller: Caller) => Promise<Request> | Request;
  expected: (caller: Caller) => number;
  /** For a success: what must not leak (company A's ids in another company's answer). */
  check?: (caller: Caller, body: string) => void;
}

const ROUTES: Route[] = [
  {
    name: 'POST /companies',
    request: () => ({ method: 'POST', url: '/api/companies', payload: { name: 'New Co' } }),
    expected: by({ none: 201, buyer: 409, approver: 409, admin: 409 }, { buyer: 409, approver: 409, admin: 409 }),
  },
  {
    name: 'GET /companies/current',
    request: () => ({ method: 'GET', url: '/api/companies/current' }),
    expected: by({ none: 404, buyer: 200, approver: 200, admin: 200 }, { buyer: 200, approver: 200, admin: 200 }),
    check: ({ same }, body) => expect(body.includes(orderBuyer.email)).toBe(same),
  },
  {
    name: 'GET /companies/mine',
    request: () => ({ method: 'GET', url: '/api/companies/mine' }),
    expected: all(200),
    check: ({ same }, body) => expect(body.includes(orderBuyer.email)).toBe(same),
  },
  {
    name: 'PATCH /companies/current',
    request: ({ same }) => ({
      method: 'PATCH',
      url: '/api/companies/current',
      payload: { name: same ? NAMES.A : NAMES.B },
    }),
    expected: adminOnly(200),
  },
  {
    name: 'POST /companies/current/invitations',
    request: () => ({
      method: 'POST',
      url: '/api/companies/current/invitations',
      payload: { email: `new-${randomUUID()}@example.com`, role: 'buyer', spendingLimit: 50 },
    }),
    expected: adminOnly(201),
  },
  {
    name: 'DELETE /companies/current/invitations/:id',
    request: async () => ({ method: 'DELETE', url: `/api/companies/current/invitations/${await newInvitation()}` }),
    expected: adminOnlyById(204),
  },
  {
    name: 'GET /invitations',
    request: () => ({ method: 'GET', url: '/api/invitations' }),
    expected: all(200),
    check: (_caller, body) => expect(JSON.parse(body)).toEqual([]),
  },
  {
    name: 'POST /invitations/:id/accept',
    request: async () => ({ method: 'POST', url: `/api/invitations/${await newInvitation()}/accept` }),
    expected: all(404),
  },
  {
    name: 'POST /invitations/:id/decline',
    request: async () => ({ method: 'POST', url: `/api/invitations/${await newInvitation()}/decline` }),
    expected: all(404),
  },
  {
    name: 'PATCH /companies/current/members/:uid',
    request: () => ({
      method: 'PATCH',
      url: `/api/companies/current/members/${orderBuyer.uid}`,
      payload: { spendingLimit: 1 },
    }),
    expected: adminOnlyById(200),
  },
  {
    name: 'DELETE /companies/current/members/:uid',
    request: async () => ({ method: 'DELETE', url: `/api/companies/current/members/${await newMember()}` }),
    expected: adminOnlyById(204),
  },
  {
    name: 'GET /companies/current/orders',
    request: () => ({ method: 'GET', url: '/api/companies/current/orders' }),
    expected: by({ none: 404, buyer: 403, approver: 200, admin: 200 }, { buyer: 403, approver: 200, admin: 200 }),
    check: ({ same }, body) => {
      const buyers = JSON.parse(body) as OrderSummary[];
      expect(buyers.some((o) => o.buyerEmail === orderBuyer.email)).toBe(same);
    },
  },
  {
    name: 'GET /companies/current/addresses',
    request: () => ({ method: 'GET', url: '/api/companies/current/addresses' }),
    expected: by({ none: 404, buyer: 200, approver: 200, admin: 200 }, { buyer: 200, approver: 200, admin: 200 }),
    check: ({ same }, body) => expect(body.includes(addressA)).toBe(same),
  },
  {
    name: 'POST /companies/current/addresses',
    request: () => ({
      method: 'POST',
      url: '/api/companies/current/addresses',
      payload: { label: 'Matrix', ...buildShipTo() },
    }),
    expected: adminOnly(201),
  },
  {
    name: 'PUT /companies/current/addresses/:id',
    request: () => ({
      method: 'PUT',
      url: `/api/companies/current/addresses/${addressA}`,
      payload: { label: 'Dock', ...buildShipTo() },
    }),
    expected: adminOnlyById(200),
  },
  {
    name: 'DELETE /companies/current/addresses/:id',
    request: async () => ({ method: 'DELETE', url: `/api/companies/current/addresses/${await newAddress()}` }),
    expected: adminOnlyById(204),
  },
  {
    name: 'GET /orders/:id',
    request: async () => ({ method: 'GET', url: `/api/orders/${await awaitingOrder()}` }),
    expected: by({ none: 404, buyer: 404, approver: 200, admin: 200 }, { buyer: 404, approver: 404, admin: 404 }),
  },
  {
    name: 'POST /orders/:id/approve',
    request: async () => ({ method: 'POST', url: `/api/orders/${await awaitingOrder()}/approve` }),
    expected: approverAction,
  },
  {
    name: 'POST /orders/:id/reject',
    request: async () => ({
      method: 'POST',
      url: `/api/orders/${await awaitingOrder()}/reject`,
      payload: { reason: 'No.' },
    }),
    expected: approverAction,
  },
  {
    name: 'PATCH /orders/:id/status (cancel)',
    request: async () => ({
      method: 'PATCH',
      url: `/api/orders/${await awaitingOrder()}/status`,
      payload: { status: 'cancelled' },
    }),
    expected: notTheBuyer,
  },
  {
    name: 'PATCH /orders/:id/status (placed)',
    request: async () => ({
      method: 'PATCH',
      url: `/api/orders/${await awaitingOrder()}/status`,
      payload: { status: 'placed' },
    }),
    expected: notTheBuyer,
  },
  {
    name: 'POST /orders/:id/reorder',
    request: async () => ({ method: 'POST', url: `/api/orders/${await awaitingOrder()}/reorder` }),
    expected: notTheBuyer,
  },
  {
    name: 'POST /lists/from-order/:id',
    request: async () => ({
      method: 'POST',
      url: `/api/lists/from-order/${await awaitingOrder()}`,
      payload: { name: 'Copy' },
    }),
    expected: all(404),
  },
  {
    name: 'GET /lists/:id (shared)',
    request: () => ({ method: 'GET', url: `/api/lists/${sharedList}` }),
    expected: sameReads(200),
  },
  {
    name: 'POST /lists/:id/add-to-cart (shared)',
    request: () => ({ method: 'POST', url: `/api/lists/${sharedList}/add-to-cart` }),
    expected: sameReads(200),
  },
  {
    name: 'PATCH /lists/:id (shared)',
    request: () => ({ method: 'PATCH', url: `/api/lists/${sharedList}`, payload: { name: 'Shared' } }),
    expected: sameAdminEdits(200),
  },
  {
    name: 'PUT /lists/:id/lines/:productId (shared)',
    request: () => ({
      method: 'PUT',
      url: `/api/lists/${sharedList}/lines/${productId}`,
      payload: { quantity: 2 },
    }),
    expected: sameAdminEdits(200),
  },
  {
    name: 'PUT /lists/:id/shared',
    request: () => ({ method: 'PUT', url: `/api/lists/${sharedList}/shared`, payload: { shared: true } }),
    expected: by({ none: 404, buyer: 403, approver: 403, admin: 403 }, { buyer: 404, approver: 404, admin: 404 }),
  },
  {
    name: 'DELETE /lists/:id (shared)',
    request: async () => ({ method: 'DELETE', url: `/api/lists/${await newSharedList()}` }),
    expected: sameAdminEdits(204),
  },
];

const CALLERS: Caller[] = [
  { role: 'none', same: false },
  ...(['buyer', 'approver', 'admin', 'catalogue', 'sales'] as const).flatMap((role) => [
    { role, same: true },
    { role, same: false },
  ]),
];

const CASES = ROUTES.flatMap((route) => CALLERS.map((caller) => ({ route, caller, who: key(caller) })));

describe(`the authorization matrix: ${CALLERS.length} callers × ${ROUTES.length} routes = ${CASES.length} cases`, () => {
  test('the matrix covers every caller and route', () => {
    expect(CASES).toHaveLength(11 * ROUTES.length);
  });

  test.each(CASES.map((c) => ({ ...c, name: c.route.name })))('$name by $who', async ({ route, caller }) => {
    // The no-company caller who creates a company must stay without one for the other cases.
    const user = route.name === 'POST /companies' && caller.role === 'none' ? await createUser() : users[key(caller)];
    if (!user) throw new Error(`no user ${key(caller)}`);
    const request = await route.request(caller);
    const res = await co.call(user, request.method, request.url, request.payload);
    const expected = route.expected(caller);
    expect(res.statusCode, `${route.name} by ${key(caller)}: ${res.body}`).toBe(expected);
    if (expected >= 400) {
      expect(res.json<{ code: string }>().code).toBe(
        expected === 404 ? 'NOT_FOUND' : expected === 403 ? 'FORBIDDEN' : 'ALREADY_IN_COMPANY',
      );
    } else {
      route.check?.(caller, res.body);
    }
    // The carts that add-to-cart filled are emptied (their holds return the stock).
    if (route.name.startsWith('POST /lists/:id/add-to-cart')) {
      for (const item of await t.api.cart(user)) await t.api.removeFromCart(user, item._id);
    }
  });

  test('no invitation of company A is listed to anyone but its email', async () => {
    const invitations = (await co.call(users['admin-B'] ?? orderBuyer, 'GET', '/api/invitations')).json<Invitation[]>();
    expect(invitations).toEqual([]);
  });
});
