import fp from 'fastify-plugin';
import { startSweep } from '../../lib/sweep.js';
import { remindPayments } from './reminders.js';

/*
 * The payment reminder sweep (docs/architecture.md, "Accounts"): every PAYMENT_REMINDER_SWEEP_SECONDS (600) each API
 * process reminds customers of invoices falling due in 3 days and of overdue ones, each once.
 * Like the other sweeps, its timer is unref'd and stopped (an unfinished sweep awaited) on close.
 */

declare module 'fastify' {
  interface FastifyInstance {
    paymentReminders: {
      /** Sends every reminder due now, batch by batch; returns how many invoices were reminded. */
      sweep(): Promise<number>;
    };
  }
}

export const REMINDER_SWEEP_BATCH = 200;

export default fp(
  async (app) => {
    const sweep = startSweep(app, {
      step: (batch) => remindPayments(app.db, batch),
      batch: REMINDER_SWEEP_BATCH,
      everyMs: app.config.paymentReminderSweepSeconds * 1000,
      log: { done: 'sent payment reminders', failed: 'payment reminder sweep failed' },
    });
    app.decorate('paymentReminders', { sweep });
  },
  { name: 'payment-reminder-sweep', dependencies: ['db', 'config'] },
);
