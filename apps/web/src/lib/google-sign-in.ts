import type { WebConfig } from '@b2b/shared';
import type { Auth, UserCredential } from 'firebase/auth';
import { markGoogleRedirect } from '@/lib/session-hint';

/*
 * Which way 'Login with Google' goes (docs/architecture.md, "Identity"). Offline, the SDK's
 * popup and redirect fail even against the Auth Emulator (they load apis.google.com), so with
 * the emulator the app shows its own account chooser and signs in with a Google credential
 * built from the chosen test identity, the emulator's test path. With real Firebase it opens
 * Google's popup and falls back to a full-page redirect when the browser blocks popups.
 * The SDK functions are imported when called: this module is light until someone signs in.
 */

export type GoogleSignInMode = 'account-chooser' | 'popup';

/** A Google identity the emulator accepts; `picture` must be an absolute URL. */
export type GoogleIdentity = { sub: string; email: string; name: string; picture: string };

export function googleSignInMode(config: Pick<WebConfig, 'authEmulatorUrl'>): GoogleSignInMode {
  return config.authEmulatorUrl ? 'account-chooser' : 'popup';
}

/** The same, from the settings as the server sent them, before the SDK has checked them. */
export function googleSignInModeOf(settings: unknown): GoogleSignInMode {
  const url = (settings as { authEmulatorUrl?: unknown } | null)?.authEmulatorUrl;
  return googleSignInMode({ authEmulatorUrl: typeof url === 'string' ? url : null });
}

function isPopupBlocked(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'auth/popup-blocked';
}

/**
 * Signs in with Google. Resolves with the credential, or with null when the browser is
 * being sent to Google (redirect); the result then arrives through completeGoogleRedirect.
 */
export async function signInWithGoogle(
  auth: Auth,
  mode: GoogleSignInMode,
  identity?: GoogleIdentity,
): Promise<UserCredential | null> {
  if (mode === 'account-chooser' && !identity) throw new Error('Choose a Google account to continue.');
  const { GoogleAuthProvider, signInWithCredential, signInWithPopup, signInWithRedirect } =
    await import('firebase/auth');
  if (mode === 'account-chooser' && identity) {
    const idToken = JSON.stringify({ ...identity, email_verified: true });
    return signInWithCredential(auth, GoogleAuthProvider.credential(idToken));
  }
  const provider = new GoogleAuthProvider();
  try {
    return await signInWithPopup(auth, provider);
  } catch (error) {
    if (!isPopupBlocked(error)) throw error;
    markGoogleRedirect();
    await signInWithRedirect(auth, provider);
    return null;
  }
}

/** After a redirect sign-in the page reloads; this picks up its result (null when there was none). */
export async function completeGoogleRedirect(auth: Auth): Promise<UserCredential | null> {
  const { getRedirectResult } = await import('firebase/auth');
  return getRedirectResult(auth);
}

/** A stable subject per email, so choosing the same address signs into the same account. */
export function subjectForEmail(email: string): string {
  return `google-test-${email.trim().toLowerCase()}`;
}
