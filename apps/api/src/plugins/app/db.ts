import fp from 'fastify-plugin';
import { createDatabase, type AppDb, type Database } from '../../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: AppDb;
  }
}

export interface DbPluginOptions {
  /** An already opened (and migrated) database; the caller then owns closing it, unless `closes`. */
  database?: Database;
  /** Close the handed-in database on the app's close, after the plugins registered later. */
  closes?: boolean;
}

/** Opens the database from config unless one is handed in, and closes what it opened (or is told to). */
export default fp<DbPluginOptions>(
  async (app, options) => {
    let database = options.database;
    const closes = !database || options.closes === true;
    if (!database) {
      database = await createDatabase({
        url: app.config.databaseUrl,
        pgliteDir: app.config.pgliteDir,
        pool: app.config.pool,
        program: 'the API',
        backupsDir: app.config.backupsDir,
        log: (message) => app.log.info(message),
      });
      await database.migrate();
    }
    if (closes) {
      // Added before the plugins that use the database, so it runs after their onClose hooks.
      const closing = database;
      app.addHook('onClose', async () => closing.close());
    }
    app.decorate('database', database);
    app.decorate('db', database.db);
  },
  { name: 'db', dependencies: ['config'] },
);
