import { ConfigError, loadConfig } from '../config.js';
import { createDatabase } from '../db/client.js';
import { createFirebaseAuth } from '../lib/firebase.js';
import { formatCredentials, seedDemo } from './index.js';

/*
 * `tsx apps/api/src/seed/cli.ts [--force]`, run with the Auth Emulator up (npm run seed).
 * Opens the configured database, migrates it, and seeds the demo catalogue.
 */

const force = process.argv.includes('--force');

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
if (!config.firebase.emulatorHost) {
  console.error('The seed creates demo accounts with published passwords; it only runs against the Auth Emulator.');
  console.error('Set FIREBASE_AUTH_EMULATOR_HOST (npm run seed does this for you).');
  process.exit(1);
}

const database = await createDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
const firebase = createFirebaseAuth(config.firebase.projectId);
let exitCode = 0;
try {
  await database.migrate();
  const emulator = { host: config.firebase.emulatorHost, projectId: config.firebase.projectId };
  const result = await seedDemo({ db: database.db, auth: firebase.auth, emulator, force });
  console.log(
    result.inserted > 0
      ? `Inserted ${result.inserted} demo products${force ? ' (replacing the demo sellers’ products)' : ''}.`
      : 'The catalogue is not empty; no products inserted (use --force to reset the demo sellers’ products).',
  );
  console.log(formatCredentials(result.sellers));
} catch (error) {
  console.error('Seeding failed:', error);
  exitCode = 1;
} finally {
  await firebase.close();
  await database.close();
}
process.exit(exitCode);
