import { PassThrough } from 'node:stream';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type preParsingAsyncHookHandler,
} from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { APP_TITLE } from '@b2b/shared';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { AppError, rootCause } from './lib/errors.js';
import { contentSecurityPolicy } from './lib/csp.js';
import { toErrorResponse } from './lib/error-response.js';
import { LogThrottle } from './lib/log-throttle.js';
import { compiledSerializer } from './lib/serializer.js';
import authPlugin from './plugins/auth.js';
import approvalSweepPlugin from './plugins/approval-sweep.js';
import cartHoldsPlugin from './plugins/cart-holds.js';
import catalogueCachePlugin from './plugins/catalogue-cache.js';
import compressionPlugin from './plugins/compression.js';
import configPlugin from './plugins/config.js';
import dbPlugin from './plugins/db.js';
import idempotencyPlugin from './plugins/idempotency.js';
import importsPlugin from './plugins/imports.js';
import jobsPlugin from './plugins/jobs.js';
import notificationsPlugin from './plugins/notifications.js';
import rateLimitsPlugin from './plugins/rate-limits.js';
import redisPlugin from './plugins/redis.js';
import repositoriesPlugin from './plugins/repositories.js';
import webPlugin from './plugins/web.js';
import cartRoutes from './routes/carts/index.js';
import companyRoutes from './routes/companies/index.js';
import categoryRoutes from './routes/categories/index.js';
import configRoutes from './routes/config/index.js';
import dashboardRoutes from './routes/dashboard/index.js';
import healthRoutes from './routes/health/index.js';
import importRoutes from './routes/imports/index.js';
import listRoutes from './routes/lists/index.js';
import myProductRoutes from './routes/my-products/index.js';
import notificationRoutes from './routes/notifications/index.js';
import orderRoutes from './routes/orders/index.js';
import productRoutes from './routes/products/index.js';
import profileRoutes from './routes/profile/index.js';
import quickOrderRoutes from './routes/quick-order/index.js';
import salesRoutes from './routes/sales/index.js';
import sellerRoutes from './routes/sellers/index.js';

export const API_PREFIX = '/api';

export const DOCS_PREFIX = `${API_PREFIX}/docs`;

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

/** Liveness probes must never be refused. */
const UNLIMITED_PATHS = [`${API_PREFIX}/health`];
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
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: true, directives: contentSecurityPolicy(config) },
    // Firebase's sign-in popup talks back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  await app.register(compressionPlugin);
  await app.register(redisPlugin);
  await app.register(authPlugin);
  // Before any route, and before any expensive work of a request (plugins/rate-limits.ts).
  await app.register(rateLimitsPlugin, { apiPrefix: API_PREFIX, unlimited: UNLIMITED_PATHS });
  // The OpenAPI document and UI: in production only with API_DOCS=true.
  if (config.apiDocs) {
    await app.register(swagger, {
      openapi: {
        info: { title: `${APP_TITLE} API`, version: '1.0.0', description: 'All routes live under /api.' },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' } },
        },
      },
      transform: createJsonSchemaTransform({ skipList: [DOCS_PREFIX, `${DOCS_PREFIX}/*`] }),
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  }

  await app.register(dbPlugin, database ? { database, closes: closesDatabase ?? false } : {});
  await app.register(repositoriesPlugin);
  // The catalogue's GETs answered from memory until the catalogue changes (plugins/catalogue-cache.ts).
  await app.register(catalogueCachePlugin);
  // Releases expired cart holds once a minute (plugins/cart-holds.ts).
  await app.register(cartHoldsPlugin);
  await app.register(approvalSweepPlugin);
  await app.register(idempotencyPlugin);
  // The durable job queue, and the notifications' outbox relay and email worker on it.
  await app.register(jobsPlugin);
  await app.register(notificationsPlugin);
  // Catalogue imports: a worker on the same queue.
  await app.register(importsPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(configRoutes);
      await api.register(productRoutes);
      await api.register(categoryRoutes);
      await api.register(myProductRoutes);
      await api.register(cartRoutes);
      await api.register(orderRoutes);
      await api.register(quickOrderRoutes);
      await api.register(listRoutes);
      await api.register(importRoutes);
      await api.register(salesRoutes);
      await api.register(profileRoutes);
      await api.register(sellerRoutes);
      await api.register(notificationRoutes);
      await api.register(dashboardRoutes);
      await api.register(companyRoutes);
    },
    { prefix: API_PREFIX },
  );

  // Serves the SPA (or a placeholder) and owns the not-found handler for every path.
  await app.register(webPlugin, { apiPrefix: API_PREFIX });

  return app;
}
