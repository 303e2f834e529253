import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';

/*
 * One helper turns anything thrown into a sentence for the user: API errors carry the
 * server's own message, Firebase errors carry a code that is mapped here.
 */

const FIREBASE_MESSAGES: Record<string, string> = {
  'auth/wrong-password': 'The email or password is incorrect.',
  'auth/invalid-credential': 'The email or password is incorrect.',
  'auth/invalid-login-credentials': 'The email or password is incorrect.',
  'auth/user-not-found': 'No account exists with this email address.',
  'auth/email-already-in-use': 'An account with this email address already exists. Try logging in instead.',
  'auth/weak-password': 'The password is too weak. Use at least 6 characters.',
  'auth/password-does-not-meet-requirements':
    'The password does not meet the requirements: use a lowercase letter, an uppercase letter, a number and a special character.',
  'auth/invalid-email': 'The email address is not valid.',
  'auth/missing-password': 'Please enter your password.',
  'auth/user-disabled': 'This account has been disabled. Please contact support.',
  'auth/popup-closed-by-user': 'The Google sign-in window was closed before sign-in finished.',
  'auth/popup-blocked': 'The browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
  'auth/cancelled-popup-request': 'Another sign-in window is already open. Finish or close it first.',
  'auth/network-request-failed': 'Could not reach the sign-in service. Check your connection and try again.',
  'auth/too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  'auth/unauthorized-domain': 'Sign-in is not enabled for this website address. Please contact support.',
  'auth/invalid-api-key': 'The sign-in service is not configured correctly. Please contact support.',
  'auth/user-mismatch': 'The account you chose does not match the signed-in user.',
  'auth/multi-factor-auth-required': 'This account needs a second sign-in step, which this website does not support.',
  'auth/account-exists-with-different-credential':
    'An account already exists with this email address. Log in with your email and password instead.',
  'auth/operation-not-allowed': 'This sign-in method is not enabled. Please contact support.',
  'auth/internal-error': 'The sign-in service had a problem. Please try again.',
};

const FALLBACK = 'Something went wrong. Please try again.';

function hasCode(error: unknown): error is { code: string } {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string';
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (hasCode(error) && error.code.startsWith('auth/')) {
    return FIREBASE_MESSAGES[error.code] ?? 'Sign-in failed. Please try again.';
  }
  // fetch() rejects with a TypeError whose wording differs per browser.
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) {
    return NETWORK_ERROR_MESSAGE;
  }
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return FALLBACK;
}
