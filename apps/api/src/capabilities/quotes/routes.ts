import {
  idParamsSchema,
  quoteAcceptResultSchema,
  quoteAcceptSchema,
  quoteDeclineSchema,
  quoteFromSourceSchema,
  quoteListQuerySchema,
  quoteMessageSchema,
  quoteOfferSchema,
  quotePageSchema,
  quoteRequestResultSchema,
  quoteRequestSchema,
  quoteRevisionSchema,
  quoteSchema,
} from '@b2b/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { found } from '../../lib/errors.js';
import { bearer, errorResponses, permissionDoc } from '../../lib/route-schemas.js';
import { currentUser } from '../../plugins/app/auth.js';
import { answerInTransaction } from '../../plugins/app/idempotency.js';

const tags = ['quotes'];

const BUYERS =
  `Asked by a buyer: ${permissionDoc('requestQuotes')} In a company, its approvers and admins share the buyer’s side ` +
  '(they see and answer the company’s quotes).';
const SELLERS = `The seller’s side: ${permissionDoc('quotes')}`;
const WHO = 'Anyone who is neither side gets 404, as for a quote that does not exist.';
const REQUEST =
  'One quote per seller of the products named (201 `{quotes}`), each in status `requested`; a quote holds no stock. ' +
  'Quantities must fit each product’s minimum, pack and maximum (422 naming the line); a product of the caller’s own ' +
  'business is refused (400). With an Idempotency-Key, a retry gets the first answer and asks nothing again. ';
const MOVE = (what: string) =>
  `${what} Moves follow QUOTE_TRANSITIONS: 409 INVALID_TRANSITION from a status that does not allow it, 403 for the other side. ${WHO}`;

