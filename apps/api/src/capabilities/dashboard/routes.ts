import { dashboardSchema } from '@b2b/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/app/auth.js';
import { bearer, errorResponses, permissionDoc } from '../../lib/route-schemas.js';

/** The caller's business's overview as a seller: anyone signed in sells (as their company, by role), so anyone may have one. */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.dashboardRepository;
  app.get(
    '/dashboard',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['dashboard'],
        summary: "The caller's sales overview",
        description:
          'The last 30 days (UTC) of orders and revenue per day (cancelled orders left out), the orders waiting for ' +
          'confirmation (count and the five oldest), the top five products by revenue in those 30 days, and up to ' +
          'five products with fewer than two minimum orders of stock left. ' +
          permissionDoc('dashboard'),
        security: bearer,
        response: { 200: dashboardSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => repo.get(currentUser(request)),
  );
};

export default dashboardRoutes;
