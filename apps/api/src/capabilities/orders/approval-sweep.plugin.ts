import fp from 'fastify-plugin';
import { startSweep } from '../../lib/sweep.js';

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
    const sweep = startSweep(app, {
      step: (batch) => orders.expireApprovals(batch),
      batch: APPROVAL_SWEEP_BATCH,
      everyMs: APPROVAL_SWEEP_EVERY_MS,
      log: { done: 'rejected orders whose approval timed out', failed: 'approval sweep failed' },
    });
    app.decorate('approvals', { sweep });
  },
  { name: 'approval-sweep', dependencies: ['order-repository'] },
);
