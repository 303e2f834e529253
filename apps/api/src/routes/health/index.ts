import { errorBodySchema, healthSchema, webConfigSchema } from '@b2b/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const systemRoutes: FastifyPluginAsyncZod = async (app) => {
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
        request.log.error({ err: error }, 'database ping failed');
        return reply.code(503).send({ status: 'degraded', db: 'down' });
      }
    },
  );

  app.get(
    '/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Firebase web configuration for the SPA',
        description: 'Served at run time so one web build runs in every environment.',
        response: { 200: webConfigSchema, 500: errorBodySchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return app.config.web;
    },
  );
};

export default systemRoutes;
