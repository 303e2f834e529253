import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { DEMO_PROJECT_ID } from '@b2b/shared';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { emulatorHost } from '../helpers/env.js';
import { createUser, type TestUser } from '../helpers/users.js';

/*
 * firebase-admin decides on every call, from process.env.FIREBASE_AUTH_EMULATOR_HOST, whether to
 * skip signature checks. The API must follow its validated config instead (lib/firebase.ts): a
 * stray (or blank) variable must never make a real-Firebase API accept unsigned tokens, and an
 * emulator API must not depend on the variable either.
 */

let host: string;
let user: TestUser;
let real: TestApp;
let emulated: TestApp;

beforeAll(async () => {
  host = emulatorHost();
  user = await createUser();
  real = await createTestApp({
    env: {
      FIREBASE_AUTH_EMULATOR_HOST: undefined,
      FIREBASE_API_KEY: 'test-api-key',
      FIREBASE_PROJECT_ID: DEMO_PROJECT_ID,
    },
  });
  // Building a real-Firebase app removed the variable (lib/firebase.ts); the helpers need it.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  emulated = await createTestApp();
});
afterEach(() => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
});
afterAll(async () => {
  await real.close();
  await emulated.close();
});

const create = (app: TestApp) => app.api.addProductRaw(user);

test.each([
  ['the emulator address', () => host],
  ['blank', () => ' '],
])('real-Firebase mode refuses emulator tokens while the variable says %s', async (_what, value) => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = value();
  const res = await create(real);
  expect(res.statusCode).toBe(401);
});

test('emulator mode follows its config even when the variable is gone', async () => {
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  expect((await create(emulated)).statusCode).toBe(201);
});
