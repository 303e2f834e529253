import fp from 'fastify-plugin';
import { startSweep } from '../../lib/sweep.js';

/*
 * The quote sweep (docs/architecture.md, "Quotes"): every QUOTE_SWEEP_SECONDS (60) each API process
 * expires the offers past their validUntil and warns the buyers of offers expiring within a day.
 * Like the other sweeps, its timer is unref'd and stopped (an unfinished sweep awaited) on close.
 */

declare module 'fastify' {
  interface FastifyInstance {
    quoteSweep: {
      /** Expires and warns of everything due now, batch by batch; how many quotes it moved or warned of. */
      sweep(): Promise<number>;
    };
  }
}

export const QUOTE_SWEEP_BATCH = 200;

export default fp(
  async (app) => {
    const sweep = startSweep(app, {
      step: (batch) => app.quoteRepository.sweep(batch),
      batch: QUOTE_SWEEP_BATCH,
      everyMs: app.config.quoteSweepSeconds * 1000,
      log: { done: 'expired or warned of quotes', failed: 'quote sweep failed' },
    });
    app.decorate('quoteSweep', { sweep });
  },
  { name: 'quote-sweep', dependencies: ['db', 'config', 'quote-repository'] },
);
