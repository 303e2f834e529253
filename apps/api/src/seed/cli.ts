import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.js';
import { createDatabase } from '../db/client.js';
import { DataDirLockedError } from '../db/lock.js';
import { createFirebaseAuth } from '../lib/firebase.js';
import { generateCatalogue } from './generate.js';
import { formatCredentials, seedDemo } from './index.js';

/*
 * `tsx apps/api/src/seed/cli.ts [--force] [--products N]`, run with the Auth Emulator up
 * (npm run seed). Opens the configured database, migrates it, and seeds the demo catalogue;
 * with --products, also adds N generated products (see generate.ts).
 */

const force = process.argv.includes('--force');
const productsArg = process.argv.indexOf('--products');
const generate = productsArg === -1 ? 0 : Number(process.argv[productsArg + 1]);
if (!Number.isInteger(generate) || generate < 0 || generate > 10_000_000) {
  console.error('--products needs a whole number from 0 to 10,000,000, e.g. --products 1000000');
  process.exit(2);
}

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

// Generating a large catalogue runs statements far longer than a request may.
const database = await createDatabase({
  url: config.databaseUrl,
  pgliteDir: config.pgliteDir,
  pool: { ...config.pool, statementTimeoutMs: 30 * 60_000 },
  program: 'npm run seed',
  backupsDir: config.backupsDir,
  log: (message) => console.log(message),
}).catch((error: unknown) => {
  // A PGlite folder another process holds (npm start): say who, and stop.
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
});
database.announce({ authEmulatorHost: config.firebase.emulatorHost });
const firebase = createFirebaseAuth(config.firebase);
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
  if (result.business) console.log(`Created the demo businesses with ${result.business.orders} orders.`);
  console.log(formatCredentials(result.sellers, result.business?.people));
  if (generate > 0) {
    const started = performance.now();
    const owners = result.sellers.map(({ uid, email }) => ({ uid, email }));
    await generateCatalogue(database.db, {
      products: generate,
      owners,
      onProgress: (done) => process.stdout.write(`\rGenerated ${done.toLocaleString('en-US')} products…`),
    });
    // Fresh statistics for the planner, and a visibility map so counts and offsets can use index-only scans.
    await database.db.execute(sql`VACUUM ANALYZE products`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`\rGenerated ${generate.toLocaleString('en-US')} products in ${seconds} s.`);
  }
} catch (error) {
  console.error('Seeding failed:', error);
  exitCode = 1;
} finally {
  await firebase.close();
  await database.close();
}
process.exit(exitCode);
