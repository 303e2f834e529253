import fp from 'fastify-plugin';

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
    let running: Promise<number> | null = null;

    async function releaseAll(): Promise<number> {
      let released = 0;
      for (;;) {
        const n = await carts.releaseExpiredHolds(HOLD_SWEEP_BATCH);
        released += n;
        if (n < HOLD_SWEEP_BATCH) return released;
      }
    }

    /** One sweep at a time per process: a slow one is joined, not doubled. */
    function sweep(): Promise<number> {
      running ??= releaseAll().finally(() => {
        running = null;
      });
      return running;
    }
    app.decorate('cartHolds', { sweep });

    const timer = setInterval(() => {
      sweep()
        .then((released) => {
          if (released > 0) app.log.info({ released }, 'released expired cart holds');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'cart hold sweep failed'));
    }, HOLD_SWEEP_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running?.catch(() => undefined);
    });
  },
  { name: 'cart-holds', dependencies: ['cart-repository'] },
);
