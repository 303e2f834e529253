import { randomUUID } from 'node:crypto';
import { authEmulator } from '@b2b/shared/testing/auth-emulator';
import type { AuthUser } from '../../src/plugins/app/auth.js';
import { emulatorHost, TEST_PROJECT_ID } from './env.js';

export interface TestUser {
  uid: string;
  email: string;
  displayName: string | null;
  idToken: string;
  /** Headers for app.inject. */
  headers: { authorization: string };
}

/** The suite's Auth Emulator, or (host) another one. */
export const testEmulator = (host = emulatorHost()) => authEmulator(host, TEST_PROJECT_ID);

/** Signs a brand-new user up through the Auth Emulator's REST API, like the web SDK does. */
export async function createUser(
  // host: another Auth Emulator than the suite's.
  options: { email?: string; displayName?: string | null; host?: string } = {},
): Promise<TestUser> {
  const displayName = options.displayName === undefined ? 'Test Buyer' : options.displayName;
  const session = await testEmulator(options.host).signUp({
    email: options.email ?? `user-${randomUUID()}@example.com`,
    password: 'Secret#123',
    ...(displayName ? { displayName } : {}),
  });
  return {
    uid: session.uid,
    email: session.email,
    displayName,
    idToken: session.idToken,
    headers: { authorization: `Bearer ${session.idToken}` },
  };
}

/** One new user per display name, signed up side by side: `[seller, buyer] = await createUsers('Sid', 'Bea')`. */
export async function createUsers<const Names extends readonly string[]>(
  ...displayNames: Names
): Promise<{ [K in keyof Names]: TestUser }> {
  const users = await Promise.all(displayNames.map((displayName) => createUser({ displayName })));
  return users as { [K in keyof Names]: TestUser };
}

/** The user as the repositories take it from a verified token, for calling them without a request. */
export const asAuthUser = (user: TestUser): AuthUser => ({
  uid: user.uid,
  email: user.email,
  displayName: user.displayName ?? 'Buyer',
});

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A user's real emulator token with some claims changed (undefined removes one). */
export function withClaims(user: TestUser, claims: Record<string, unknown>): string {
  const payload = JSON.parse(Buffer.from(user.idToken.split('.')[1] ?? '', 'base64url').toString()) as object;
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...payload, ...claims })}.`;
}

/** An unsigned token shaped like the emulator's, for a user that does not exist. */
export function forgeEmulatorToken(claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${TEST_PROJECT_ID}`,
    aud: TEST_PROJECT_ID,
    auth_time: now - 60,
    iat: now - 60,
    exp: now + 3600,
    sub: `forged-${randomUUID()}`,
    user_id: 'forged',
    email: 'forged@example.com',
    firebase: { identities: {}, sign_in_provider: 'password' },
    ...claims,
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}

/** Deletes the account in the Auth Emulator, so its email address can be signed up again. */
export async function deleteUser(user: TestUser): Promise<void> {
  await testEmulator().deleteSelf(user.idToken);
}
