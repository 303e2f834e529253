import type { Auth } from 'firebase/auth';
import { beforeEach, expect, test, vi } from 'vitest';

const firebaseAuth = vi.hoisted(() => ({
  signInWithPopup: vi.fn(),
  signInWithRedirect: vi.fn(),
  signInWithCredential: vi.fn(),
  getRedirectResult: vi.fn(),
  credential: vi.fn((idToken: string) => ({ providerId: 'google.com', idToken })),
}));

vi.mock('firebase/auth', () => ({
  GoogleAuthProvider: class {
    static credential = firebaseAuth.credential;
    providerId = 'google.com';
  },
  signInWithPopup: firebaseAuth.signInWithPopup,
  signInWithRedirect: firebaseAuth.signInWithRedirect,
  signInWithCredential: firebaseAuth.signInWithCredential,
  getRedirectResult: firebaseAuth.getRedirectResult,
}));

const { googleSignInMode, signInWithGoogle } = await import('./google-sign-in');

const auth = { name: 'fake-auth' } as unknown as Auth;
const realConfig = { authEmulatorUrl: null };
const emulatorConfig = { authEmulatorUrl: 'http://127.0.0.1:9099' };
const identity = { sub: 'google-test-ann', email: 'ann@example.com', name: 'Ann', picture: 'http://x/a.svg' };

beforeEach(() => {
  Object.values(firebaseAuth).forEach((fn) => fn.mockClear());
});

test('a real Firebase config uses the popup', () => {
  expect(googleSignInMode(realConfig)).toBe('popup');
  expect(googleSignInMode(emulatorConfig)).toBe('account-chooser');
});

test('with a real config, sign-in opens the Google popup and nothing else', async () => {
  const credential = { user: { uid: 'u1' } };
  firebaseAuth.signInWithPopup.mockResolvedValue(credential);

  await expect(signInWithGoogle(auth, googleSignInMode(realConfig))).resolves.toBe(credential);

  expect(firebaseAuth.signInWithPopup).toHaveBeenCalledTimes(1);
  expect(firebaseAuth.signInWithPopup.mock.calls[0]?.[0]).toBe(auth);
  expect(firebaseAuth.signInWithRedirect).not.toHaveBeenCalled();
  expect(firebaseAuth.signInWithCredential).not.toHaveBeenCalled();
});

test('when the browser blocks the popup, sign-in falls back to a redirect', async () => {
  firebaseAuth.signInWithPopup.mockRejectedValue(Object.assign(new Error('blocked'), { code: 'auth/popup-blocked' }));
  firebaseAuth.signInWithRedirect.mockResolvedValue(undefined);

  await expect(signInWithGoogle(auth, 'popup')).resolves.toBeNull();

  expect(firebaseAuth.signInWithRedirect).toHaveBeenCalledTimes(1);
  expect(firebaseAuth.signInWithRedirect.mock.calls[0]?.[1]).toBe(firebaseAuth.signInWithPopup.mock.calls[0]?.[1]);
});

test('other popup failures are passed on without a redirect', async () => {
  const closed = Object.assign(new Error('closed'), { code: 'auth/popup-closed-by-user' });
  firebaseAuth.signInWithPopup.mockRejectedValue(closed);

  await expect(signInWithGoogle(auth, 'popup')).rejects.toBe(closed);
  expect(firebaseAuth.signInWithRedirect).not.toHaveBeenCalled();
});

test('with the emulator, the chosen identity signs in through a Google credential', async () => {
  firebaseAuth.signInWithCredential.mockResolvedValue({ user: { uid: 'u2' } });

  await signInWithGoogle(auth, googleSignInMode(emulatorConfig), identity);

  expect(firebaseAuth.signInWithPopup).not.toHaveBeenCalled();
  const idToken = firebaseAuth.credential.mock.calls[0]?.[0] ?? '';
  expect(JSON.parse(idToken)).toEqual({ ...identity, email_verified: true });
  expect(firebaseAuth.signInWithCredential).toHaveBeenCalledWith(auth, { providerId: 'google.com', idToken });
});

test('the account chooser needs an identity', async () => {
  await expect(signInWithGoogle(auth, 'account-chooser')).rejects.toThrow('Choose a Google account to continue.');
  expect(firebaseAuth.signInWithCredential).not.toHaveBeenCalled();
});
