import { orderListQuerySchema, orderStatusCountsSchema, orderSummarySchema } from '@b2b/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../../plugins/app/auth.js';
import { ORDER_LIST_DOC } from '../docs.js';
import { bearer, errorResponses, permissionDoc, setPageHeaders } from '../../../lib/route-schemas.js';

const tags = ['orders'];

/** The seller's desk: orders for the caller's products. Changes go through PATCH /orders/:id/status. */
const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.orderRepository;

  app.get(
    '/sales',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Orders for the caller's products (the seller's desk)",
        description: `${ORDER_LIST_DOC} ${permissionDoc('sales')}`,
        security: bearer,
        querystring: orderListQuerySchema,
        response: { 200: z.array(orderSummarySchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const page = await repo.list(currentUser(request), 'seller', request.query);
      setPageHeaders(request, reply, page);
      return page.items;
    },
  );

  app.get(
    '/sales/counts',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "How many of the caller's sales are in each status",
        description: permissionDoc('sales'),
        security: bearer,
        response: { 200: orderStatusCountsSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => repo.countByStatus(currentUser(request), 'seller'),
  );
};

export default salesRoutes;
