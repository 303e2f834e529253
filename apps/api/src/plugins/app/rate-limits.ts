import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors.js';
import { API_PREFIX } from '../../lib/paths.js';

/*
 * Rate limits (docs/architecture.md, "Guard rails"). Every request is counted before any
 * expensive work — token verification, body parsing, the database:
 *
 *   onRequest, app level (before every route's own hooks, so before `authenticate`):
 *     reads of /api/*      per IP                       READ_RATE_LIMIT_PER_MINUTE
 *     writes               per IP, unless the token is  WRITE_RATE_LIMIT_PER_MINUTE
 *                          one this process has already verified (a memory lookup)
 *   onRequest, route level, right after `authenticate` (still before the body is read):
 *     writes               per signed-in user           WRITE_RATE_LIMIT_PER_MINUTE
 *
 * So writes stay "per user, or per IP when anonymous", and a burst with missing, garbage or
 * forged tokens is refused with 429 by its IP before a single signature is checked. The counters
 * live in Redis when REDIS_URL is set (shared by every API process), else in this process.
 */

const WINDOW_MS = 60_000;
const READ_METHODS = new Set(['GET', 'HEAD']);

/** Route URLs never limited: liveness probes must never be refused. */
const UNLIMITED_PATHS = [`${API_PREFIX}/health`];

type Limiter = (
  request: FastifyRequest,
) => Promise<
  | { isAllowed: true; key: string }
  | { isAllowed: false; key: string; max: number; remaining: number; ttlInSeconds: number; isExceeded: boolean }
>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on write routes by this plugin: they count writes per signed-in user after auth. */
    userWriteLimit?: boolean;
  }
}

const seconds = (n: number) => (n === 1 ? '1 second' : `${n} seconds`);

export default fp(
  async (app) => {
    const { config } = app;
    await app.register(rateLimit, {
      global: false,
      timeWindow: WINDOW_MS,
      // Redis unreachable: serve the request unlimited rather than fail it (logged, see redis.ts).
      skipOnError: true,
      ...(app.redis ? { redis: app.redis, nameSpace: 'b2b:rate:' } : {}),
    });

    const unlimitedPaths = new Set(UNLIMITED_PATHS);
    const isApiRead = (request: FastifyRequest) =>
      READ_METHODS.has(request.method) && (request.url === API_PREFIX || request.url.startsWith(`${API_PREFIX}/`));

    const readsByIp: Limiter = app.createRateLimit({
      max: config.readRateLimitPerMinute,
      keyGenerator: (request) => `read:ip:${request.ip}`,
    });
    const writesByIp: Limiter = app.createRateLimit({
      max: config.writeRateLimitPerMinute,
      keyGenerator: (request) => `write:ip:${request.ip}`,
    });
    const writesByUser: Limiter = app.createRateLimit({
      max: config.writeRateLimitPerMinute,
      keyGenerator: (request) => `write:uid:${request.user?.uid ?? ''}`,
    });

    async function enforce(limiter: Limiter, request: FastifyRequest, reply: FastifyReply, what: string) {
      const result = await limiter(request);
      if (result.isAllowed) return;
      reply.header('x-ratelimit-limit', result.max);
      reply.header('x-ratelimit-remaining', result.remaining);
      reply.header('x-ratelimit-reset', result.ttlInSeconds);
      if (!result.isExceeded) return;
      reply.header('retry-after', result.ttlInSeconds);
      throw new AppError('RATE_LIMITED', `Too many ${what}. Try again in ${seconds(result.ttlInSeconds)}.`);
    }

    app.addHook('onRequest', async (request, reply) => {
      if (request.method === 'OPTIONS' || unlimitedPaths.has(request.routeOptions.url ?? '')) return;
      if (READ_METHODS.has(request.method)) {
        // The SPA's pages and static files are not API reads.
        if (isApiRead(request)) await enforce(readsByIp, request, reply, 'requests');
        return;
      }
      // A token verified earlier is counted per user right after `authenticate` (below), on the
      // routes that do that; anything else (a 404, say) is counted by address.
      if (request.routeOptions.config?.userWriteLimit && app.knownUser(request)) return;
      await enforce(writesByIp, request, reply, 'changes');
    });

    const perUser = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.user) await enforce(writesByUser, request, reply, 'changes');
    };
    // Appended to each write route's own onRequest hooks, so it runs after `authenticate`.
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.every((method) => READ_METHODS.has(method) || method === 'OPTIONS')) return;
      const own = route.onRequest;
      route.onRequest = own === undefined ? [perUser] : Array.isArray(own) ? [...own, perUser] : [own, perUser];
      route.config = { ...route.config, userWriteLimit: true };
    });
  },
  { name: 'rate-limits', dependencies: ['config', 'auth', 'redis'] },
);
