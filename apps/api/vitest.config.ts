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

/**
 * Files whose outcome cannot depend on the database engine: HTTP plumbing and policy (rate
 * limits, the SPA's files, compression, token checks, the 401/403 matrices), where the database
 * only stores what the test set up. With PostgreSQL available (TEST_DATABASE_URL) they run on it
 * alone, what production runs and 2–3× faster than PGlite on them; without it, on PGlite. Every
 * other file runs on both engines: SQL, transactions, locks, the job queue, NOTIFY, migrations and
 * the drivers' errors can differ between them.
 */
const engineFree = [
  'test/plugins/rate-limits.test.ts',
  'test/plugins/web.test.ts',
  'test/plugins/compression.test.ts',
  'test/plugins/auth.test.ts',
  'test/plugins/auth-config-only.test.ts',
  'test/plugins/auth-real-firebase.test.ts',
  'test/plugins/import-pacing.test.ts',
  'test/routes/protected.test.ts',
  'test/routes/company-authorization.test.ts',
  'test/routes/seller-authorization.test.ts',
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

/**
 * `API_TEST_PHASE=parallel` runs only the files two at a time, `serial` only the ones that run
 * alone, so the root's `npm test` can run the web app's tests beside the serial phase, when one
 * core would otherwise wait (scripts/test.ts). Unset: both, as `vitest run` always did.
 */
const phase = process.env.API_TEST_PHASE;
if (phase !== undefined && phase !== 'parallel' && phase !== 'serial') {
  throw new Error(`API_TEST_PHASE must be parallel or serial, not ${phase}`);
}

/**
 * `API_TEST_ENGINE=pglite` or `postgres` keeps one engine's files, so the root's `npm test` can
 * run the two serial projects side by side: what their files do alone (processes, PGlite
 * folders and emulators of their own; PostgreSQL's listening connections and shared schemas) is
 * one engine's, never the other's. Unset: both.
 */
const only = process.env.API_TEST_ENGINE;
if (only !== undefined && only !== 'pglite' && only !== 'postgres') {
  throw new Error(`API_TEST_ENGINE must be pglite or postgres, not ${only}`);
}
const runs = (engine: Engine) => only === undefined || only === engine;
const suffix = [phase, only].filter(Boolean).join('-');

/** The files of one engine: the independent ones two at a time, the others in a serial project of their own. */
function engineProjects(engine: Engine, exclude: string[]): TestProjectInlineConfiguration[] {
  const env = { API_TEST_DB: engine };
  const parallel: TestProjectInlineConfiguration = {
    extends: true,
    test: {
      name: engine,
      include: ['test/**/*.test.ts'],
      exclude: [...exclude, ...serial],
      env,
      // A worker keeps its modules from one file to the next: PGlite's WebAssembly, Fastify
      // and the app's module graph load once per worker, not once per file (the route files
      // on PGlite: 107 s isolated, 43 s not). Every file builds its own app and database,
      // and test/helpers/setup.ts gives each file the worker's starting environment.
      isolate: false,
    },
  };
  // fileParallelism: false puts these files into Vitest's sequential group, run after the others.
  const alone: TestProjectInlineConfiguration = {
    extends: true,
    test: { name: `${engine}-serial`, include: serial, exclude, env, fileParallelism: false },
  };
  return [...(phase === 'serial' ? [] : [parallel]), ...(phase === 'parallel' ? [] : [alone])];
}

const postgres = Boolean(process.env.TEST_DATABASE_URL);

// No `include` here: a project that extends this config would add its own to it, not replace it.
export default defineConfig({
  test: {
    setupFiles: ['test/helpers/setup.ts'],
    // The app autoloads its plugins and routes (src/app.ts). Run through Vitest, autoload's own
    // import() must load the TypeScript files the way Vitest loads the tests, into the same
    // module graph: inlined, it does (Vitest transforms the package and its import() with it).
    server: { deps: { inline: ['@fastify/autoload'] } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default is one fewer than the cores: a single worker on a two-core CI machine.
    maxWorkers: 2,
    // The JSON report lets CI list the slowest tests (test-results/ is ignored by git).
    reporters: [
      'default',
      [
        'json',
        {
          outputFile: fileURLToPath(
            new URL(`../../test-results/vitest-api${suffix ? `-${suffix}` : ''}.json`, import.meta.url),
          ),
        },
      ],
    ],
    projects: [
      ...(runs('pglite') ? engineProjects('pglite', postgres ? engineFree : []) : []),
      ...(postgres && runs('postgres') ? engineProjects('postgres', databaseFree) : []),
      // Without PostgreSQL, API_TEST_ENGINE=postgres has no file to run (and no project must
      // fall back to this config's defaults, which would run every file without its engine).
      ...(only === 'postgres' && !postgres ? [{ test: { name: 'no-postgres', include: [] } }] : []),
    ],
    passWithNoTests: only === 'postgres' && !postgres,
  },
});
