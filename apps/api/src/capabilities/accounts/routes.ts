import {
  accountBalanceSchema,
  accountCreditSchema,
  accountInputSchema,
  accountSchema,
  canApprove,
  idParamsSchema,
  paymentInputSchema,
  paymentReverseSchema,
  paymentSchema,
  statementQuerySchema,
  statementSchema,
} from '@b2b/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { forbidden, found } from '../../lib/errors.js';
import { bearer, errorResponses, permissionDoc } from '../../lib/route-schemas.js';
import { currentUser } from '../../plugins/app/auth.js';
import { actingSeller, membershipOf } from '../companies/index.js';

const tags = ['accounts'];
const WHO = permissionDoc('sales');

const BUYERS =
  'For the buyer without a company; in a company, for its admins and approvers (other members get 403): the ' +
  'company’s accounts, whoever of it ordered.';
const paymentParams = z.object({
  id: z.uuid({ error: 'Id must be a UUID.' }),
  paymentId: z.uuid({ error: 'Id must be a UUID.' }),
});
const sellerParams = z.object({ sellerId: z.string().min(1).max(128) });

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.accountRepository;
  const seller = (request: FastifyRequest) => actingSeller(app.db, currentUser(request), 'sales');
  /** The business whose accounts the caller reads as a buyer. */
  const buyer = async (request: FastifyRequest) => {
    const user = currentUser(request);
    const member = await membershipOf(app.db, user.uid);
    if (member && !canApprove(member.role)) {
      throw forbidden('Only a company admin or approver can see the company’s accounts with its sellers.');
    }
    return { companyId: member?.companyId ?? null, uid: user.uid };
  };

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
          '`creditLimit` (null: none) covers them (409 CREDIT_LIMIT_EXCEEDED otherwise). `terms: prepaid`: the ' +
          'customer’s orders ship once their invoice is paid (409 PAYMENT_REQUIRED before). ' +
          WHO,
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

  app.post(
    '/accounts/:id/payments',
    {
      onRequest: app.authenticate,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Record a payment from the customer',
        description:
          '`{amount, date, reference, invoiceIds?}`: allocated to the invoices named, in that order, else to the ' +
          'customer’s open invoices oldest first; part payments are fine, and what no invoice takes is kept for the ' +
          `next one. ${WHO}`,
        security: bearer,
        params: idParamsSchema,
        body: paymentInputSchema,
        response: { 201: paymentSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(found(await repo.pay(await seller(request), request.params.id, request.body), 'Account')),
  );

  app.post(
    '/accounts/:id/payments/:paymentId/reverse',
    {
      onRequest: app.authenticate,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Reverse a mistaken payment',
        description:
          '`{reason}`: a new ledger line of the opposite amount takes the payment and its allocations back; nothing ' +
          `is deleted. 409 INVALID_TRANSITION for a payment reversed already. ${permissionDoc('billing')}`,
        security: bearer,
        params: paymentParams,
        body: paymentReverseSchema,
        response: { 201: paymentSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const admin = await actingSeller(app.db, currentUser(request), 'billing');
      const { id, paymentId } = request.params;
      return reply.code(201).send(found(await repo.reverse(admin, id, paymentId, request.body.reason), 'Payment'));
    },
  );

  app.get(
    '/accounts/:id/statement',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The customer’s statement: the ledger between two days, with the running balance',
        description: `\`from\` and \`to\` (both included) are optional. ${WHO}`,
        security: bearer,
        params: idParamsSchema,
        querystring: statementQuerySchema,
        response: { 200: statementSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => found(await repo.statement(await seller(request), request.params.id, request.query), 'Account'),
  );

  app.get(
    '/account-balances',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The buyer’s side: each seller’s terms, what is owed, available and open',
        description: BUYERS,
        security: bearer,
        response: { 200: z.array(accountBalanceSchema), ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => repo.balances(await buyer(request)),
  );

  app.get(
    '/account-balances/credit',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The credit the caller’s business has with each seller, for the checkout',
        description:
          'Every member may read it: they order on it. `sellerKey` names the seller as the cart does (its ' +
          'company’s id, or the email of a seller without one).',
        security: bearer,
        response: { 200: z.array(accountCreditSchema), ...errorResponses(401, 429) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const member = await membershipOf(app.db, user.uid);
      return repo.credit({ companyId: member?.companyId ?? null, uid: user.uid });
    },
  );

  app.get(
    '/account-balances/:sellerId/statement',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The buyer’s statement with one seller',
        description: `404 without an account with that seller. ${BUYERS}`,
        security: bearer,
        params: sellerParams,
        querystring: statementQuerySchema,
        response: { 200: statementSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      found(await repo.buyerStatement(await buyer(request), request.params.sellerId, request.query), 'Account'),
  );
};

export default accountRoutes;
