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
 * The Firebase SDK itself, loaded on demand by lib/firebase.ts: it is most of the app's
 * JavaScript, and pages that nobody is signed in to never need it.
 */

export type FirebaseServices = { auth: Auth; config: WebConfig };

/** Validates the settings from GET /api/config and starts Firebase with them. */
export function startFirebase(body: unknown): FirebaseServices {
  const parsed = webConfigSchema.safeParse(body);
  if (!parsed.success) throw new Error('The server sent invalid sign-in settings. Please contact support.');
  const config = parsed.data;
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
