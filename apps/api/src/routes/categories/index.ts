import { categoryListQuerySchema, categoryParamsSchema, productListQuerySchema, productSchema } from '@b2b/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, LIST_HEADERS_DOC, setPageHeaders } from '../schemas.js';

const tags = ['categories'];

const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.repos.products;

  app.get(
    '/categories',
    {
      schema: {
        tags,
        summary: 'Products of every category',
        description: LIST_HEADERS_DOC,
        querystring: productListQuerySchema,
        response: { 200: z.array(productSchema), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const page = await repo.list(request.query);
      setPageHeaders(request, reply, page);
      return page.items;
    },
  );

  app.get(
    '/categories/:id',
    {
      schema: {
        tags,
        summary: 'Products of one category',
        description: `id is one of the nine category values. ${LIST_HEADERS_DOC}`,
        params: categoryParamsSchema,
        querystring: categoryListQuerySchema,
        response: { 200: z.array(productSchema), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const page = await repo.list({ ...request.query, category: request.params.id });
      setPageHeaders(request, reply, page);
      return page.items;
    },
  );
};

export default categoryRoutes;
