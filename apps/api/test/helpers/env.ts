import { DEMO_PROJECT_ID } from '@b2b/shared';
import type { Env } from '../../src/config.js';

export function emulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) {
    throw new Error(
      'FIREBASE_AUTH_EMULATOR_HOST is not set. Run the API tests through the emulator: ' +
        'npx tsx scripts/with-emulator.ts -- npm test -w @b2b/api',
    );
  }
  return host;
}

export const TEST_PROJECT_ID = process.env.FIREBASE_PROJECT_ID ?? DEMO_PROJECT_ID;

/** The environment a test app starts from: emulator, in-memory database, no web build. */
export function testEnv(overrides: Env = {}): Env {
  return {
    NODE_ENV: 'test',
    PGLITE_DIR: 'memory://',
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    WEB_DIST_DIR: '/nonexistent/web-dist',
    ...overrides,
  };
}
