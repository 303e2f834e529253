import { spawn } from 'node:child_process';
import { DEMO_PROJECT_ID } from '@b2b/shared';
import { startAuthEmulator } from './lib/emulator.js';

/*
 * Runs a command with a fresh, throw-away Auth Emulator:
 *   tsx scripts/with-emulator.ts -- npm run test:unit
 * The command sees FIREBASE_AUTH_EMULATOR_HOST and FIREBASE_PROJECT_ID; its exit code is ours.
 */
const separator = process.argv.indexOf('--');
const command = separator === -1 ? [] : process.argv.slice(separator + 1);
if (command.length === 0) {
  console.error('usage: tsx scripts/with-emulator.ts -- <command> [args…]');
  process.exit(2);
}

const emulator = await startAuthEmulator({ quiet: true });
console.log(`Auth Emulator ready on ${emulator.host}`);
const [bin, ...args] = command as [string, ...string[]];
const child = spawn(bin, args, {
  stdio: 'inherit',
  env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: emulator.host, FIREBASE_PROJECT_ID: DEMO_PROJECT_ID },
});
const forward = (signal: NodeJS.Signals) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('exit', async (code, signal) => {
  await emulator.stop();
  process.exit(code ?? (signal ? 1 : 0));
});
