import { errorBodySchema, webConfigSchema } from '@b2b/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const configRoutes: FastifyPluginAsyncZod = async (app) => {
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
      // The settings belong to the deployment, not to the build: a browser must never keep a stale copy.
      reply.header('Cache-Control', 'no-cache');
      return app.config.web;
    },
  );
};

export default configRoutes;
