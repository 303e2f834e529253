import fp from 'fastify-plugin';
import { createMailDelivery, emailQueueDefinition, type MailDelivery } from './delivery.js';
import { warnExpiringHolds } from './hold-warnings.js';
import { startSweep } from '../../lib/sweep.js';

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

    // Each runs once at a time per process, on its timer or when called (tests).
    const relay = startSweep(app, {
      step: () => delivery.relay(),
      batch: Number.POSITIVE_INFINITY,
      everyMs: RELAY_EVERY_MS,
      log: { failed: 'notification relay failed' },
    });
    const warn = startSweep(app, {
      step: (batch) => warnExpiringHolds(app.db, batch),
      batch: HOLD_WARNING_BATCH,
      everyMs: HOLD_WARNING_EVERY_MS,
      log: { failed: 'cart hold warning sweep failed' },
    });
    app.decorate('notifications', { delivery, relay, warnExpiringHolds: warn });
  },
  { name: 'notifications', dependencies: ['db', 'config', 'jobs', 'notification-repository'] },
);
