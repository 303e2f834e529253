import { billingDetailsInputSchema, billingDetailsSchema } from '@b2b/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { bearer, errorResponses, permissionDoc } from '../../lib/route-schemas.js';
import { currentUser } from '../../plugins/app/auth.js';
import { actingSeller } from '../companies/index.js';

const tags = ['billing'];

const WHOSE =
  'The details are the business’s: a member of a company keeps the company’s, a user without one their own.';

const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.billingRepository;
  const business = (request: FastifyRequest) => actingSeller(app.db, currentUser(request), 'billing');
  const who = `${permissionDoc('billing')} ${WHOSE}`;

  app.get(
    '/billing',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The business's billing details, and what an invoice still needs",
        description: `Empty, with \`missing\` naming the legal name and address, until first saved. ${who}`,
        security: bearer,
        response: { 200: billingDetailsSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => repo.get(await business(request)),
  );

  app.put(
    '/billing',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Save the business's billing details",
        description:
          'Every field at once: `legalName` and `address` (required), `taxId`, `defaultTaxRate` (percent, 0–100, ' +
          'applied to the seller’s products without a rate of their own) and `invoiceFooter` (payment instructions, ' +
          `bank details). ${who}`,
        security: bearer,
        body: billingDetailsInputSchema,
        response: { 200: billingDetailsSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => repo.put(await business(request), request.body),
  );
};

export default billingRoutes;
