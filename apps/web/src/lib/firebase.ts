import type { FirebaseServices } from '@/lib/firebase-sdk';
import { readSessionHint, readSessionToken } from '@/lib/session-hint';

/*
 * The Firebase web config is served by the API at run time (GET /api/config), so one build
 * runs against the local Auth Emulator and against a real Firebase project alike. The SDK is
 * a separate chunk (lib/firebase-sdk.ts), downloaded together with the config the first time
 * something needs it.
 */

export type { FirebaseServices };

let services: Promise<FirebaseServices> | null = null;
let settings: Promise<unknown> | null = null;
/** True once Firebase has restored its session: from then on its tokens are used. */
let ready = false;

async function loadConfig(): Promise<unknown> {
  let response: Response;
  try {
    // The Login and Register shells preload this very request (SIGN_IN_SETTINGS in vite.config.ts);
    // Chromium hands the preloaded response over only while method, headers and credentials match.
    response = await fetch('/api/config', { headers: { Accept: 'application/json' } });
  } catch {
    throw new Error('Could not reach the server to set up sign-in. Check your connection and reload the page.');
  }
  if (!response.ok) {
    throw new Error(`Could not load the sign-in settings (HTTP ${response.status}). Please reload the page.`);
  }
  return response.json().catch(() => null);
}

/**
 * The sign-in settings as the server sent them (not yet checked: the SDK checks them when it
 * starts), loaded once; a failed attempt is retried on the next call. Sign-in pages read them on
 * arrival, to know how 'Login with Google' works, without downloading the SDK.
 */
export function getSignInSettings(): Promise<unknown> {
  settings ??= loadConfig().catch((error: unknown) => {
    settings = null;
    throw error;
  });
  return settings;
}

async function initialise(): Promise<FirebaseServices> {
  const [body, sdk] = await Promise.all([getSignInSettings(), import('@/lib/firebase-sdk')]);
  const started = sdk.startFirebase(body);
  void started.auth.authStateReady().then(() => {
    ready = true;
  });
  return started;
}

/** Loads the config and the SDK and starts Firebase once; a failed attempt is retried on the next call. */
export function getFirebase(): Promise<FirebaseServices> {
  services ??= initialise().catch((error: unknown) => {
    services = null;
    throw error;
  });
  return services;
}

/**
 * The signed-in user's ID token (refreshed by the SDK when it nears expiry), or null. Until
 * Firebase has restored its session, a returning user's unexpired token from the session hint
 * is used (the API verifies every token anyway); and while Firebase has not been started and
 * the hint names nobody, there is no token to send, and the SDK is not downloaded to find out.
 */
export async function getIdToken(): Promise<string | null> {
  if (!ready) {
    const cached = readSessionToken();
    if (cached) return cached;
    if (!services && !readSessionHint()) return null;
  }
  const { auth } = await getFirebase();
  await auth.authStateReady();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}
