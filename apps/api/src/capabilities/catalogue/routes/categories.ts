import { categoryListQuerySchema, categoryParamsSchema, productListQuerySchema } from '@b2b/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIST_HEADERS_DOC, optionalBearer, productListResponse } from '../../../lib/route-schemas.js';
import { sendListing } from '../listing-answer.js';

const tags = ['categories'];

const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.productRepository;

  app.get(
    '/categories',
    {
      onRequest: app.optionalAuthenticate,
      config: { catalogueCache: true },
      schema: {
        tags,
        summary: 'Products of every category',
        description: `${LIST_HEADERS_DOC} Sellers' emails are sent to signed-in callers only.`,
        security: optionalBearer,
        querystring: productListQuerySchema,
        response: productListResponse,
      },
    },
    async (request, reply) => sendListing(request, reply, request.query, await repo.list(request.query)),
  );

  app.get(
    '/categories/:id',
    {
      onRequest: app.optionalAuthenticate,
      config: { catalogueCache: true },
      schema: {
        tags,
        summary: 'Products of one category',
        description: `id is one of the nine category values. ${LIST_HEADERS_DOC} Sellers' emails are sent to signed-in callers only.`,
        security: optionalBearer,
        params: categoryParamsSchema,
        querystring: categoryListQuerySchema,
        response: productListResponse,
      },
    },
    async (request, reply) =>
      sendListing(request, reply, request.query, await repo.list({ ...request.query, category: request.params.id })),
  );
};

export default categoryRoutes;
