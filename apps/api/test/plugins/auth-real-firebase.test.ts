import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEMO_PROJECT_ID, type ErrorBody } from '@b2b/shared';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createUser, forgeEmulatorToken, type TestUser } from '../helpers/users.js';

/*
 * Without FIREBASE_AUTH_EMULATOR_HOST the API is in "real Firebase" mode: firebase-admin
 * verifies Google's RS256 signatures, so the emulator's unsigned tokens must be refused.
 * firebase-admin reads that variable from process.env itself, so this file (its own worker)
 * removes it after signing a user up with the emulator.
 */

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  user = await createUser();
  t = await createTestApp({
    env: {
      FIREBASE_AUTH_EMULATOR_HOST: undefined,
      FIREBASE_API_KEY: 'test-api-key',
      FIREBASE_PROJECT_ID: DEMO_PROJECT_ID,
    },
  });
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
});
afterAll(async () => t.close());

test('the app runs in real-Firebase mode', () => {
  expect(t.config.firebase.emulatorHost).toBeNull();
  expect(t.config.web.authEmulatorUrl).toBeNull();
});

test('a genuine emulator token is refused', async () => {
  const res = await t.api.addProductRaw(user);
  expect(res.statusCode).toBe(401);
  expect(res.json<ErrorBody>().code).toBe('UNAUTHENTICATED');
});

test('a forged unsigned token is refused', async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/carts/${encodeURIComponent('forged@example.com')}`,
    headers: { authorization: `Bearer ${forgeEmulatorToken()}` },
  });
  expect(res.statusCode).toBe(401);
});

test('public routes still work', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200);
  const config = await t.app.inject({ method: 'GET', url: '/api/config' });
  expect(config.json()).toEqual({
    firebase: {
      apiKey: 'test-api-key',
      authDomain: `${DEMO_PROJECT_ID}.firebaseapp.com`,
      projectId: DEMO_PROJECT_ID,
    },
    authEmulatorUrl: null,
  });
});
