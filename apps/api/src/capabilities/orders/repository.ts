import fp from 'fastify-plugin';
import type { AppDb } from '../../db/client.js';
import type { CartRepository } from '../carts/index.js';
import { createApprovals } from './approvals.js';
import { createCheckout } from './checkout.js';
import { createOrderQueries } from './queries.js';
import { createReorder } from './reorder.js';
import { createStatusChanges } from './status.js';
import type { OrderDocuments } from './mapping.js';

export { toOrderSummary, type OrderPage, type OrderRole } from './mapping.js';

/*
 * Orders (docs/architecture.md, "Orders and cart holds"). Every change is one transaction:
 * placing empties the cart into one order per seller; a status change locks the order row, so
 * of two concurrent changes (a buyer's and a seller's cancel, say) the second sees the first's
 * result; cancelling returns the stock of every line in the same transaction.
 */

export function createOrderRepository(
  db: AppDb,
  {
    carts,
    approvalTimeoutHours,
    documents,
  }: { carts: CartRepository; approvalTimeoutHours: number; documents?: OrderDocuments },
) {
  const queries = createOrderQueries(db);
  const { lockedOrder: _locked, visibleOrder: _visible, readOrder: _read, linesOf: _lines, ...reads } = queries;
  return {
    ...createCheckout(db, { approvalTimeoutHours }),
    ...reads,
    ...createApprovals(db, queries),
    ...createStatusChanges(db, queries, documents),
    ...createReorder(db, { carts, ...queries }),
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Orders: checkout, approvals, status changes, reorder and the order lists. */
    orderRepository: OrderRepository;
  }
}

/** The repository as a plugin: routes and other plugins reach it as `app.orderRepository`. */
export default fp(
  async (app) => {
    app.decorate(
      'orderRepository',
      createOrderRepository(app.db, {
        carts: app.cartRepository,
        approvalTimeoutHours: app.config.approvalTimeoutHours,
        documents: app.orderDocuments,
      }),
    );
  },
  { name: 'order-repository', dependencies: ['db', 'config', 'cart-repository', 'invoice-repository'] },
);
