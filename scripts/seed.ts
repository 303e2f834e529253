import { spawnSync } from 'node:child_process';
import { DEMO_PROJECT_ID } from '@b2b/shared';
import { localDataDirs } from '../apps/api/src/config.js';
import { isEmulatorUp, startAuthEmulator, type RunningEmulator } from './lib/emulator.js';
import { loadEnvFile, repoRoot, usesRealFirebase } from './lib/env-file.js';

/*
 * `npm run seed [-- --force]`: creates the demo accounts and the demo catalogue.
 * Uses the Auth Emulator of a running `npm start` when there is one, else starts its own
 * on the same data folder. On PGlite it refuses while another process (`npm start`) holds the
 * database: the seed's own lock check names it (apps/api/src/db/lock.ts).
 */
loadEnvFile();
const env: NodeJS.ProcessEnv = { ...process.env };
let emulator: RunningEmulator | undefined;
if (!usesRealFirebase() && !env.FIREBASE_AUTH_EMULATOR_HOST) {
  const host = `127.0.0.1:${env.AUTH_EMULATOR_PORT ?? 9099}`;
  if (await isEmulatorUp(host)) {
    env.FIREBASE_AUTH_EMULATOR_HOST = host;
  } else {
    emulator = await startAuthEmulator({ dataDir: localDataDirs(env).authDir, quiet: true });
    env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  }
  env.FIREBASE_PROJECT_ID = DEMO_PROJECT_ID;
}
const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/seed/cli.ts', ...process.argv.slice(2)], {
  cwd: repoRoot,
  stdio: 'inherit',
  env,
});
await emulator?.stop();
process.exit(result.status ?? 1);
