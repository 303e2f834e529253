import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth, type DecodedIdToken } from 'firebase-admin/auth';

export interface FirebaseAuthOptions {
  projectId: string;
  /** host:port of the Auth Emulator from the validated config; null means a real project. */
  emulatorHost: string | null;
}

export interface FirebaseAuthHandle {
  auth: Auth;
  /** verifyIdToken in the mode the config chose, whatever process.env says. */
  verifyIdToken(token: string): Promise<DecodedIdToken>;
  close(): Promise<void>;
}

const EMULATOR_ENV = 'FIREBASE_AUTH_EMULATOR_HOST';

/**
 * firebase-admin has no option for the emulator: it reads process.env.FIREBASE_AUTH_EMULATOR_HOST
 * itself, on every call, and any non-empty value (even ' ') makes it accept unsigned tokens.
 * So the environment is made to say exactly what the validated config says, at start-up and
 * again synchronously before each verification (verifyIdToken reads it before its first await),
 * and nothing outside the config can switch signature checks off.
 */
function pinEmulatorEnv(emulatorHost: string | null): void {
  if (emulatorHost === null) {
    if (process.env[EMULATOR_ENV] !== undefined) delete process.env[EMULATOR_ENV];
  } else if (process.env[EMULATOR_ENV] !== emulatorHost) {
    process.env[EMULATOR_ENV] = emulatorHost;
  }
}

/** A named firebase-admin app, so several API instances (tests) can live in one process. */
export function createFirebaseAuth({ projectId, emulatorHost }: FirebaseAuthOptions): FirebaseAuthHandle {
  pinEmulatorEnv(emulatorHost);
  const adminApp = initializeApp({ projectId }, `b2b-api-${randomUUID()}`);
  const auth = getAuth(adminApp);
  return {
    auth,
    verifyIdToken(token) {
      pinEmulatorEnv(emulatorHost);
      return auth.verifyIdToken(token);
    },
    close: () => deleteApp(adminApp),
  };
}
