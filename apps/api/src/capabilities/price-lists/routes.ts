import {
  customerSchema,
  idParamsSchema,
  priceListCreateSchema,
  priceListCustomerInputSchema,
  priceListCustomerParamsSchema,
  priceListLineInputSchema,
  priceListLineParamsSchema,
  priceListLineSchema,
  priceListLinesImportResultSchema,
  priceListLinesImportSchema,
  priceListSchema,
  priceListSummarySchema,
  priceListUpdateSchema,
  priceForCustomerRequestSchema,
  priceForCustomerSchema,
  pricesRequestSchema,
  pricesResponseSchema,
  type Permission,
} from '@b2b/shared';
import { stringify } from 'csv-stringify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { acceptSheets } from '../../lib/uploads.js';
import { bearer, errorResponses, permissionDoc } from '../../lib/route-schemas.js';
import { currentUser } from '../../plugins/app/auth.js';
import { actingSeller } from '../companies/index.js';
import { linesFromSheet } from './lines-file.js';

/** A price list's file: 10,000 lines of SKU, price and tiers fit in far less. */
const LINES_FILE_LIMIT = 4 * 1024 * 1024;

const tags = ['price lists'];

const OWN = "A seller's lists are theirs alone: another seller's list answers 404, like one that does not exist.";

const priceListRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.priceListRepository;
  const as = (request: FastifyRequest, permission: Permission) =>
    actingSeller(app.db, currentUser(request), permission);
  const keeps = `${permissionDoc('prices')} ${OWN}`;
  acceptSheets(app, linesFromSheet, LINES_FILE_LIMIT);

  app.post(
    '/price-lists',
    {
      onRequest: app.authenticate,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Create a price list',
        description: `Dates are days of the shop's calendar (UTC), both included; a list with \`discountPercent\` takes that much off every product of the seller it has no line for. ${keeps}`,
        security: bearer,
        body: priceListCreateSchema,
        response: { 201: z.object({ id: z.uuid() }), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await repo.create(await as(request, 'prices'), request.body)),
  );

  app.get(
    '/price-lists',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The seller's price lists by name, with their customers",
        description: permissionDoc('seePrices'),
        security: bearer,
        response: { 200: z.array(priceListSummarySchema), ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => repo.list(await as(request, 'seePrices')),
  );

  app.get(
    '/price-lists/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'One price list with its lines and customers',
        description: `${permissionDoc('seePrices')} ${OWN}`,
        security: bearer,
        params: idParamsSchema,
        response: { 200: priceListSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const list = await repo.get(await as(request, 'seePrices'), request.params.id);
      if (!list) throw notFound('Price list');
      return list;
    },
  );

  app.patch(
    '/price-lists/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Change a list's name, dates or discount",
        description: `null clears a date or the discount. ${keeps}`,
        security: bearer,
        params: idParamsSchema,
        body: priceListUpdateSchema,
        response: { 200: priceListSummarySchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => repo.update(await as(request, 'prices'), request.params.id, request.body),
  );

  app.delete(
    '/price-lists/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Delete a price list, its lines and its assignments',
        description: `Its customers pay their other prices from their next request. ${keeps}`,
        security: bearer,
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      if (!(await repo.remove(await as(request, 'prices'), request.params.id))) throw notFound('Price list');
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/price-lists/:id/lines/:productId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Set the list's price of one of the seller's products",
        description:
          "`tiers`: the line's own volume ladder (`[{minQty, price}]`: increasing quantities, each price below the one " +
          `before and below the line's). Another seller's product → 400. ${keeps}`,
        security: bearer,
        params: priceListLineParamsSchema,
        body: priceListLineInputSchema,
        response: { 200: priceListLineSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      repo.putLine(await as(request, 'prices'), request.params.id, request.params.productId, request.body),
  );

  app.delete(
    '/price-lists/:id/lines/:productId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Take a product off the list',
        description: keeps,
        security: bearer,
        params: priceListLineParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { id, productId } = request.params;
      if (!(await repo.removeLine(await as(request, 'prices'), id, productId))) throw notFound('Line');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/price-lists/:id/lines/import',
    {
      onRequest: app.authenticate,
      bodyLimit: LINES_FILE_LIMIT,
      schema: {
        tags,
        summary: "Set many of the list's lines from a file",
        description:
          'A CSV (comma, semicolon or tab; UTF-8) or Excel .xlsx file (as its own media type or the `file` part of ' +
          'multipart/form-data) with columns `sku`, `price` and `tiers` (`100:8.20|500:7.90`), as `GET …/lines/export` ' +
          'writes them (`productId` finds a product without a SKU). Every valid row is set in one transaction; each ' +
          `other row is reported with its number and why, and changes nothing. ${keeps}`,
        security: bearer,
        params: idParamsSchema,
        body: priceListLinesImportSchema,
        response: { 200: priceListLinesImportResultSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request) => repo.importLines(await as(request, 'prices'), request.params.id, request.body),
  );

  app.get(
    '/price-lists/:id/lines/export',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The list's lines as CSV",
        description: `Columns \`sku,price,tiers,productId,name\`: importing the file again changes nothing. ${permissionDoc('seePrices')} ${OWN}`,
        security: bearer,
        params: idParamsSchema,
        response: { 200: z.string(), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const rows = await repo.exportLines(await as(request, 'seePrices'), request.params.id);
      if (!rows) throw notFound('Price list');
      const csv = await new Promise<string>((resolve, reject) =>
        stringify(rows, { bom: true }, (error, output) => (error ? reject(error) : resolve(output))),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="price-list.csv"')
        .send(csv);
    },
  );

  app.post(
    '/price-lists/:id/customers',
    {
      onRequest: app.authenticate,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Give the list to the customer an email belongs to',
        description:
          'The email of a user of the shop: the list goes to their company (every member gets it), or to them when ' +
          'they have none. The answer names the customer it resolved to and nothing else about it. An email no ' +
          `user has signed in with → 404. ${keeps}`,
        security: bearer,
        params: idParamsSchema,
        body: priceListCustomerInputSchema,
        response: { 201: z.object({ customer: customerSchema }), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ customer: await repo.addCustomer(await as(request, 'prices'), request.params.id, request.body.email) }),
  );

  app.delete(
    '/price-lists/:id/customers/:customerId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Take a customer off the list',
        description: `They pay their other prices from their next request. ${keeps}`,
        security: bearer,
        params: priceListCustomerParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { id, customerId } = request.params;
      if (!(await repo.removeCustomer(await as(request, 'prices'), id, customerId))) throw notFound('Customer');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/price-lists/price-for',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'What a customer pays for one of your products, and why',
        description:
          'By the customer’s email: what they pay for the quantity (the price rule over your lists only) and the ' +
          "product's own price for it. Another seller's product → 400; an email no one signed in with → 404. " +
          permissionDoc('seePrices'),
        security: bearer,
        body: priceForCustomerRequestSchema,
        response: { 200: priceForCustomerSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => repo.priceFor(await as(request, 'seePrices'), request.body),
  );

  app.post(
    '/prices',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The caller's prices for quantities of products",
        description:
          'For each line, what the caller pays for that quantity of the product by the price rule: the lowest of the ' +
          "product's own price or volume tier for the quantity and the price of every valid price list assigned to " +
          'them that covers the product. `source` says which (`base`, `tier` or `contract`, with the list). Only the ' +
          "caller's own prices: nobody can ask for another customer's. An unknown product → 404.",
        security: bearer,
        body: pricesRequestSchema,
        response: { 200: pricesResponseSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({ lines: await repo.prices(currentUser(request), request.body) }),
  );
};

export default priceListRoutes;
