import { expect, test } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-client';
import { errorMessage } from './errors';

const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

test('API errors show the server message', () => {
  const error = new ApiError({ status: 409, code: 'INSUFFICIENT_STOCK', message: 'Only 4 units are left in stock.' });
  expect(errorMessage(error)).toBe('Only 4 units are left in stock.');
});

test.each([
  ['auth/invalid-credential', 'The email or password is incorrect.'],
  ['auth/wrong-password', 'The email or password is incorrect.'],
  ['auth/user-not-found', 'No account exists with this email address.'],
  ['auth/email-already-in-use', 'An account with this email address already exists. Try logging in instead.'],
  ['auth/network-request-failed', 'Could not reach the sign-in service. Check your connection and try again.'],
  ['auth/popup-blocked', 'The browser blocked the Google sign-in window. Allow pop-ups for this site and try again.'],
])('Firebase %s becomes a sentence', (code, sentence) => {
  expect(errorMessage(firebaseError(code))).toBe(sentence);
});

test.each([
  'auth/weak-password',
  'auth/password-does-not-meet-requirements',
  'auth/invalid-email',
  'auth/popup-closed-by-user',
  'auth/cancelled-popup-request',
  'auth/too-many-requests',
  'auth/unauthorized-domain',
  'auth/invalid-api-key',
  'auth/user-mismatch',
  'auth/multi-factor-auth-required',
])('Firebase %s never shows its raw code', (code) => {
  const message = errorMessage(firebaseError(code));
  expect(message).not.toContain('auth/');
  expect(message).not.toContain('Firebase');
  expect(message).toMatch(/\.$/);
});

test('an unknown Firebase code still reads as a sentence', () => {
  expect(errorMessage(firebaseError('auth/something-new'))).toBe('Sign-in failed. Please try again.');
});

test('a failed fetch reads as a connection problem', () => {
  expect(errorMessage(new TypeError('Failed to fetch'))).toBe(NETWORK_ERROR_MESSAGE);
});

test('anything else falls back to a generic sentence', () => {
  expect(errorMessage(new Error('Plain message.'))).toBe('Plain message.');
  expect(errorMessage({})).toBe('Something went wrong. Please try again.');
  expect(errorMessage(undefined)).toBe('Something went wrong. Please try again.');
});
