import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import autoload from '@fastify/autoload';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type preParsingAsyncHookHandler,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { AppError, rootCause } from './lib/errors.js';
import { toErrorResponse } from './lib/error-response.js';
import { LogThrottle } from './lib/log-throttle.js';
import { API_PREFIX } from './lib/paths.js';
import { compiledSerializer } from './lib/serializer.js';
import configPlugin from './plugins/config.js';
import webPlugin from './plugins/web.js';

export { API_PREFIX, DOCS_PREFIX } from './lib/paths.js';

export interface BuildAppOptions {
  config: Config;
  /** An opened, migrated database owned by the caller; otherwise one is opened from config. */
  database?: Database;
  /**
   * The app closes the handed-in database when it closes, after every plugin that uses it (the
   * job queue waits for its jobs first). A hook the caller added after `buildApp` would run
   * before them instead: Fastify runs onClose hooks last-added first.
   */
  closesDatabase?: boolean;
  /** Overrides the pino options derived from config (e.g. a custom stream in tests). */
  logger?: FastifyServerOptions['logger'];
}

/**
 * A capability's folder holds its plugins, its routes and the modules they use. Autoload takes
 * only the first two (below), with no prefix from folder names (each route states its whole
 * path) and no index files (a capability's index.ts is its public module, not a plugin).
 */
const CAPABILITY_FILES = { dirNameRoutePrefix: false, indexPattern: /^$/ } as const;
/** `repository.ts` and `*.plugin.ts`: decorate the app, run timers and workers. */
const isCapabilityPlugin = (path: string) => /\/(?:repository|[\w-]+\.plugin)\.[jt]s$/.test(path);
/** `routes.ts`, or the files of a `routes/` folder. */
const isRouteFile = (path: string) => /\/routes(?:\.[jt]s|\/[\w-]+\.[jt]s)$/.test(path);

// Autoload imports .ts files only where it recognises a TypeScript runtime; `node --import tsx`
// (npm start, the e2e stack) is not one it looks for. Running from source says so explicitly.
if (import.meta.url.endsWith('.ts')) process.env.FASTIFY_AUTOLOAD_TYPESCRIPT ??= '1';

/** One full log line per window while the database is down, then a count of the rest. */
export const DB_OUTAGE_LOG_WINDOW_MS = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Logs a database outage: the first in full, then once per window with a count. */
    logDatabaseUnavailable: (log: FastifyBaseLogger, error: unknown) => void;
  }
}

/**
 * Builds the whole application without listening, so tests can inject requests into the same
 * app the server runs: external plugins, then the app's own plugins, then routes, with one
 * error handler and one not-found handler.
 */
export async function buildApp({
  config,
  database,
  closesDatabase,
  logger,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // One line per request (the onResponse hook below), not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    // The client address comes from X-Forwarded-For only when it was set by a trusted proxy.
    trustProxy: config.trustProxy,
    // Slow or stalled clients must not hold sockets forever (bodies: BODY_TIMEOUT_MS, below).
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 10_000,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // /carts/:email and /my-products/:email take addresses of up to 320 characters (default 100).
    routerOptions: { maxParamLength: 400 },
    // Autoload registers some 70 files; run from the TypeScript sources (tests, `npm run dev`) on a
    // loaded 2-core machine, compiling them the first time took past Fastify's default of 10 s.
    pluginTimeout: 30_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializer);

  // A DELETE sent with `Content-Type: application/json` and no body is still a valid request.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  // One line per request at info level; below it (LOG_LEVEL=warn) not even the hook runs.
  if (['trace', 'debug', 'info'].includes(app.log.level)) {
    app.addHook('onResponse', async (request, reply) => {
      request.log.info(
        { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request',
      );
    });
  }

  // A body must arrive within BODY_TIMEOUT_MS: a client trickling bytes gets 408 and the socket
  // closes, instead of holding it until Node's own request timeout (checked only every 30 s).
  const bodyTimeout: preParsingAsyncHookHandler = async (request, reply, payload) => {
    const length = request.headers['content-length'];
    const hasBody = request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
    if (!hasBody) return payload;
    const body = new PassThrough();
    const timer = setTimeout(() => {
      reply.header('connection', 'close');
      payload.unpipe(body);
      body.destroy(
        new AppError('REQUEST_TIMEOUT', `The request body did not arrive within ${config.bodyTimeoutMs / 1000} s.`),
      );
    }, config.bodyTimeoutMs);
    const stop = () => clearTimeout(timer);
    body.once('end', stop);
    body.once('close', stop);
    reply.raw.once('close', stop);
    payload.once('error', (error) => body.destroy(error));
    return payload.pipe(body);
  };
  // Only on routes that take a body: a GET does not pay for the hook.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH' || m === 'DELETE')) return;
    route.preParsing = [bodyTimeout, ...[route.preParsing ?? []].flat()];
  });

  const dbOutage = new LogThrottle(DB_OUTAGE_LOG_WINDOW_MS);
  app.decorate('logDatabaseUnavailable', (log: FastifyBaseLogger, error: unknown) => {
    const suppressed = dbOutage.take();
    // The driver's error, not Drizzle's wrapper with the whole statement and its parameters.
    if (suppressed !== null) log.error({ err: rootCause(error), suppressed }, 'database unavailable');
  });

  app.setErrorHandler((error, request, reply) => {
    const { statusCode, body, headers } = toErrorResponse(error, config);
    if (body.code === 'DB_UNAVAILABLE') app.logDatabaseUnavailable(request.log, error);
    else if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, statusCode }, body.message);
    return reply
      .code(statusCode)
      .headers(headers ?? {})
      .send(body);
  });

  await app.register(configPlugin, { config });
  // The plugins, in the order of the dependencies each declares (fastify-plugin's `dependencies`):
  // first the external ones (security headers, compression, the OpenAPI document), then the
  // app's infrastructure (database, Redis, auth, rate limits, idempotency, the job queue).
  const plugins = join(import.meta.dirname, 'plugins');
  await app.register(autoload, { dir: join(plugins, 'external'), dirNameRoutePrefix: false });
  await app.register(autoload, {
    dir: join(plugins, 'app'),
    dirNameRoutePrefix: false,
    options: { database, closes: closesDatabase ?? false },
  });
  // Each capability's plugins (its repository, sweeps, workers, caches), then its routes under
  // /api (capabilities/README.md: a file is one or the other by its name).
  const capabilities = join(import.meta.dirname, 'capabilities');
  await app.register(autoload, { ...CAPABILITY_FILES, matchFilter: isCapabilityPlugin, dir: capabilities });
  await app.register(autoload, {
    ...CAPABILITY_FILES,
    matchFilter: isRouteFile,
    dir: capabilities,
    options: { prefix: API_PREFIX },
  });

  // Serves the SPA (or a placeholder) and owns the not-found handler for every path.
  await app.register(webPlugin, { apiPrefix: API_PREFIX });

  return app;
}
