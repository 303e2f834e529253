import { Redis } from 'ioredis';

/** The Redis the tests use: TEST_REDIS_URL, or one on the default local port. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when a Redis answers at `url`; otherwise prints why the Redis tests are skipped. */
export async function redisReachable(url = TEST_REDIS_URL): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch (error) {
    console.warn(
      `Skipping the Redis tests: no Redis answers at ${url} (${(error as Error).message}). ` +
        'Start one (redis-server) or set TEST_REDIS_URL; CI has one.',
    );
    return false;
  } finally {
    probe.disconnect();
  }
}

/** An address no other test run uses, so counters in a shared Redis never collide. */
export const uniqueAddress = () =>
  `2001:db8::${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
