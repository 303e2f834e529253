import { webConfigSchema, type WebConfig } from '@b2b/shared';
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  getAuth,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';

/*
 * The Firebase web config is served by the API at run time (GET /api/config), so one build
 * runs against the local Auth Emulator and against a real Firebase project alike.
 */

export type FirebaseServices = { auth: Auth; config: WebConfig };

let services: Promise<FirebaseServices> | null = null;

async function loadConfig(): Promise<WebConfig> {
  let response: Response;
  try {
    response = await fetch('/api/config', { headers: { Accept: 'application/json' } });
  } catch {
    throw new Error('Could not reach the server to set up sign-in. Check your connection and reload the page.');
  }
  if (!response.ok) {
    throw new Error(`Could not load the sign-in settings (HTTP ${response.status}). Please reload the page.`);
  }
  const parsed = webConfigSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new Error('The server sent invalid sign-in settings. Please contact support.');
  return parsed.data;
}

async function initialise(): Promise<FirebaseServices> {
  const config = await loadConfig();
  const app = initializeApp(config.firebase);
  if (config.authEmulatorUrl) {
    // No popup/redirect resolver: offline it would try to load apis.google.com, and the
    // emulator's Google sign-in goes through signInWithCredential instead (see lib/google-sign-in.ts).
    const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
    connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
    return { auth, config };
  }
  return { auth: getAuth(app), config };
}

/** Loads the config and starts Firebase once; a failed attempt is retried on the next call. */
export function getFirebase(): Promise<FirebaseServices> {
  services ??= initialise().catch((error: unknown) => {
    services = null;
    throw error;
  });
  return services;
}

/** The signed-in user's ID token (refreshed by the SDK when it nears expiry), or null. */
export async function getIdToken(): Promise<string | null> {
  const { auth } = await getFirebase();
  await auth.authStateReady();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}
