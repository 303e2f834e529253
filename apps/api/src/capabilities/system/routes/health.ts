import { healthSchema } from '@b2b/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const, db: 'up' as const };
      } catch (error) {
        app.logDatabaseUnavailable(request.log, error);
        return reply.code(503).send({ status: 'degraded', db: 'down' });
      }
    },
  );
};

export default healthRoutes;
