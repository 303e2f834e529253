import fp from 'fastify-plugin';
import { createDatabase, type AppDb, type Database } from '../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: AppDb;
  }
}

export interface DbPluginOptions {
  /** An already opened (and migrated) database; the caller then owns closing it. */
  database?: Database;
}

/** Opens the database from config unless one is handed in, and closes what it opened. */
export default fp<DbPluginOptions>(
  async (app, options) => {
    let database = options.database;
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
      const opened = database;
      app.addHook('onClose', async () => opened.close());
    }
    app.decorate('database', database);
    app.decorate('db', database.db);
  },
  { name: 'db', dependencies: ['config'] },
);
