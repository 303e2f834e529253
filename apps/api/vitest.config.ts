import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/*
 * The API suite runs on an in-memory PGlite; with TEST_DATABASE_URL set, the same files
 * (except the database-free ones) run again against PostgreSQL, one schema per file.
 * Run through `scripts/with-emulator.ts`, which provides the Auth Emulator.
 *
 * Two files at a time: each has its own app and database (or schema), and the users it signs up
 * have addresses of their own. The files below are the exceptions and run one at a time, after
 * the others, in the `…-serial` projects: they start processes (the API, npm start, emulators,
 * MailDev, some on fixed ports), hold a PGlite folder's lock, reach beyond their own schema, or
 * measure time and CPU.
 */
const serial = [
  'test/scale/**',
  'test/scripts/**',
  'test/embedded/**',
  // MailDev processes; delivery.test.ts also counts on a free port staying free.
  'test/notifications/**',
  // Thousands of requests against a time limit.
  'test/fuzz.test.ts',
  // Terminates every API's listening connection on the PostgreSQL server, not only its own.
  'test/plugins/catalogue-cache.test.ts',
];

const databaseFree = [
  'test/config.test.ts',
  'test/lib/**',
  'test/seed/catalogue.test.ts',
  'test/scripts/**',
  // PGlite data folders (their lock, backups): nothing to run on PostgreSQL.
  'test/embedded/**',
];

type Engine = 'pglite' | 'postgres';

/** The files of one engine: the independent ones two at a time, the others in a serial project of their own. */
function engineProjects(engine: Engine, exclude: string[]): TestProjectInlineConfiguration[] {
  const env = { API_TEST_DB: engine };
  return [
    { extends: true, test: { name: engine, include: ['test/**/*.test.ts'], exclude: [...exclude, ...serial], env } },
    // fileParallelism: false puts these files into Vitest's sequential group, run after the others.
    {
      extends: true,
      test: { name: `${engine}-serial`, include: serial, exclude, env, fileParallelism: false },
    },
  ];
}

// No `include` here: a project that extends this config would add its own to it, not replace it.
export default defineConfig({
  test: {
    setupFiles: ['test/helpers/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default is one fewer than the cores: a single worker on a two-core CI machine.
    maxWorkers: 2,
    // The JSON report lets CI list the slowest tests (test-results/ is ignored by git).
    reporters: [
      'default',
      ['json', { outputFile: fileURLToPath(new URL('../../test-results/vitest-api.json', import.meta.url)) }],
    ],
    projects: [
      ...engineProjects('pglite', []),
      ...(process.env.TEST_DATABASE_URL ? engineProjects('postgres', databaseFree) : []),
    ],
  },
});
