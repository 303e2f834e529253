import { beforeEach, expect, test, vi } from 'vitest';
import {
  changePassword,
  checkPasswordResetCode,
  hasPassword,
  resetPassword,
  sendPasswordReset,
  updateAccountProfile,
} from './account';
import { errorMessage } from './errors';
import { readSessionToken, writeSessionHint } from './session-hint';

/* Firebase is replaced at the module edge; the e2e journey runs these against the Auth Emulator. */

const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

const sdk = vi.hoisted(() => ({
  sendPasswordResetEmail: vi.fn(),
  verifyPasswordResetCode: vi.fn(),
  confirmPasswordReset: vi.fn(),
  updateProfile: vi.fn(),
  reauthenticateWithCredential: vi.fn(),
  updatePassword: vi.fn(),
  EmailAuthProvider: { credential: vi.fn((email: string, password: string) => ({ email, password })) },
}));
const user = {
  uid: 'ann-uid',
  email: 'ann@example.com',
  providerData: [{ providerId: 'password' }],
  reload: vi.fn(),
  getIdToken: vi.fn(),
  getIdTokenResult: vi.fn(async () => ({ token: 'fresh-token', expirationTime: '2030-01-01T00:00:00.000Z' })),
};
const auth = { currentUser: user as typeof user | null, authStateReady: vi.fn(async () => {}) };

vi.mock('firebase/auth', () => sdk);
vi.mock('@/lib/firebase', () => ({ getFirebase: async () => ({ auth, config: {} }) }));

beforeEach(() => {
  for (const fn of Object.values(sdk)) if (typeof fn === 'function') fn.mockReset();
  user.reload.mockReset();
  user.getIdToken.mockReset();
  user.providerData = [{ providerId: 'password' }];
  auth.currentUser = user;
});

test('a reset email is sent with a way back to the app', async () => {
  await sendPasswordReset('ann@example.com');
  expect(sdk.sendPasswordResetEmail).toHaveBeenCalledWith(auth, 'ann@example.com', {
    url: `${window.location.origin}/login`,
  });
});

test('an unknown address resolves like a known one: nobody learns who has an account', async () => {
  sdk.sendPasswordResetEmail.mockRejectedValue(firebaseError('auth/user-not-found'));
  await expect(sendPasswordReset('nobody@example.com')).resolves.toBeUndefined();
});

test('other failures are not hidden', async () => {
  sdk.sendPasswordResetEmail.mockRejectedValue(firebaseError('auth/invalid-email'));
  await expect(sendPasswordReset('x')).rejects.toMatchObject({ code: 'auth/invalid-email' });
});

test('reset codes: checked, then used; a used or expired link says what to do', async () => {
  sdk.verifyPasswordResetCode.mockResolvedValue('ann@example.com');
  await expect(checkPasswordResetCode('code-1')).resolves.toBe('ann@example.com');
  await resetPassword('code-1', 'Newpass#1');
  expect(sdk.confirmPasswordReset).toHaveBeenCalledWith(auth, 'code-1', 'Newpass#1');

  sdk.verifyPasswordResetCode.mockRejectedValue(firebaseError('auth/invalid-action-code'));
  const invalid = await checkPasswordResetCode('used').catch((error: unknown) => error);
  expect(errorMessage(invalid)).toBe(
    'This reset link is not valid: it may have been used already. Ask for a new one from the login page.',
  );
  sdk.confirmPasswordReset.mockRejectedValue(firebaseError('auth/expired-action-code'));
  const expired = await resetPassword('old', 'Newpass#1').catch((error: unknown) => error);
  expect(errorMessage(expired)).toBe('This reset link has expired. Ask for a new one from the login page.');
});

test('a password change signs in again with the current password first', async () => {
  await changePassword('Old#pass1', 'New#pass1');
  expect(sdk.EmailAuthProvider.credential).toHaveBeenCalledWith('ann@example.com', 'Old#pass1');
  expect(sdk.reauthenticateWithCredential).toHaveBeenCalledWith(user, {
    email: 'ann@example.com',
    password: 'Old#pass1',
  });
  expect(sdk.updatePassword).toHaveBeenCalledWith(user, 'New#pass1');
  expect(sdk.reauthenticateWithCredential.mock.invocationCallOrder[0]).toBeLessThan(
    sdk.updatePassword.mock.invocationCallOrder[0] ?? 0,
  );
  // Then once more with the new one, for a token signed in after the change.
  expect(sdk.reauthenticateWithCredential).toHaveBeenLastCalledWith(user, {
    email: 'ann@example.com',
    password: 'New#pass1',
  });
  expect(sdk.reauthenticateWithCredential.mock.invocationCallOrder[1]).toBeGreaterThan(
    sdk.updatePassword.mock.invocationCallOrder[0] ?? Infinity,
  );
});

test('after a password change the session hint holds the fresh token, not the revoked one', async () => {
  const hinted = { uid: 'ann-uid', email: 'ann@example.com', displayName: 'Ann', photoURL: null };
  writeSessionHint(hinted, { value: 'revoked-token', expiresAt: Date.parse('2030-01-01T00:00:00.000Z') });
  await changePassword('Old#pass1', 'New#pass1');
  expect(readSessionToken(Date.parse('2029-01-01T00:00:00.000Z'))).toBe('fresh-token');
  localStorage.clear();
});

test('a wrong current password changes nothing and says so', async () => {
  sdk.reauthenticateWithCredential.mockRejectedValue(firebaseError('auth/invalid-credential'));
  const error = await changePassword('wrong', 'New#pass1').catch((e: unknown) => e);
  expect(errorMessage(error)).toBe('The current password is not correct.');
  expect(sdk.updatePassword).not.toHaveBeenCalled();
});

test('a Google-only account has no password', async () => {
  expect(await hasPassword()).toBe(true);
  user.providerData = [{ providerId: 'google.com' }];
  expect(await hasPassword()).toBe(false);
});

test('profile fields go to Firebase, then the user is reloaded with a fresh token', async () => {
  await updateAccountProfile({ displayName: 'Ann', photoURL: '' });
  expect(sdk.updateProfile).toHaveBeenCalledWith(user, { displayName: 'Ann', photoURL: null });
  expect(user.reload).toHaveBeenCalled();
  expect(user.getIdToken).toHaveBeenCalledWith(true);
});

test('without a signed-in user nothing is changed', async () => {
  auth.currentUser = null;
  const error = await changePassword('a', 'b').catch((e: unknown) => e);
  expect(errorMessage(error)).toBe('Your session has ended. Sign in again.');
});
