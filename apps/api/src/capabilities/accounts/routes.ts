import { accountInputSchema, accountSchema, idParamsSchema } from '@b2b/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { found } from '../../lib/errors.js';
import { bearer, errorResponses, permissionDoc } from '../../lib/route-schemas.js';
import { currentUser } from '../../plugins/app/auth.js';
import { actingSeller } from '../companies/index.js';

const tags = ['accounts'];
const WHO = permissionDoc('sales');

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.accountRepository;
  const seller = (request: FastifyRequest) => actingSeller(app.db, currentUser(request), 'sales');

  app.put(
    '/accounts/customers',
    {
      onRequest: app.authenticate,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Give a customer an account, or change its terms and limit',
        description:
          'The customer is the one the email resolves to: the company its user belongs to (every member shares the ' +
          'account), or the user without one; 404 for an email no one has signed in with. `terms: net` with `days` ' +
          '(1–365): invoices are due that many days after they are issued, and checkouts go on account while the ' +
          '`creditLimit` (null: none) covers them (409 CREDIT_LIMIT_EXCEEDED otherwise). `prepaid` is refused until ' +
          `payments can be recorded. ${WHO}`,
        security: bearer,
        body: accountInputSchema,
        response: { 200: accountSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => repo.put(await seller(request), request.body),
  );

  app.get(
    '/accounts',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The seller’s accounts: each customer’s terms, limit, balance and available credit',
        description: WHO,
        security: bearer,
        response: { 200: z.array(accountSchema), ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => repo.list(await seller(request)),
  );

  app.get(
    '/accounts/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'One account',
        description: `404 for another seller’s. ${WHO}`,
        security: bearer,
        params: idParamsSchema,
        response: { 200: accountSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => found(await repo.get(await seller(request), request.params.id), 'Account'),
  );
};

export default accountRoutes;
