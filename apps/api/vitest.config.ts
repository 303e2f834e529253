import { defineConfig } from 'vitest/config';

/*
 * The API suite runs on an in-memory PGlite; with TEST_DATABASE_URL set, the same files
 * (except the database-free ones) run again against PostgreSQL, one schema per file.
 * Run through `scripts/with-emulator.ts`, which provides the Auth Emulator.
 */
const databaseFree = [
  'test/config.test.ts',
  'test/lib/**',
  'test/seed/catalogue.test.ts',
  'test/scripts/**',
  // PGlite data folders (their lock, backups): nothing to run on PostgreSQL.
  'test/embedded/**',
];

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/helpers/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'pglite', env: { API_TEST_DB: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: { name: 'postgres', exclude: databaseFree, env: { API_TEST_DB: 'postgres' } },
            },
          ]
        : []),
    ],
  },
});
