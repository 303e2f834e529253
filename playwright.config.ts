import { defineConfig } from '@playwright/test';

/*
 * End-to-end journeys in Debian's Chromium (no browser download). Run them with
 * `npm run test:e2e`, which starts a fresh stack and sets BASE_URL and the emulator host.
 * Two workers for two cores; no retries: a flaky journey is fixed, not retried.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }]],
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL: process.env.BASE_URL,
    headless: true,
    viewport: { width: 1280, height: 800 },
    trace:
      process.env.E2E_TRACE === 'full'
        ? 'retain-on-failure'
        : { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