const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.quoteRepository;
  const created = { 201: quoteRequestResultSchema, ...errorResponses(400, 401, 403, 404, 409, 422, 429) };
  const answered = { 200: quoteSchema, ...errorResponses(400, 401, 403, 404, 409, 429) };

  app.post(
    '/quotes',
    {
      onRequest: app.authenticate,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Ask for a quote, line by line',
        description: `${REQUEST}${BUYERS}`,
        security: bearer,
        body: quoteRequestSchema,
        response: created,
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await repo.create(
            currentUser(request),
            request.body.lines,
            request.body.message,
            answerInTransaction(request, reply, 201),
          ),
        ),
  );

  app.post(
    '/quotes/from-cart',
    {
      onRequest: app.authenticate,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Ask for a quote on the whole cart',
        description:
          `${REQUEST}The cart’s lines (summed per product) move into the request and the cart empties: their stock goes ` +
          `back to the shelf. 409 EMPTY_CART for an empty cart. \`targets\`: a target unit price per product (one not in ` +
          `the cart is ignored). ${BUYERS}`,
        security: bearer,
        body: quoteFromSourceSchema,
        response: created,
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await repo.fromCart(
            currentUser(request),
            request.body.targets,
            request.body.message,
            answerInTransaction(request, reply, 201),
          ),
        ),
  );

  app.post(
    '/quotes/from-list/:id',
    {
      onRequest: app.authenticate,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Ask for a quote on a saved list',
        description: `${REQUEST}The list’s lines whose products are still sold, at the list’s quantities; the list stays as it is. ${BUYERS}`,
        security: bearer,
        params: idParamsSchema,
        body: quoteFromSourceSchema,
        response: created,
      },
    },
    async (request, reply) => {
      const { targets, message } = request.body;
      const result = await repo.fromList(
        request.params.id,
        currentUser(request),
        targets,
        message,
        answerInTransaction(request, reply, 201),
      );
      return reply.code(201).send(found(result, 'List'));
    },
  );

  app.get(
    '/quotes',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The caller’s quotes, newest first',
        description:
          '`side=buyer`: the caller’s requests, and their company’s for its approvers and admins; `side=seller`: the ' +
          `requests to the caller’s business (${permissionDoc('quotes')}). Filtered by \`status\`, paged by \`nextCursor\`.`,
        security: bearer,
        querystring: quoteListQuerySchema,
        response: { 200: quotePageSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => repo.list(currentUser(request), request.query),
  );

  app.get(
    '/quotes/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'A quote: its lines, every offer and the thread',
        description: `\`side\` says which side the caller is on and \`moves\` which statuses they may move it to now. ${WHO}`,
        security: bearer,
        params: idParamsSchema,
        response: { 200: quoteSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => found(await repo.get(request.params.id, currentUser(request)), 'Quote'),
  );

  app.post(
    '/quotes/:id/offer',
    {
      onRequest: app.authenticate,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Offer prices (a new version)',
        description: MOVE(
          'A unit price and quantity for every line (quantities within the product’s minimum, pack and maximum; ' +
            'tiers do not apply), valid until a day or moment up to 180 days ahead. From requested, revision_requested, ' +
            `offered (a revision of the seller’s own) or expired; every offer is kept as a version; a line whose product ` +
            `was deleted since may be left out. With an Idempotency-Key a retry makes no second version. ${SELLERS}`,
        ),
        security: bearer,
        params: idParamsSchema,
        body: quoteOfferSchema,
        response: answered,
      },
    },
    async (request, reply) =>
      found(
        await repo.offer(
          request.params.id,
          currentUser(request),
          request.body,
          answerInTransaction(request, reply, 200),
        ),
        'Quote',
      ),
  );

  app.post(
    '/quotes/:id/revision',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Ask the seller to revise the offer',
        description: MOVE('From offered, with a message saying what should change. The buyer’s side.'),
        security: bearer,
        params: idParamsSchema,
        body: quoteRevisionSchema,
        response: answered,
      },
    },
    async (request) => found(await repo.revise(request.params.id, currentUser(request), request.body.message), 'Quote'),
  );

  app.post(
    '/quotes/:id/decline',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Decline the quote',
        description: MOVE('From requested, offered or revision_requested. The buyer’s side.'),
        security: bearer,
        params: idParamsSchema,
        body: quoteDeclineSchema,
        response: answered,
      },
    },
    async (request) =>
      found(await repo.decline(request.params.id, currentUser(request), request.body.message), 'Quote'),
  );

  app.post(
    '/quotes/:id/withdraw',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Withdraw the quote',
        description: MOVE(`From requested, offered or revision_requested. ${SELLERS}`),
        security: bearer,
        params: idParamsSchema,
        response: answered,
      },
    },
    async (request) => found(await repo.withdraw(request.params.id, currentUser(request)), 'Quote'),
  );

  app.post(
    '/quotes/:id/accept',
    {
      onRequest: app.authenticate,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Accept the offer: an order at its prices',
        description: MOVE(
          'From offered: places the standing version’s lines as an order of the caller (201, as checkout answers: ' +
            '`placed`, or `awaiting_approval` above their spending limit) at exactly the offered unit prices; the stock ' +
            'is taken now: 409 INSUFFICIENT_STOCK naming the line when it is no longer there, 422 naming the line when ' +
            'the product’s minimum, pack or maximum changed since; nothing is placed. 409 QUOTE_EXPIRED past validUntil; ' +
            '`version` (the offer the buyer read) 409 QUOTE_CHANGED when a newer offer replaced it. Of two accepts at ' +
            'once exactly one places the order; an order its approver rejects gives the offer back. The buyer’s side ' +
            '(company admins, approvers and buyers).',
        ),
        security: bearer,
        params: idParamsSchema,
        body: quoteAcceptSchema,
        response: { 201: quoteAcceptResultSchema, ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const result = await repo.accept(
        request.params.id,
        currentUser(request),
        request.body,
        answerInTransaction(request, reply, 201),
      );
      return reply.code(201).send(found(result, 'Quote'));
    },
  );

  app.post(
    '/quotes/:id/messages',
    {
      onRequest: app.authenticate,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Write in the quote’s thread',
        description: `Either side, in any status. ${WHO}`,
        security: bearer,
        params: idParamsSchema,
        body: quoteMessageSchema,
        response: { 201: quoteSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(found(await repo.write(request.params.id, currentUser(request), request.body.text), 'Quote')),
  );
};

export default quoteRoutes;
