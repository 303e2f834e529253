import {
  deleteResultSchema,
  facetsSchema,
  idParamsSchema,
  insertResultSchema,
  productCreateSchema,
  productFacetsQuerySchema,
  productListQuerySchema,
  productUpdateSchema,
  publicProductSchema,
  stockAdjustSchema,
  stockResultSchema,
  updateResultSchema,
} from '@b2b/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../../lib/errors.js';
import { currentUser } from '../../../plugins/app/auth.js';
import {
  bearer,
  errorResponses,
  forCaller,
  LIST_HEADERS_DOC,
  optionalBearer,
  productListResponse,
  permissionDoc,
} from '../../../lib/route-schemas.js';
import { dependsOn } from '../cache.plugin.js';
import { FACET_DEPENDENCIES, sendListing } from '../listing-answer.js';

const tags = ['products'];

const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.productRepository;

  app.get(
    '/products',
    {
      onRequest: app.optionalAuthenticate,
      config: { catalogueCache: true },
      schema: {
        tags,
        summary: 'List products',
        description: `${LIST_HEADERS_DOC} Sellers' emails are sent to signed-in callers only.`,
        security: optionalBearer,
        querystring: productListQuerySchema,
        response: productListResponse,
      },
    },
    async (request, reply) => sendListing(request, reply, request.query, await repo.list(request.query)),
  );

  app.get(
    '/products/facets',
    {
      onRequest: app.optionalAuthenticate,
      config: { catalogueCache: true },
      schema: {
        tags,
        summary: 'Facet counts of a product list',
        description:
          'Takes the filters of GET /products (category, available, q, brand, priceMin, priceMax, ratingMin, ' +
          'seller). Each facet counts the products matching every filter but its own. A count is exact unless ' +
          'more than 10,000 products match the facet’s other filters; then it is an estimate (estimate: true). ' +
          'brands lists the 20 largest, brandsMore how many more there are.',
        security: optionalBearer,
        querystring: productFacetsQuerySchema,
        response: { 200: facetsSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      dependsOn(request, FACET_DEPENDENCIES);
      return repo.facets(request.query);
    },
  );

  app.get(
    '/products/:id',
    {
      onRequest: app.optionalAuthenticate,
      config: { catalogueCache: true },
      schema: {
        tags,
        summary: 'One product',
        description: "The seller's email is sent to signed-in callers only.",
        security: optionalBearer,
        params: idParamsSchema,
        response: { 200: publicProductSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const product = await repo.get(request.params.id);
      if (!product) throw notFound('Product');
      dependsOn(request, { products: [product._id], availability: false, price: false });
      return forCaller(request, product);
    },
  );

  app.post(
    '/products',
    {
      onRequest: app.authenticate,
      // Idempotency-Key: a retried POST adds the product once (plugins/app/idempotency.ts).
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Add a product owned by the signed-in user',
        description:
          'The owner comes from the token; an `email` in the body is ignored. 409 SKU_TAKEN when the seller ' +
          'already uses the SKU (compared case-insensitively). ' +
          permissionDoc('catalogue'),
        security: bearer,
        body: productCreateSchema,
        response: { 201: insertResultSchema, ...errorResponses(400, 401, 403, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const insertedId = await repo.create(currentUser(request), request.body);
      return reply.code(201).send({ acknowledged: true, insertedId });
    },
  );

  app.put(
    '/products/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Update the signed-in user's product",
        description:
          'modifiedCount is 0 when every sent value equals the stored one. The trade rules (pack, maximum, ' +
          'price tiers) are checked on the product as the update would leave it; 409 SKU_TAKEN when the seller ' +
          'already uses the SKU. ' +
          permissionDoc('catalogue'),
        security: bearer,
        params: idParamsSchema,
        body: productUpdateSchema,
        response: { 200: updateResultSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const updated = await repo.update(request.params.id, currentUser(request), request.body);
      if (!updated) throw notFound('Product');
      const { matched, modified } = updated;
      return { acknowledged: true, matchedCount: matched, modifiedCount: modified };
    },
  );

  app.delete(
    '/products/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Delete the signed-in user's product",
        description: `Cart items that bought it keep their snapshot. ${permissionDoc('catalogue')}`,
        security: bearer,
        params: idParamsSchema,
        response: { 200: deleteResultSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const deletedCount = await repo.remove(request.params.id, currentUser(request));
      if (deletedCount === null) throw notFound('Product');
      return { acknowledged: true, deletedCount };
    },
  );

  app.patch(
    '/products/quantity/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Adjust stock by -decBy',
        description:
          'A negative decBy adds stock. Stock never goes below 0 (409 INSUFFICIENT_STOCK) ' +
          'nor above 1,000,000,000 (409 STOCK_LIMIT_EXCEEDED). ' +
          permissionDoc('catalogue'),
        security: bearer,
        params: idParamsSchema,
        body: stockAdjustSchema,
        response: { 200: stockResultSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const quantity = await repo.adjustQuantity(request.params.id, currentUser(request), request.body.decBy);
      if (quantity === null) throw notFound('Product');
      return { acknowledged: true, quantity };
    },
  );
};

export default productRoutes;
