import { expect } from 'vitest';
import type { companyClient } from './companies.js';
import { createUser, type TestUser } from './users.js';

/*
 * The calls a route test makes over and over, on a company client made in its beforeAll (hence
 * the getter): one that must answer `status` with a body, one that must refuse, and a user the
 * shop knows (signed in once, so a seller can name them by email).
 */
export function callsOf(client: () => ReturnType<typeof companyClient>) {
  async function ok<T>(user: TestUser, method: string, url: string, payload?: unknown, status = 200): Promise<T> {
    const res = await client().call(user, method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json<T>();
  }
  async function refused(user: TestUser, method: string, url: string, status: number, payload?: unknown) {
    const res = await client().call(user, method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json<{ code: string; message: string; details?: { field: string; message: string }[] }>();
  }
  async function known(): Promise<TestUser> {
    const user = await createUser();
    await ok(user, 'GET', '/api/profile');
    return user;
  }
  return { ok, refused, known };
}
