import {
  cartItemSchema,
  deleteResultSchema,
  emailParamsSchema,
  idParamsSchema,
  insertResultSchema,
  pageQuerySchema,
  productHoldSchema,
  purchaseSchema,
} from '@b2b/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, pathEmailMustBeCaller } from '../../plugins/app/auth.js';
import { answerInTransaction } from '../../plugins/app/idempotency.js';
import { bearer, errorResponses, setTotal } from '../../lib/route-schemas.js';
import { notFound } from '../../lib/errors.js';

const tags = ['carts'];

const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.cartRepository;

  app.post(
    '/carts',
    {
      onRequest: app.authenticate,
      // Idempotency-Key: a double click or a retried request buys once (plugins/app/idempotency.ts).
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Buy a quantity of a product',
        description:
          'One transaction: checks the minimum order (422 MIN_ORDER_NOT_MET), the pack size (422 QUANTITY_NOT_MULTIPLE), ' +
          "the maximum per buyer over all of the buyer's cart items of the product (422 MAX_ORDER_EXCEEDED) and the " +
          'stock (409 INSUFFICIENT_STOCK), lowers the stock and adds the cart item at the unit price of the volume tier ' +
          "the buyer's new total reaches (their other items of the product move to it too). Name, price, buyer and " +
          'date are taken by the server.',
        security: bearer,
        body: purchaseSchema,
        response: { 201: insertResultSchema, ...errorResponses(400, 401, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const answer = (insertedId: string) => ({ acknowledged: true as const, insertedId });
      // With a key, the answer is stored in the purchase's transaction.
      const stored = answerInTransaction(request, reply, 201, answer);
      const insertedId = await repo.purchase(currentUser(request), request.body, stored);
      return reply.code(201).send(answer(insertedId));
    },
  );

  app.get(
    '/carts/:email',
    {
      onRequest: app.authenticate,
      preHandler: pathEmailMustBeCaller('You can only see your own cart.'),
      schema: {
        tags,
        summary: "The signed-in user's cart, newest first",
        security: bearer,
        params: emailParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: z.array(cartItemSchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const page = await repo.listForUser(currentUser(request), request.query.limit, request.query.offset);
      setTotal(reply, page.total);
      return page.items;
    },
  );

  app.get(
    '/carts/:email/products/:productId',
    {
      onRequest: app.authenticate,
      preHandler: pathEmailMustBeCaller('You can only see your own cart.'),
      schema: {
        tags,
        summary: "How much of one product the signed-in user's cart holds, its unit price and the next volume tier",
        security: bearer,
        params: emailParamsSchema.extend({ productId: idParamsSchema.shape.id }),
        response: { 200: productHoldSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const held = await repo.heldOf(currentUser(request), request.params.productId);
      if (!held) throw notFound('Product');
      return held;
    },
  );

  app.delete(
    '/carts/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Remove a cart item and restore the stock',
        security: bearer,
        params: idParamsSchema,
        response: { 200: deleteResultSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const deletedCount = await repo.remove(request.params.id, currentUser(request));
      if (deletedCount === null) throw notFound('Cart item');
      return { acknowledged: true, deletedCount };
    },
  );
};

export default cartRoutes;
