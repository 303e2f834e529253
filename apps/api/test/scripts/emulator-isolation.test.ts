import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { authEmulator } from '@b2b/shared/testing/auth-emulator';
import {
  accountIds,
  exportedAccountIds,
  exportSafely,
  startAuthEmulator,
  type RunningEmulator,
} from '../../../../scripts/lib/emulator.js';

/*
 * The emulator runner `npm start` and `npm run seed` use (scripts/lib/emulator.ts), tested here
 * because `npm test` runs this suite. Regression: with another emulator of the same project
 * already running (another checkout, a test run — like the one this suite itself runs on), the
 * accounts saved to `.data/auth` on exit were that other emulator's, found through the shared
 * hub locator file in the system temp folder.
 */

let other: RunningEmulator;
let work: string;

/** Signs an account up on the emulator at `host` and answers its uid. */
const signUp = async (host: string, email: string) =>
  (await authEmulator(host).signUp({ email, password: 'Secret#123' })).uid;

const emailsIn = (dataDir: string) =>
  (
    JSON.parse(readFileSync(join(dataDir, 'auth_export', 'accounts.json'), 'utf8')) as {
      users: { email: string }[];
    }
  ).users.map((user) => user.email);

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'b2b-emulator-test-'));
  // "Another checkout": an emulator of the same project, started first, with an account of its own.
  other = await startAuthEmulator({ quiet: true });
  await signUp(other.host, `other-${randomUUID()}@example.com`);
}, 120_000);
afterAll(async () => {
  await other?.stop();
  rmSync(work, { recursive: true, force: true });
});

test("stopping saves this emulator's accounts to its data folder, never another emulator's", async () => {
  const dataDir = join(work, 'auth');
  const email = `mine-${randomUUID()}@example.com`;
  const mine = await startAuthEmulator({ quiet: true, dataDir });
  // Its own temp folder, so its own hub locator file.
  expect(mine.tmpDir).not.toBe(other.tmpDir);
  expect(readFileSync(join(mine.tmpDir, 'hub-demo-b2b-wholesale.json'), 'utf8')).toContain(`"pid":${mine.process.pid}`);
  const uid = await signUp(mine.host, email);
  await mine.stop();
  expect(exportedAccountIds(dataDir)).toEqual([uid]);
  expect(emailsIn(dataDir)).toEqual([email]);
}, 120_000);

test("an export that is not our emulator's accounts leaves the data folder as it was", async () => {
  const dataDir = join(work, 'auth');
  const before = readFileSync(join(dataDir, 'auth_export', 'accounts.json'), 'utf8');
  const ours = exportedAccountIds(dataDir);
  // Ask the other emulator's hub while expecting our accounts: refused, nothing replaced.
  await expect(
    exportSafely({ hubHost: other.hubHost, dataDir, accounts: async () => ours, workDir: join(work, 'tmp') }),
  ).rejects.toThrow(/left unchanged/);
  expect(readFileSync(join(dataDir, 'auth_export', 'accounts.json'), 'utf8')).toBe(before);
  // The same call with the right expectation swaps the export in.
  const theirs = await accountIds(other.host);
  await exportSafely({ hubHost: other.hubHost, dataDir, accounts: async () => theirs, workDir: join(work, 'tmp') });
  expect(exportedAccountIds(dataDir)).toEqual(theirs);
}, 60_000);
