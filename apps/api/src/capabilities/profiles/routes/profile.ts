import { profileSchema, profileUpdateSchema } from '@b2b/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../plugins/app/auth.js';
import { bearer, errorResponses } from '../../../lib/route-schemas.js';

const tags = ['profile'];

/** The caller's own profile: there is no path or body field that could name another user. */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.profileRepository;

  app.get(
    '/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The caller's profile",
        description: "Company name, display name and photo URL as last saved ('' when never saved; updatedAt null).",
        security: bearer,
        response: { 200: profileSchema, ...errorResponses(401, 429) },
      },
    },
    async (request) => repo.get(currentUser(request)),
  );

  app.put(
    '/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Save the caller's profile",
        description:
          'The whole profile: displayName, photoURL (https or a path on this site, like product images) and ' +
          'companyName; a missing field is saved as empty. The account is the token’s: uid or email in the body are ignored.',
        security: bearer,
        body: profileUpdateSchema,
        response: { 200: profileSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => repo.save(currentUser(request), request.body),
  );
};

export default profileRoutes;
