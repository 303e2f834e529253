import { afterEach, beforeEach, expect, test, vi } from 'vitest';

const sdk = vi.hoisted(() => ({
  startFirebase: vi.fn((body: unknown) => ({
    config: body,
    auth: {
      authStateReady: async () => {},
      currentUser: { getIdToken: async () => 'id-token' },
    },
  })),
}));
vi.mock('@/lib/firebase-sdk', () => sdk);

const { getIdToken } = await import('./firebase');
const { writeSessionHint } = await import('./session-hint');

const fetchMock = vi.fn(async () => Response.json({ firebase: {} }));

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => fetchMock.mockClear());

test('signed out (or never signed in), API calls get no token and the SDK is not loaded', async () => {
  await expect(getIdToken()).resolves.toBeNull();
  writeSessionHint(null);
  await expect(getIdToken()).resolves.toBeNull();
  expect(sdk.startFirebase).not.toHaveBeenCalled();
  expect(fetchMock).not.toHaveBeenCalled();
});

test("a returning user's unexpired token is used at once, before the SDK is even loaded", async () => {
  writeSessionHint(
    { uid: 'u', email: 'a@b.c', displayName: 'A', photoURL: null },
    { value: 'cached-token', expiresAt: Date.now() + 3_600_000 },
  );
  await expect(getIdToken()).resolves.toBe('cached-token');
  expect(sdk.startFirebase).not.toHaveBeenCalled();
});

test('signed in last time, the token comes from Firebase, started once with the served settings', async () => {
  writeSessionHint({ uid: 'u', email: 'a@b.c', displayName: 'A', photoURL: null });
  await expect(getIdToken()).resolves.toBe('id-token');
  await expect(getIdToken()).resolves.toBe('id-token');
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(fetchMock).toHaveBeenCalledWith('/api/config', expect.anything());
  expect(sdk.startFirebase).toHaveBeenCalledTimes(1);
  expect(sdk.startFirebase).toHaveBeenCalledWith({ firebase: {} });
});
