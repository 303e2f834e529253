import { emailParamsSchema, productListQuerySchema, productSchema } from '@b2b/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, pathEmailMustBeCaller } from '../../../plugins/app/auth.js';
import { bearer, errorResponses, LIST_HEADERS_DOC, sendPage } from '../../../lib/route-schemas.js';
import { sellerOf } from '../../companies/index.js';

const myProductRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/my-products/:email',
    {
      onRequest: app.authenticate,
      preHandler: pathEmailMustBeCaller('You can only list your own products.'),
      schema: {
        tags: ['products'],
        summary: "The signed-in user's products",
        description:
          'Only for the user whose email is in the path. For a member of a company, the company’s products (the ' +
          `business owns the catalogue), whoever created them. ${LIST_HEADERS_DOC}`,
        security: bearer,
        params: emailParamsSchema,
        querystring: productListQuerySchema,
        response: { 200: z.array(productSchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) =>
      sendPage(
        request,
        reply,
        await app.productRepository.list({
          ...request.query,
          sellerId: (await sellerOf(app.db, currentUser(request))).id,
        }),
      ),
  );
};

export default myProductRoutes;
