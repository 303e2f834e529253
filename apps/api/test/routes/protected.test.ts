import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ErrorBody } from '@b2b/shared';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertProduct, productBody } from '../helpers/factories.js';
import { createUser, type TestUser } from '../helpers/users.js';

/*
 * Every route that needs a user: 401 without a token, 403 with someone else's, 200 for the
 * owner. Each test buys into a product of its own, so no test depends on what another did.
 */

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [owner, stranger] = await Promise.all([createUser(), createUser()]);
});
afterAll(async () => t.close());

/** A product of the owner's with 100 in stock, of which the owner has bought 1. */
interface Fixture {
  productId: string;
  cartItemId: string;
}

async function ownerWithPurchase(): Promise<Fixture> {
  const productId = await insertProduct(t.database.db, owner, { quantity: 100, minSellQty: 1 });
  return { productId, cartItemId: await t.api.buy(owner, productId, 1) };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Case {
  method: Method;
  url: (f: Fixture) => string;
  payload?: (f: Fixture) => Record<string, unknown>;
  /** false: any signed-in user may call it, so there is no 403 case. */
  owned: boolean;
}

const cases: Record<string, Case> = {
  'POST /products': { method: 'POST', url: () => '/api/products', payload: () => productBody(), owned: false },
  'PUT /products/:id': {
    method: 'PUT',
    url: (f) => `/api/products/${f.productId}`,
    payload: () => ({ name: 'x' }),
    owned: true,
  },
  'DELETE /products/:id': { method: 'DELETE', url: (f) => `/api/products/${f.productId}`, owned: true },
  'PATCH /products/quantity/:id': {
    method: 'PATCH',
    url: (f) => `/api/products/quantity/${f.productId}`,
    payload: () => ({ decBy: 1 }),
    owned: true,
  },
  'GET /my-products/:email': {
    method: 'GET',
    url: () => `/api/my-products/${encodeURIComponent(owner.email)}`,
    owned: true,
  },
  'POST /carts': {
    method: 'POST',
    url: () => '/api/carts',
    payload: (f) => ({ productId: f.productId, buyQuantity: 1 }),
    owned: false,
  },
  'GET /carts/:email': { method: 'GET', url: () => `/api/carts/${encodeURIComponent(owner.email)}`, owned: true },
  'DELETE /carts/:id': { method: 'DELETE', url: (f) => `/api/carts/${f.cartItemId}`, owned: true },
};

function call(c: Case, f: Fixture, headers?: Record<string, string>) {
  return t.app.inject({
    method: c.method,
    url: c.url(f),
    ...(headers ? { headers } : {}),
    ...(c.payload ? { payload: c.payload(f) } : {}),
  });
}

async function stateOf(f: Fixture) {
  const product = await t.app.inject({ method: 'GET', url: `/api/products/${f.productId}` });
  const cart = await t.app.inject({
    method: 'GET',
    url: `/api/carts/${encodeURIComponent(owner.email)}`,
    headers: owner.headers,
  });
  return {
    quantity: product.json<{ quantity: number }>().quantity,
    inCart: cart.json<{ _id: string }[]>().some((item) => item._id === f.cartItemId),
  };
}

test.each(Object.entries(cases))('%s: 401 without a token or with a bad one, and nothing changes', async (_name, c) => {
  const f = await ownerWithPurchase();
  for (const authorization of [
    undefined,
    '',
    'Bearer',
    'Bearer not.a.token',
    `Basic ${owner.idToken}`,
    owner.idToken,
  ]) {
    const res = await call(c, f, authorization === undefined ? undefined : { authorization });
    expect(res.statusCode, `authorization: ${String(authorization).slice(0, 20)}`).toBe(401);
    expect(res.json<ErrorBody>()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED', error: 'Unauthorized' });
  }
  expect(await stateOf(f)).toEqual({ quantity: 99, inCart: true });
});

test('401 comes before validation: an anonymous bad body learns nothing', async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/products', payload: { name: 42 } });
  expect(res.statusCode).toBe(401);
});

const owned = Object.entries(cases).filter(([, c]) => c.owned);

test.each(owned)("%s: 403 with another user's token, and nothing changes", async (_name, c) => {
  const f = await ownerWithPurchase();
  const res = await call(c, f, stranger.headers);
  expect(res.statusCode).toBe(403);
  expect(res.json<ErrorBody>()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN', error: 'Forbidden' });
  expect(await stateOf(f)).toEqual({ quantity: 99, inCart: true });
});

test.each(owned)('%s: the owner passes (the 403s above are about ownership only)', async (_name, c) => {
  const f = await ownerWithPurchase();
  const res = await call(c, f, owner.headers);
  expect(res.statusCode).toBe(200);
});
