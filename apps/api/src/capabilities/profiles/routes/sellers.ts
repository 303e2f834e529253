import { sellerLookupQuerySchema, sellerNameSchema } from '@b2b/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses } from '../../../lib/route-schemas.js';

/**
 * Sellers' names for the pages that show a seller: any signed-in user may look up anyone's
 * company and display name. Signed-in only, like sellers' emails themselves (an anonymous
 * caller never sees an email to look up).
 */
const sellerRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.profileRepository;

  app.get(
    '/sellers',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: 'The names of sellers, by email',
        description:
          '`email` once per seller (1–100): `?email=a@x.com&email=b@y.com`. Answers `{email, companyName, ' +
          'displayName}` for each email that has a saved profile (emails lower-cased); the others are left out, ' +
          'and the client shows the email itself.',
        security: bearer,
        querystring: sellerLookupQuerySchema,
        response: { 200: z.array(sellerNameSchema), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => repo.sellerNames(request.query.email),
  );
};

export default sellerRoutes;
