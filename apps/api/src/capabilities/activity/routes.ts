import { activityPageSchema, activityQuerySchema } from '@b2b/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/app/auth.js';
import { bearer, errorResponses, permissionDoc } from '../../lib/route-schemas.js';
import { requireMembership, requirePermission, sellerOf } from '../companies/index.js';

/** The company's activity log (the contract: packages/shared/src/activity.ts). */
const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/companies/current/activity',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['companies'],
        summary: "The company's activity log, newest first",
        description:
          'Who changed what, when, with the values before and after: product fields, price tiers and stock, order ' +
          'status changes, staff and role changes, imports started. Filter by `member` (a uid) and `kind`; page ' +
          'with `cursor` (the last page’s `nextCursor`). 404 NOT_FOUND for a caller without a company. ' +
          permissionDoc('activity'),
        security: bearer,
        querystring: activityQuerySchema,
        response: { 200: activityPageSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await requireMembership(app.db, user.uid);
      const seller = await sellerOf(app.db, user);
      requirePermission(seller, 'activity');
      return app.activityRepository.page(seller.id, request.query);
    },
  );
};

export default activityRoutes;
