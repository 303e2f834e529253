import { afterEach, vi } from 'vitest';

/*
 * Runs before every test file. The parallel projects reuse a worker's modules from one file to
 * the next (vitest.config.ts, isolate: false), process.env included: a file that changes it (a
 * real-Firebase app removes FIREBASE_AUTH_EMULATOR_HOST, lib/firebase.ts) must not change it for
 * the next file. So every file starts from the environment the worker started with, except
 * what Vitest itself sets for the file's project (API_TEST_DB, VITEST_*).
 */
const ownedByVitest = (key: string) => key === 'API_TEST_DB' || key.startsWith('VITEST');
const started = ((globalThis as { __b2bStartEnv?: NodeJS.ProcessEnv }).__b2bStartEnv ??= { ...process.env });
for (const key of Object.keys(process.env)) {
  if (!ownedByVitest(key) && !(key in started)) delete process.env[key];
}
for (const [key, value] of Object.entries(started)) {
  if (!ownedByVitest(key)) process.env[key] = value;
}

// A stray console.error means something went wrong that no assertion looked at.
const consoleError = vi.spyOn(console, 'error');

afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length > 0) throw new Error(`console.error was called:\n${calls.map((c) => c.join(' ')).join('\n')}`);
});
