import fp from 'fastify-plugin';
import { createMailDelivery, emailQueueDefinition, type MailDelivery } from './delivery.js';
import { warnExpiringHolds } from './hold-warnings.js';

/*
 * Notifications (docs/architecture.md, "Notifications"): the inbox repository, the email
 * worker on the job queue, and two timers per process, both unref'd and stopped on close:
 * the relay (every second: rows without a delivery job get one; normally an empty index scan)
 * and the cart-hold warning sweep (once a minute).
 */

declare module 'fastify' {
  interface FastifyInstance {
    notifications: {
      delivery: MailDelivery;
      /** Relays now (tests; the timer does it every second). */
      relay(): Promise<number>;
      /** Warns buyers of holds ending within 12 hours now; returns how many items. */
      warnExpiringHolds(): Promise<number>;
    };
  }
}

export const RELAY_EVERY_MS = 1_000;
export const HOLD_WARNING_EVERY_MS = 60_000;
const HOLD_WARNING_BATCH = 500;

export default fp(
  async (app) => {
    const repo = app.notificationRepository;
    const delivery = createMailDelivery({
      db: app.db,
      config: app.config,
      log: app.log,
      queue: app.jobs,
      repository: repo,
    });
    if (!delivery.enabled) {
      const message = 'Email is off: SMTP_URL is not set. Notifications still reach the in-app inbox.';
      if (app.config.nodeEnv === 'production') app.log.warn(message);
      else app.log.info(message);
    }
    await app.jobs.work(emailQueueDefinition(app.config), delivery.deliver);

    // One run of each at a time per process: a slow one is joined, not doubled.
    const inFlight = new Set<Promise<number>>();
    const single = (task: () => Promise<number>) => {
      let running: Promise<number> | null = null;
      return () => {
        if (!running) {
          const started = task().finally(() => {
            running = null;
            inFlight.delete(started);
          });
          running = started;
          inFlight.add(started);
        }
        return running;
      };
    };
    const relay = single(delivery.relay);
    const warn = single(async () => {
      let total = 0;
      for (;;) {
        const n = await warnExpiringHolds(app.db, HOLD_WARNING_BATCH);
        total += n;
        if (n < HOLD_WARNING_BATCH) return total;
      }
    });
    app.decorate('notifications', { delivery, relay, warnExpiringHolds: warn });

    const relayTimer = setInterval(() => {
      relay().catch((error: unknown) => app.log.warn({ err: error }, 'notification relay failed'));
    }, RELAY_EVERY_MS);
    const warnTimer = setInterval(() => {
      warn().catch((error: unknown) => app.log.warn({ err: error }, 'cart hold warning sweep failed'));
    }, HOLD_WARNING_EVERY_MS);
    relayTimer.unref();
    warnTimer.unref();
    app.addHook('onClose', async () => {
      clearInterval(relayTimer);
      clearInterval(warnTimer);
      await Promise.allSettled([...inFlight]);
    });
  },
  { name: 'notifications', dependencies: ['db', 'config', 'jobs', 'notification-repository'] },
);
