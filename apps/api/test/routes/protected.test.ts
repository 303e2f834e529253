import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ErrorBody } from '@b2b/shared';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertProduct, productBody } from '../helpers/factories.js';
import { createUser, type TestUser } from '../helpers/users.js';

/* Every route that needs a user: 401 without a token, 403 with someone else's. */

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let productId: string;
let cartItemId: string;

beforeAll(async () => {
  t = await createTestApp();
  [owner, stranger] = await Promise.all([createUser(), createUser()]);
  productId = await insertProduct(t.database.db, owner, { quantity: 100 });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/carts',
    headers: owner.headers,
    payload: { productId, buyQuantity: 1 },
  });
  cartItemId = res.json<{ insertedId: string }>().insertedId;
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Case {
  method: Method;
  url: () => string;
  payload?: () => Record<string, unknown>;
  /** false: any signed-in user may call it, so there is no 403 case. */
  owned: boolean;
}

const cases: Record<string, Case> = {
  'POST /products': { method: 'POST', url: () => '/api/products', payload: () => productBody(), owned: false },
  'PUT /products/:id': {
    method: 'PUT',
    url: () => `/api/products/${productId}`,
    payload: () => ({ name: 'x' }),
    owned: true,
  },
  'DELETE /products/:id': { method: 'DELETE', url: () => `/api/products/${productId}`, owned: true },
  'PATCH /products/quantity/:id': {
    method: 'PATCH',
    url: () => `/api/products/quantity/${productId}`,
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
    payload: () => ({ productId, buyQuantity: 1 }),
    owned: false,
  },
  'GET /carts/:email': { method: 'GET', url: () => `/api/carts/${encodeURIComponent(owner.email)}`, owned: true },
  'DELETE /carts/:id': { method: 'DELETE', url: () => `/api/carts/${cartItemId}`, owned: true },
};

test.each(Object.entries(cases))('%s: 401 without a token or with a bad one', async (_name, c) => {
  for (const authorization of [
    undefined,
    '',
    'Bearer',
    'Bearer not.a.token',
    `Basic ${owner.idToken}`,
    owner.idToken,
  ]) {
    const res = await t.app.inject({
      method: c.method,
      url: c.url(),
      ...(authorization === undefined ? {} : { headers: { authorization } }),
      ...(c.payload ? { payload: c.payload() } : {}),
    });
    expect(res.statusCode, `authorization: ${String(authorization).slice(0, 20)}`).toBe(401);
    expect(res.json<ErrorBody>()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED', error: 'Unauthorized' });
  }
});

test('401 comes before validation: an anonymous bad body learns nothing', async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/products', payload: { name: 42 } });
  expect(res.statusCode).toBe(401);
});

const owned = Object.entries(cases).filter(([, c]) => c.owned);

test.each(owned)("%s: 403 with another user's token, and nothing changes", async (_name, c) => {
  const res = await t.app.inject({
    method: c.method,
    url: c.url(),
    headers: stranger.headers,
    ...(c.payload ? { payload: c.payload() } : {}),
  });
  expect(res.statusCode).toBe(403);
  expect(res.json<ErrorBody>()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN', error: 'Forbidden' });
  const product = await t.app.inject({ method: 'GET', url: `/api/products/${productId}` });
  expect(product.json()).toMatchObject({ quantity: 99 });
  const cart = await t.app.inject({
    method: 'GET',
    url: `/api/carts/${encodeURIComponent(owner.email)}`,
    headers: owner.headers,
  });
  expect(cart.json<unknown[]>()).toHaveLength(1);
});

test('the owner passes every check (the 403s above are about ownership only)', async () => {
  // Deletions last, so every earlier call still finds its product and cart item.
  const order = [
    'PUT /products/:id',
    'PATCH /products/quantity/:id',
    'GET /my-products/:email',
    'GET /carts/:email',
    'DELETE /carts/:id',
    'DELETE /products/:id',
  ];
  expect([...order].sort()).toEqual(owned.map(([name]) => name).sort());
  for (const name of order) {
    const c = cases[name] as Case;
    const res = await t.app.inject({
      method: c.method,
      url: c.url(),
      headers: owner.headers,
      ...(c.payload ? { payload: c.payload() } : {}),
    });
    expect(res.statusCode, name).toBe(200);
  }
});
