import {
  idParamsSchema,
  orderListQuerySchema,
  orderRejectSchema,
  orderSchema,
  orderStatusCountsSchema,
  orderStatusUpdateSchema,
  orderSummarySchema,
  placeOrderResultSchema,
  placeOrderSchema,
  reorderResultSchema,
} from '@b2b/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { found } from '../../../lib/errors.js';
import { currentUser } from '../../../plugins/app/auth.js';
import { answerInTransaction } from '../../../plugins/app/idempotency.js';
import { bearer, errorResponses, setPageHeaders } from '../../../lib/route-schemas.js';
import { ORDER_LIST_DOC } from '../docs.js';

const tags = ['orders'];

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.orderRepository;

  app.post(
    '/orders',
    {
      onRequest: app.authenticate,
      // Idempotency-Key: a retried or double-clicked checkout places the orders once and gets the
      // same answer (plugins/app/idempotency.ts).
      config: { idempotent: true },
      schema: {
        tags,
        summary: "Checkout: place the caller's whole cart",
        description:
          'One transaction: the cart empties into one order per seller (the stock was taken when the items entered ' +
          'the cart), or nothing changes. 409 EMPTY_CART when the cart has nothing (its holds may have expired). ' +
          'With an Idempotency-Key, a retry gets the first answer and places nothing again.',
        security: bearer,
        body: placeOrderSchema,
        response: { 201: placeOrderResultSchema, ...errorResponses(400, 401, 409, 422, 429) },
      },
    },
    // With a key, the answer is stored in the checkout's transaction.
    async (request, reply) =>
      reply
        .code(201)
        .send(await repo.place(currentUser(request), request.body, answerInTransaction(request, reply, 201))),
  );

  app.get(
    '/orders',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The caller's orders as buyer (My Orders)",
        description: ORDER_LIST_DOC,
        security: bearer,
        querystring: orderListQuerySchema,
        response: { 200: z.array(orderSummarySchema), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const page = await repo.list(currentUser(request), 'buyer', request.query);
      setPageHeaders(request, reply, page);
      return page.items;
    },
  );

  app.get(
    '/orders/counts',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "How many of the caller's orders (as buyer) are in each status",
        security: bearer,
        response: { 200: orderStatusCountsSchema, ...errorResponses(401, 429) },
      },
    },
    async (request) => repo.countByStatus(currentUser(request), 'buyer'),
  );

  app.get(
    '/orders/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'An order with its lines, address and status history',
        description:
          'For its buyer, its seller (once the seller sees it: not while it awaits approval, nor when rejected) and ' +
          "the approvers and admins of the buyer's company; 403 for anyone else, but 404 for a company order, so " +
          "another company's ids cannot be probed. `nextStatuses` lists what the caller may do; `approval` (on an " +
          'order that needed approval) names who can approve it.',
        security: bearer,
        params: idParamsSchema,
        response: { 200: orderSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => found(await repo.get(request.params.id, currentUser(request)), 'Order'),
  );

  app.patch(
    '/orders/:id/status',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Move an order to its next status',
        description:
          'placed → confirmed → shipped → delivered, and cancelled from placed (buyer or seller) or confirmed ' +
          '(seller) or awaiting_approval (buyer). A change not in that table is 409 INVALID_TRANSITION; one in it ' +
          'but not for the caller is 403 (approving and rejecting have their own routes). An order the caller ' +
          "may not see (another buyer's, a company order of a colleague without a company-wide role, or one " +
          'still awaiting approval for its seller) is 404 before any of that. ' +
          'Cancelling returns the stock of every line in the same transaction. `trackingRef` only with shipped.',
        security: bearer,
        params: idParamsSchema,
        body: orderStatusUpdateSchema,
        response: { 200: orderSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => found(await repo.changeStatus(request.params.id, currentUser(request), request.body), 'Order'),
  );

  app.post(
    '/orders/:id/approve',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Approve an order awaiting approval: it becomes placed and its seller sees it',
        description:
          "An approver or admin of the buyer's company (the role read from the database now). 404 for whoever may " +
          'not see the order, so ids cannot be probed: a colleague with the buyer role, anyone outside the company ' +
          'or without one, and its seller until it is approved. 403 for its own buyer when they are not an approver ' +
          'or admin of its company, for an approver or admin approving their own order above their own limit ' +
          '(another must), for its seller once approved, and for anyone on an order placed without a company. 409 ' +
          'INVALID_TRANSITION (for an approver or admin) unless it awaits approval: of an approve and a reject ' +
          'racing, exactly one wins. The seller is notified now, not before.',
        security: bearer,
        params: idParamsSchema,
        response: { 200: orderSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => found(await repo.approve(request.params.id, currentUser(request)), 'Order'),
  );

  app.post(
    '/orders/:id/reject',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Reject an order awaiting approval, with a reason: its stock returns in the same transaction',
        description:
          "An approver or admin of the buyer's company, their own orders included. 404 for whoever may not see the " +
          'order: a colleague with the buyer role, anyone outside the company or without one, and its seller until ' +
          'it is approved. 403 for its own buyer when they are not an approver or admin of its company, for its ' +
          'seller once approved, and for anyone on an order placed without a company. 409 INVALID_TRANSITION (for ' +
          'an approver or admin) unless it awaits approval. The buyer is told the reason.',
        security: bearer,
        params: idParamsSchema,
        body: orderRejectSchema,
        response: { 200: orderSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => found(await repo.reject(request.params.id, currentUser(request), request.body.reason), 'Order'),
  );

  app.post(
    '/orders/:id/reorder',
    {
      onRequest: app.authenticate,
      // A retried reorder with the same key buys the lines once.
      config: { idempotent: true },
      schema: {
        tags,
        summary: "Buy an order's lines again into the cart",
        description:
          'Each line goes through the ordinary purchase (minimum order, stock, today’s price) on its own; the answer ' +
          'says per line whether it was added or why not (product_gone, min_order_not_met, insufficient_stock). ' +
          'Only the buyer may reorder.',
        security: bearer,
        params: idParamsSchema,
        response: { 200: reorderResultSchema, ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request) => found(await repo.reorder(request.params.id, currentUser(request)), 'Order'),
  );
};

export default orderRoutes;
