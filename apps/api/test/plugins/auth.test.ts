import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ErrorBody, Product } from '@b2b/shared';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { productBody } from '../helpers/factories.js';
import { createUser, forgeEmulatorToken, withClaims, type TestUser } from '../helpers/users.js';

let t: TestApp;
let known: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  known = await createUser();
});
afterAll(async () => t.close());

const createProduct = (authorization: string) =>
  t.app.inject({ method: 'POST', url: '/api/products', headers: { authorization }, payload: productBody() });

test('a real emulator ID token is accepted', async () => {
  const user = await createUser();
  expect((await createProduct(`Bearer ${user.idToken}`)).statusCode).toBe(201);
  // The scheme is case-insensitive, as in RFC 7235.
  expect((await createProduct(`bearer ${user.idToken}`)).statusCode).toBe(201);
});

// The emulator's tokens are unsigned, so variants of a real user's token can be built here.
// In emulator mode firebase-admin also checks that the user exists and the token is not revoked.

test('a forged token for a user that does not exist is refused', async () => {
  expect((await createProduct(`Bearer ${forgeEmulatorToken()}`)).statusCode).toBe(401);
});

test('a well-formed token of an existing user is accepted (the control for the cases below)', async () => {
  expect((await createProduct(`Bearer ${withClaims(known, {})}`)).statusCode).toBe(201);
});

test('an expired token is refused with a clear message', async () => {
  const now = Math.floor(Date.now() / 1000);
  const res = await createProduct(`Bearer ${withClaims(known, { exp: now - 60 })}`);
  expect(res.statusCode).toBe(401);
  expect(res.json<ErrorBody>()).toMatchObject({ code: 'UNAUTHENTICATED', message: expect.stringMatching(/expired/) });
});

test('a token for another project is refused', async () => {
  const res = await createProduct(
    `Bearer ${withClaims(known, { aud: 'other-project', iss: 'https://securetoken.google.com/other-project' })}`,
  );
  expect(res.statusCode).toBe(401);
});

test('a token without an email is refused', async () => {
  const res = await createProduct(`Bearer ${withClaims(known, { email: undefined })}`);
  expect(res.statusCode).toBe(401);
  expect(res.json<ErrorBody>().message).toMatch(/email/);
});

test("displayName falls back to the email's local part; emails are stored lower-case", async () => {
  const user = await createUser({ displayName: null, email: `Mixed.Case-${Date.now()}@Example.com` });
  const email = user.email.toLowerCase();
  const productId = await t.api.addProduct(user, { quantity: 10, minSellQty: 1 });
  const product = (
    await t.app.inject({ method: 'GET', url: `/api/products/${productId}`, headers: user.headers })
  ).json<Product>();
  expect(product.email).toBe(email);
  await t.api.buy(user, productId, 1);
  const cart = await t.app.inject({
    method: 'GET',
    url: `/api/carts/${encodeURIComponent(email)}`,
    headers: user.headers,
  });
  expect(cart.json()).toEqual([expect.objectContaining({ userEmail: email, displayName: email.split('@')[0] })]);
});
