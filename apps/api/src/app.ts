import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { APP_TITLE } from '@b2b/shared';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { AppError } from './lib/errors.js';
import { contentSecurityPolicy } from './lib/csp.js';
import { toErrorResponse } from './lib/error-response.js';
import { compiledSerializer } from './lib/serializer.js';
import authPlugin from './plugins/auth.js';
import cartHoldsPlugin from './plugins/cart-holds.js';
import compressionPlugin from './plugins/compression.js';
import configPlugin from './plugins/config.js';
import dbPlugin from './plugins/db.js';
import repositoriesPlugin from './plugins/repositories.js';
import webPlugin from './plugins/web.js';
import cartRoutes from './routes/carts/index.js';
import categoryRoutes from './routes/categories/index.js';
import configRoutes from './routes/config/index.js';
import healthRoutes from './routes/health/index.js';
import myProductRoutes from './routes/my-products/index.js';
import orderRoutes from './routes/orders/index.js';
import productRoutes from './routes/products/index.js';
import salesRoutes from './routes/sales/index.js';

export const API_PREFIX = '/api';
export const DOCS_PREFIX = `${API_PREFIX}/docs`;

export interface BuildAppOptions {
  config: Config;
  /** An opened, migrated database owned by the caller; otherwise one is opened from config. */
  database?: Database;
  /** Overrides the pino options derived from config (e.g. a custom stream in tests). */
  logger?: FastifyServerOptions['logger'];
}

const READ_METHODS = new Set(['GET', 'HEAD']);
/** Liveness probes must never be refused. */
const UNLIMITED_PATHS = new Set([`${API_PREFIX}/health`]);

/** Reads of the API (they hit the database); the SPA's static files are not counted. */
const isApiRead = (request: FastifyRequest) =>
  READ_METHODS.has(request.method) && request.url.startsWith(`${API_PREFIX}/`);

/**
 * Builds the whole application without listening, so tests can inject requests into the same
 * app the server runs: external plugins, then the app's own plugins, then routes, with one
 * error handler and one not-found handler.
 */
export async function buildApp({ config, database, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // One line per request (below), not Fastify's two.
    disableRequestLogging: true,
    bodyLimit: config.bodyLimitBytes,
    // Slow or stalled clients must not hold sockets forever.
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

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });

  app.setErrorHandler((error, request, reply) => {
    const { statusCode, body, headers } = toErrorResponse(error, config);
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
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
  await app.register(rateLimit, {
    // Runs after the route's own onRequest (authenticate), so a signed-in user is limited by uid.
    hook: 'onRequest',
    timeWindow: 60_000,
    // Writes: per user (or IP). Reads of /api: a generous per-IP limit. Health, OPTIONS and the
    // SPA's static files are not limited. Separate key prefixes keep the two counters apart.
    max: (request) => (isApiRead(request) ? config.readRateLimitPerMinute : config.writeRateLimitPerMinute),
    allowList: (request) =>
      request.method === 'OPTIONS' ||
      UNLIMITED_PATHS.has(request.routeOptions.url ?? '') ||
      (READ_METHODS.has(request.method) && !isApiRead(request)),
    keyGenerator: (request) =>
      isApiRead(request)
        ? `read:ip:${request.ip}`
        : request.user
          ? `write:uid:${request.user.uid}`
          : `write:ip:${request.ip}`,
    errorResponseBuilder: (request, context) =>
      new AppError(
        'RATE_LIMITED',
        isApiRead(request)
          ? `Too many requests. Try again in ${context.after}.`
          : `Too many changes. Try again in ${context.after}.`,
      ),
  });
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

  await app.register(dbPlugin, database ? { database } : {});
  await app.register(authPlugin);
  await app.register(repositoriesPlugin);
  // Releases expired cart holds once a minute (plugins/cart-holds.ts).
  await app.register(cartHoldsPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(configRoutes);
      await api.register(productRoutes);
      await api.register(categoryRoutes);
      await api.register(myProductRoutes);
      await api.register(cartRoutes);
      await api.register(orderRoutes);
      await api.register(salesRoutes);
    },
    { prefix: API_PREFIX },
  );

  // Serves the SPA (or a placeholder) and owns the not-found handler for every path.
  await app.register(webPlugin, { apiPrefix: API_PREFIX });

  return app;
}
