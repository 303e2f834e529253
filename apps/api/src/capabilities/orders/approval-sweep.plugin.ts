import fp from 'fastify-plugin';

/*
 * The approval timeout sweep (docs/architecture.md, "Company accounts"): a company order above
 * its buyer's spending limit waits APPROVAL_TIMEOUT_HOURS for an approver; once a minute every
 * API process rejects the expired ones in batches, one transaction each, returning their stock
 * (capabilities/orders/, expireApprovals: FOR UPDATE SKIP LOCKED, so several processes never
 * reject the same order, and an approver's decision in progress is waited for by nobody). Like
 * the cart hold sweep, the timer is unref'd and stopped (an unfinished sweep awaited) on close.
 */

declare module 'fastify' {
  interface FastifyInstance {
    approvals: {
      /** Rejects every expired approval now, batch by batch; returns how many orders were rejected. */
      sweep(): Promise<number>;
    };
  }
}

export const APPROVAL_SWEEP_EVERY_MS = 60_000;
export const APPROVAL_SWEEP_BATCH = 200;

export default fp(
  async (app) => {
    const orders = app.orderRepository;
    let running: Promise<number> | null = null;

    async function rejectAll(): Promise<number> {
      let rejected = 0;
      for (;;) {
        const n = await orders.expireApprovals(APPROVAL_SWEEP_BATCH);
        rejected += n;
        if (n < APPROVAL_SWEEP_BATCH) return rejected;
      }
    }

    /** One sweep at a time per process: a slow one is joined, not doubled. */
    function sweep(): Promise<number> {
      running ??= rejectAll().finally(() => {
        running = null;
      });
      return running;
    }
    app.decorate('approvals', { sweep });

    const timer = setInterval(() => {
      sweep()
        .then((rejected) => {
          if (rejected > 0) app.log.info({ rejected }, 'rejected orders whose approval timed out');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'approval sweep failed'));
    }, APPROVAL_SWEEP_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running?.catch(() => undefined);
    });
  },
  { name: 'approval-sweep', dependencies: ['order-repository'] },
);
