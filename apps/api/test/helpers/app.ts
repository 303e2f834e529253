import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config, type Env } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { apiClient, type ApiClient } from './api.js';
import { openTestDatabase } from './database.js';
import { testEnv } from './env.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The requests the tests make again and again (helpers/api.ts), sent to this app. */
  api: ApiClient;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Env;
  /** Runs before `ready()`, e.g. to add a route that misbehaves on purpose. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** pino options instead of the silent test logger (e.g. a stream a test reads). */
  logger?: FastifyServerOptions['logger'];
}

/** One app per test file (fastify/demo style), on its own database. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig(testEnv(options.env));
  const { database, dispose } = await openTestDatabase(config.pool);
  const app = await buildApp({ config, database, ...(options.logger ? { logger: options.logger } : {}) });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    api: apiClient({ app }),
    async close() {
      await app.close();
      await dispose();
    },
  };
}
