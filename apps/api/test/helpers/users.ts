import { randomUUID } from 'node:crypto';
import { emulatorHost, TEST_PROJECT_ID } from './env.js';

export interface TestUser {
  uid: string;
  email: string;
  displayName: string | null;
  idToken: string;
  /** Headers for app.inject. */
  headers: { authorization: string };
}

interface SignUpResponse {
  localId: string;
  email: string;
  idToken: string;
}

/** Signs a brand-new user up through the Auth Emulator's REST API, like the web SDK does. */
export async function createUser(
  // host: another Auth Emulator than the suite's.
  options: { email?: string; displayName?: string | null; host?: string } = {},
): Promise<TestUser> {
  const host = options.host ?? emulatorHost();
  const email = options.email ?? `user-${randomUUID()}@example.com`;
  const displayName = options.displayName === undefined ? 'Test Buyer' : options.displayName;
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: 'Secret#123',
      returnSecureToken: true,
      ...(displayName ? { displayName } : {}),
    }),
  });
  if (!response.ok) throw new Error(`signUp failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as SignUpResponse;
  return {
    uid: body.localId,
    email: body.email,
    displayName,
    idToken: body.idToken,
    headers: { authorization: `Bearer ${body.idToken}` },
  };
}

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
  const response = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:delete?key=fake`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken: user.idToken }),
  });
  if (!response.ok) throw new Error(`accounts:delete failed: ${response.status} ${await response.text()}`);
}
