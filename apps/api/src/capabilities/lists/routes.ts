import {
  idParamsSchema,
  listAddToCartResultSchema,
  listCreateSchema,
  listFromSchema,
  listLineInputSchema,
  listLineParamsSchema,
  listRenameSchema,
  listSchema,
  listShareSchema,
  listSummarySchema,
} from '@b2b/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/app/auth.js';
import { bearer, errorResponses } from '../../lib/route-schemas.js';
import { found, notFound } from '../../lib/errors.js';

const tags = ['lists'];

const listRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.listRepository;
  const mine =
    'Lists belong to their owner: another user’s list answers 404, like one that does not exist. A list shared ' +
    'with the owner’s company is read by its members and changed by the owner and its admins (403 for other members).';

  app.get(
    '/lists',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The caller's saved lists, last changed first",
        security: bearer,
        response: { 200: z.array(listSummarySchema), ...errorResponses(401, 429) },
      },
    },
    async (request) => repo.list(currentUser(request)),
  );

  app.post(
    '/lists',
    {
      onRequest: app.authenticate,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Create an empty list',
        security: bearer,
        body: listCreateSchema,
        response: { 201: listSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await repo.create(currentUser(request), request.body.name)),
  );

  app.post(
    '/lists/from-cart',
    {
      onRequest: app.authenticate,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Save the cart as a new list',
        description:
          'Every product of the cart with the quantity the cart holds of it. 409 EMPTY_CART for an empty cart.',
        security: bearer,
        body: listFromSchema,
        response: { 201: listSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await repo.fromCart(currentUser(request), request.body.name)),
  );

  app.post(
    '/lists/from-order/:id',
    {
      onRequest: app.authenticate,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Save an order the caller bought as a new list',
        security: bearer,
        params: idParamsSchema,
        body: listFromSchema,
        response: { 201: listSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(found(await repo.fromOrder(currentUser(request), request.params.id, request.body.name), 'Order')),
  );

  app.get(
    '/lists/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'One list with its lines',
        description: `${mine} A line whose product was deleted has \`product: null\`.`,
        security: bearer,
        params: idParamsSchema,
        response: { 200: listSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => found(await repo.get(request.params.id, currentUser(request)), 'List'),
  );

  app.patch(
    '/lists/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Rename a list',
        description: mine,
        security: bearer,
        params: idParamsSchema,
        body: listRenameSchema,
        response: { 200: listSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => found(await repo.rename(request.params.id, currentUser(request), request.body.name), 'List'),
  );

  app.put(
    '/lists/:id/shared',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Share a list with the owner's company, or stop sharing it",
        description:
          'The owner only (403 for a member who reads it shared; 404 for anyone else). Shared, every member of the ' +
          "owner's company reads it and adds it to their cart; the owner and the company's admins edit it. 400 " +
          'without a company.',
        security: bearer,
        params: idParamsSchema,
        body: listShareSchema,
        response: { 200: listSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => found(await repo.share(request.params.id, currentUser(request), request.body.shared), 'List'),
  );

  app.delete(
    '/lists/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Delete a list',
        description: mine,
        security: bearer,
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      if (!(await repo.remove(request.params.id, currentUser(request)))) throw notFound('List');
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/lists/:id/lines/:productId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Set a product's quantity in a list (adds the line when it is new)",
        description: `${mine} 404 for a product that does not exist (unless the list already has it).`,
        security: bearer,
        params: listLineParamsSchema,
        body: listLineInputSchema,
        response: { 200: listSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      found(
        await repo.setLine(request.params.id, currentUser(request), request.params.productId, request.body.quantity),
        'List',
      ),
  );

  app.delete(
    '/lists/:id/lines/:productId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Remove a product from a list',
        description: mine,
        security: bearer,
        params: listLineParamsSchema,
        response: { 200: listSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      found(await repo.removeLine(request.params.id, currentUser(request), request.params.productId), 'List'),
  );

  app.post(
    '/lists/:id/add-to-cart',
    {
      onRequest: app.authenticate,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Buy every line of a list into the cart',
        description:
          `${mine} Each line goes through the purchase rules, all in one transaction; one result per line, and a ` +
          'product deleted since is reported (NOT_FOUND), not dropped. Honours `Idempotency-Key`.',
        security: bearer,
        params: idParamsSchema,
        response: { 200: listAddToCartResultSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => found(await repo.addToCart(request.params.id, currentUser(request)), 'List'),
  );
};

export default listRoutes;
