import { buildCartItem, buildProduct } from '@b2b/shared/testing';
import type { AuthUser } from '@/lib/auth';

/* Test data factories: the shared ones for API shapes, plus the signed-in user of the web app. */

let sequence = 0;

export function createUser(overrides: Partial<AuthUser> = {}): AuthUser {
  const n = ++sequence;
  return {
    uid: `uid-${n}`,
    email: `buyer${n}@example.com`,
    displayName: `Buyer ${n}`,
    photoURL: null,
    ...overrides,
  };
}

export { buildProduct as createProduct, buildCartItem as createCartItem };
