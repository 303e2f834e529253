import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { APP_TITLE } from '@b2b/shared';
import { API_PREFIX, DOCS_PREFIX } from '../../lib/paths.js';

/**
 * The OpenAPI document and its UI at /api/docs, from the routes' zod schemas: in production only
 * with API_DOCS=true. Registered before any route, so it sees every one of them.
 */
export default fp(
  async (app) => {
    if (!app.config.apiDocs) return;
    await app.register(swagger, {
      openapi: {
        info: { title: `${APP_TITLE} API`, version: '1.0.0', description: `All routes live under ${API_PREFIX}.` },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' } },
        },
      },
      transform: createJsonSchemaTransform({ skipList: [DOCS_PREFIX, `${DOCS_PREFIX}/*`] }),
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  },
  { name: 'swagger', dependencies: ['config'] },
);
