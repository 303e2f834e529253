import { getFirebase } from '@/lib/firebase';
import { readSessionHint, writeSessionHint } from '@/lib/session-hint';

/*
 * Account actions beyond signing in: password reset (from the login page and the link in the
 * reset email), profile fields and password changes. Like every sign-in action they load
 * Firebase on demand (lib/firebase.ts): a page that never calls them never downloads the SDK.
 */

/** The app's own page for the reset link (a real project's email template points here too). */
export const RESET_PASSWORD_PATH = '/reset-password';

/**
 * A Firebase error this module turns into a sentence of its own. It has a `reason`, not a
 * `code`, so lib/errors.ts shows its message as it is.
 */
export class AccountError extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'AccountError';
  }
}

const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

const RESET_LINK_MESSAGES: Record<string, string> = {
  'auth/expired-action-code': 'This reset link has expired. Ask for a new one from the login page.',
  'auth/invalid-action-code':
    'This reset link is not valid: it may have been used already. Ask for a new one from the login page.',
  'auth/user-disabled': 'This account has been disabled. Please contact support.',
  'auth/user-not-found': 'The account of this reset link no longer exists.',
};

function resetLinkError(error: unknown): unknown {
  const code = codeOf(error);
  return typeof code === 'string' && RESET_LINK_MESSAGES[code]
    ? new AccountError(code, RESET_LINK_MESSAGES[code])
    : error;
}

/**
 * Sends the password-reset email. Whether an account has this address is not told (it would
 * let anyone find out who has an account): an unknown address resolves like a known one.
 * The link comes back to this app's reset page, and from there to the login page.
 */
export async function sendPasswordReset(email: string): Promise<void> {
  const { auth } = await getFirebase();
  const { sendPasswordResetEmail } = await import('firebase/auth');
  try {
    await sendPasswordResetEmail(auth, email, { url: `${window.location.origin}/login` });
  } catch (error) {
    if (codeOf(error) === 'auth/user-not-found') return;
    throw error;
  }
}

/** Checks a reset link's code; resolves with the account's email. */
export async function checkPasswordResetCode(code: string): Promise<string> {
  const { auth } = await getFirebase();
  const { verifyPasswordResetCode } = await import('firebase/auth');
  try {
    return await verifyPasswordResetCode(auth, code);
  } catch (error) {
    throw resetLinkError(error);
  }
}

/** Sets the new password with a reset link's code (the code is then used up). */
export async function resetPassword(code: string, newPassword: string): Promise<void> {
  const { auth } = await getFirebase();
  const { confirmPasswordReset } = await import('firebase/auth');
  try {
    await confirmPasswordReset(auth, code, newPassword);
  } catch (error) {
    throw resetLinkError(error);
  }
}

async function currentUser() {
  const { auth } = await getFirebase();
  await auth.authStateReady();
  if (!auth.currentUser) throw new AccountError('no-current-user', 'Your session has ended. Sign in again.');
  return auth.currentUser;
}

/** Whether the signed-in account has a password (Google-only accounts have none to change). */
export async function hasPassword(): Promise<boolean> {
  const user = await currentUser();
  return user.providerData.some((provider) => provider.providerId === 'password');
}

/**
 * Saves the Firebase profile fields, then reloads the user: the reload tells AuthProvider
 * (onIdTokenChanged), so the navbar shows the new name and photo at once, and a fresh ID token
 * carries the new name to the API.
 */
export async function updateAccountProfile(profile: { displayName: string; photoURL: string }): Promise<void> {
  const user = await currentUser();
  const { updateProfile } = await import('firebase/auth');
  await updateProfile(user, { displayName: profile.displayName, photoURL: profile.photoURL || null });
  await user.reload();
  await user.getIdToken(true);
}

/** Changes the password after signing in again with the current one, as Firebase requires. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const user = await currentUser();
  const { EmailAuthProvider, reauthenticateWithCredential, updatePassword } = await import('firebase/auth');
  try {
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email ?? '', currentPassword));
  } catch (error) {
    const code = codeOf(error);
    if (
      code === 'auth/wrong-password' ||
      code === 'auth/invalid-credential' ||
      code === 'auth/invalid-login-credentials'
    ) {
      throw new AccountError(String(code), 'The current password is not correct.');
    }
    throw error;
  }
  await updatePassword(user, newPassword);
  // The change revokes the tokens of every sign-in before it. The token updatePassword hands
  // back keeps the re-authentication's sign-in time, which the Auth Emulator's verification
  // (it always checks revocation) refuses once the change fell in a later second; signing in
  // with the new password gives a token no check refuses. Then the session hint gets it before
  // anything can reload the page, or the reloaded page would send a revoked one.
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email ?? '', newPassword));
  const fresh = await user.getIdTokenResult();
  const hinted = readSessionHint();
  if (hinted?.uid === user.uid) {
    writeSessionHint(hinted, { value: fresh.token, expiresAt: Date.parse(fresh.expirationTime) });
  }
}
