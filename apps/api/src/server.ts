import { buildApp } from './app.js';
import { ConfigError, EMULATOR_WARNING, loadConfig, type Config } from './config.js';
import { createDatabase, type Database } from './db/client.js';
import { DataDirLockedError } from './db/lock.js';
import { formatCredentials, seedIfEmpty } from './seed/index.js';

/*
 * Entry point: config → database (migrated) → app → demo seed → listen. SIGINT/SIGTERM
 * close the server and the database cleanly; the data stays on disk.
 */

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const SHUTDOWN_GRACE_MS = 10_000;

const config = loadConfigOrExit();
if (config.firebase.emulatorHost) console.warn(EMULATOR_WARNING);

/** The database, migrated; a PGlite folder another process holds stops the start with who holds it. */
async function openDatabase(): Promise<Database> {
  try {
    const opened = await createDatabase({
      url: config.databaseUrl,
      pgliteDir: config.pgliteDir,
      pool: config.pool,
      program: 'the API',
      backupsDir: config.backupsDir,
      log: (message) => console.log(message),
    });
    if (config.firebase.emulatorHost) opened.announce({ authEmulatorHost: config.firebase.emulatorHost });
    await opened.migrate().catch(async (error: unknown) => {
      await opened.close();
      throw error;
    });
    return opened;
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const database = await openDatabase();
const app = await buildApp({ config, database, closesDatabase: true });

let closing = false;
async function shutdown(signal: NodeJS.Signals) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    console.error('Shutdown took too long; exiting.');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  timer.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

try {
  await app.ready();
  if (config.seedOnEmpty) {
    if (config.firebase.emulatorHost) {
      const emulator = { host: config.firebase.emulatorHost, projectId: config.firebase.projectId };
      const seeded = await seedIfEmpty({ db: database.db, auth: app.firebaseAuth, emulator });
      if (seeded) {
        console.log(`Seeded ${seeded.inserted} demo products and ${seeded.business?.orders ?? 0} demo orders.`);
        console.log(formatCredentials(seeded.sellers, seeded.business?.people));
      }
    } else {
      // Demo accounts have published passwords: never create them in a real Firebase project.
      app.log.warn('SEED_ON_EMPTY is ignored without the Auth Emulator; run the seed against the emulator instead.');
    }
  }
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  app.log.error({ err: error }, 'failed to start');
  await app.close().catch(() => undefined);
  process.exit(1);
}

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
database.announce({ url: `http://${shownHost}:${port}` });
console.log(`B2B Wholesale Platform: http://${shownHost}:${port}`);
