import fp from 'fastify-plugin';
import { startSweep } from '../../lib/sweep.js';

/*
 * The cart hold sweep (docs/architecture.md, "Orders and cart holds"): a cart item holds its
 * stock for CART_HOLD_HOURS; once a minute every API process releases expired holds in
 * batches, one transaction each (capabilities/carts/repository.ts, releaseExpiredHolds: FOR UPDATE SKIP
 * LOCKED, so several processes never release the same item). The timer is unref'd so it never
 * keeps a process alive, and it is stopped (and an unfinished sweep awaited) on close.
 */

declare module 'fastify' {
  interface FastifyInstance {
    cartHolds: {
      /** Releases every expired hold now, batch by batch; returns how many items were released. */
      sweep(): Promise<number>;
    };
  }
}

export const HOLD_SWEEP_EVERY_MS = 60_000;
export const HOLD_SWEEP_BATCH = 500;

export default fp(
  async (app) => {
    const carts = app.cartRepository;
    const sweep = startSweep(app, {
      step: (batch) => carts.releaseExpiredHolds(batch),
      batch: HOLD_SWEEP_BATCH,
      everyMs: HOLD_SWEEP_EVERY_MS,
      log: { done: 'released expired cart holds', failed: 'cart hold sweep failed' },
    });
    app.decorate('cartHolds', { sweep });
  },
  { name: 'cart-holds', dependencies: ['cart-repository'] },
);
