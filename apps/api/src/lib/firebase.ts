import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';

export interface FirebaseAuthHandle {
  auth: Auth;
  close(): Promise<void>;
}

/**
 * A named firebase-admin app, so several API instances (tests) can live in one process.
 * firebase-admin itself honours FIREBASE_AUTH_EMULATOR_HOST: with it, the emulator's unsigned
 * tokens are accepted; without it, Google's signatures are verified and those are refused.
 */
export function createFirebaseAuth(projectId: string): FirebaseAuthHandle {
  const adminApp = initializeApp({ projectId }, `b2b-api-${randomUUID()}`);
  return { auth: getAuth(adminApp), close: () => deleteApp(adminApp) };
}
