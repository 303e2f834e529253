/*
 * What this browser last knew about the sign-in, kept without the Firebase SDK, so public
 * pages can be drawn at once and a visitor who is not signed in never downloads the SDK there
 * (docs/architecture.md, "Identity"):
 *   - a user: the navbar shows them at once, and Firebase is started right away to confirm;
 *   - null: nobody was signed in when Firebase last said so, or this browser never signed in;
 *   - no hint at all (first visit of this version): Firebase's own storage is looked for.
 * With the user it keeps their current ID token (Firebase keeps the same token in this
 * browser's IndexedDB), so until that token expires a returning user's pages and API calls
 * need not wait for the SDK. Firebase stays the authority: each of its reports rewrites the
 * hint, and signing out clears it.
 */

export type HintUser = { uid: string; email: string; displayName: string; photoURL: string | null };

export type HintToken = { value: string; expiresAt: number };

export const SESSION_HINT_KEY = 'b2b:session';
/** A cached token this close to its expiry is not used: Firebase gets a fresh one instead. */
const TOKEN_MARGIN_MS = 60_000;
const GOOGLE_REDIRECT_KEY = 'b2b:google-redirect';

const isHintUser = (value: unknown): value is HintUser => {
  if (typeof value !== 'object' || value === null) return false;
  const { uid, email, displayName, photoURL } = value as Record<string, unknown>;
  return (
    typeof uid === 'string' &&
    typeof email === 'string' &&
    typeof displayName === 'string' &&
    (photoURL === null || typeof photoURL === 'string')
  );
};

/** The user the hint names, null for "signed out", undefined when there is no usable hint. */
export function readSessionHint(): HintUser | null | undefined {
  try {
    const raw = localStorage.getItem(SESSION_HINT_KEY);
    if (raw === null) return undefined;
    const value: unknown = JSON.parse(raw);
    if (value === null) return null;
    return isHintUser(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The cached ID token of the hinted user while it has more than a minute to live, else null. */
export function readSessionToken(now = Date.now()): string | null {
  try {
    const raw = localStorage.getItem(SESSION_HINT_KEY);
    const token = raw ? (JSON.parse(raw) as { token?: Partial<HintToken> } | null)?.token : undefined;
    if (typeof token?.value !== 'string' || typeof token.expiresAt !== 'number') return null;
    return token.expiresAt - now > TOKEN_MARGIN_MS ? token.value : null;
  } catch {
    return null;
  }
}

/** Without a token, the token already kept for the same user stays. */
export function writeSessionHint(user: HintUser | null, token?: HintToken): void {
  try {
    let kept = token;
    if (user && !kept) {
      const raw = localStorage.getItem(SESSION_HINT_KEY);
      const previous = raw ? (JSON.parse(raw) as { uid?: string; token?: HintToken } | null) : null;
      if (previous?.uid === user.uid) kept = previous.token;
    }
    const value = user
      ? { uid: user.uid, email: user.email, displayName: user.displayName, photoURL: user.photoURL, token: kept }
      : null;
    localStorage.setItem(SESSION_HINT_KEY, JSON.stringify(value));
  } catch {
    // Storage may be full or blocked; the app then simply starts Firebase when it needs it.
  }
}

/** Set before the browser leaves for Google's sign-in page, so the way back picks up the result. */
export function markGoogleRedirect(): void {
  try {
    sessionStorage.setItem(GOOGLE_REDIRECT_KEY, '1');
  } catch {
    // Without session storage the redirect result is still read once Firebase starts.
  }
}

/** True after coming back from Google's sign-in page, until clearGoogleRedirect. */
export function googleRedirectPending(): boolean {
  try {
    return sessionStorage.getItem(GOOGLE_REDIRECT_KEY) !== null;
  } catch {
    return false;
  }
}

export function clearGoogleRedirect(): void {
  try {
    sessionStorage.removeItem(GOOGLE_REDIRECT_KEY);
  } catch {
    // Nothing to clear.
  }
}

/**
 * Whether Firebase may hold a session in this browser although there is no hint (a session
 * started before hints existed): it keeps the user in IndexedDB (`firebaseLocalStorageDb`), or
 * in localStorage when IndexedDB is unavailable. When it cannot tell, it answers yes.
 */
export async function firebaseMayHaveSession(): Promise<boolean> {
  try {
    if (Object.keys(localStorage).some((key) => key.startsWith('firebase:authUser:'))) return true;
  } catch {
    return true;
  }
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    const databases = await indexedDB.databases();
    return databases.some((database) => database.name === 'firebaseLocalStorageDb');
  } catch {
    return true;
  }
}
