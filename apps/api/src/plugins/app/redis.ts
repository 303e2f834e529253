import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { LogThrottle } from '../../lib/log-throttle.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared store of every API process (REDIS_URL), or null: state stays in this process. */
    redis: Redis | null;
  }
}

const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Connects to REDIS_URL when it is set, and fails the start-up when Redis cannot be reached then.
 * Later outages do not fail requests: commands fail at once (no offline queue) and the rate
 * limits let requests through until Redis is back, with one log line per minute.
 */
export default fp(
  async (app) => {
    const url = app.config.redisUrl;
    if (!url) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: CONNECT_TIMEOUT_MS,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    const throttle = new LogThrottle(60_000);
    redis.on('error', (error: Error) => {
      const suppressed = throttle.take();
      if (suppressed !== null)
        app.log.error({ err: error, suppressed }, 'Redis unavailable: rate limits are not enforced');
    });
    try {
      await redis.connect();
    } catch (error) {
      redis.disconnect();
      throw new Error(`REDIS_URL: cannot connect to Redis (${(error as Error).message}).`, { cause: error });
    }
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis', dependencies: ['config'] },
);
