import {
  acceptedInvitationSchema,
  companyAddressInputSchema,
  companyAddressSchema,
  companyCreateSchema,
  companyDetailSchema,
  companyMemberSchema,
  companyOrdersQuerySchema,
  companyUpdateSchema,
  idParamsSchema,
  invitationCreateSchema,
  invitationSchema,
  memberParamsSchema,
  memberUpdateSchema,
  orderSummarySchema,
} from '@b2b/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/app/auth.js';
import { ORDER_LIST_DOC } from '../orders/index.js';
import { bearer, errorResponses, permissionDoc, setPageHeaders } from '../../lib/route-schemas.js';
import { found, notFound } from '../../lib/errors.js';

const tags = ['companies'];

const MEMBER_DOC =
  'For a member of a company: the role is read from the database on every request, so a removed or demoted ' +
  'member is refused from their next request. 404 NOT_FOUND when the caller has no company.';
const ADMIN_DOC = `${MEMBER_DOC} ${permissionDoc('manage')}`;

/** Company accounts (docs/architecture.md, "Company accounts"; the contract: packages/shared/src/companies.ts). */
const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.companyRepository;

  app.post(
    '/companies',
    {
      onRequest: app.authenticate,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Create a company; the caller becomes its first admin',
        description: 'For a signed-in user without a company: 409 ALREADY_IN_COMPANY for one who has one.',
        security: bearer,
        body: companyCreateSchema,
        response: { 201: companyDetailSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await repo.create(currentUser(request), request.body.name)),
  );

  app.get(
    '/companies/current',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The caller's company: members, pending invitations, and the caller's own role and limit",
        description: MEMBER_DOC,
        security: bearer,
        response: { 200: companyDetailSchema, ...errorResponses(401, 404, 429) },
      },
    },
    async (request) => repo.current(currentUser(request)),
  );

  app.get(
    '/companies/mine',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The caller's company, or null when the caller belongs to none",
        description:
          'The same company as GET /companies/current, but 200 `{"company": null}` for a user without one, so ' +
          'the app can ask on every page without a failed request.',
        security: bearer,
        response: { 200: z.object({ company: companyDetailSchema.nullable() }), ...errorResponses(401, 429) },
      },
    },
    async (request) => ({ company: await repo.mine(currentUser(request)) }),
  );

  app.patch(
    '/companies/current',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Rename the company',
        description: ADMIN_DOC,
        security: bearer,
        body: companyUpdateSchema,
        response: { 200: companyDetailSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => repo.rename(currentUser(request), request.body.name),
  );

  app.post(
    '/companies/current/invitations',
    {
      onRequest: app.authenticate,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Invite an email with a role and spending limit',
        description:
          `${ADMIN_DOC} Expires after 7 days; inviting the same email again replaces its pending invitation. ` +
          '409 ALREADY_IN_COMPANY when the email is already a member of this company.',
        security: bearer,
        body: invitationCreateSchema,
        response: { 201: invitationSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await repo.invite(currentUser(request), request.body)),
  );

  app.delete(
    '/companies/current/invitations/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Revoke a pending invitation',
        description: `${ADMIN_DOC} Another company's invitation answers 404.`,
        security: bearer,
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      if (!(await repo.revokeInvitation(currentUser(request), request.params.id))) throw notFound('Invitation');
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/invitations',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The signed-in user's pending invitations (to the token's email)",
        security: bearer,
        response: { 200: z.array(invitationSchema), ...errorResponses(401, 429) },
      },
    },
    async (request) => repo.invitationsFor(currentUser(request)),
  );

  app.post(
    '/invitations/:id/accept',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Accept an invitation: join the company with its role and limit',
        description:
          'The invited email only (anyone else, and an expired invitation, 404). 409 ALREADY_IN_COMPANY while in a ' +
          'company (the invitation stays). The business owns the catalogue: the invitee’s own products, sales and ' +
          'imports become the company’s (`broughtProducts` says how many products); 409 SKU_TAKEN, and nothing ' +
          'changes, when one of their SKUs is already the company’s.',
        security: bearer,
        params: idParamsSchema,
        response: { 200: acceptedInvitationSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) => found(await repo.accept(currentUser(request), request.params.id), 'Invitation'),
  );

  app.post(
    '/invitations/:id/decline',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Decline an invitation',
        description: 'The invited email only (anyone else 404).',
        security: bearer,
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      if (!(await repo.decline(currentUser(request), request.params.id))) throw notFound('Invitation');
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/companies/current/members/:uid',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Change a member's role or spending limit",
        description: `${ADMIN_DOC} 409 LAST_ADMIN when it would demote the company's last admin; a uid not in this company 404.`,
        security: bearer,
        params: memberParamsSchema,
        body: memberUpdateSchema,
        response: { 200: companyMemberSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => found(await repo.updateMember(currentUser(request), request.params.uid, request.body), 'Member'),
  );

  app.delete(
    '/companies/current/members/:uid',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Remove a member (admins), or leave the company (the member themself)',
        description:
          `${MEMBER_DOC} Admins remove any member; approvers and buyers only themselves (403 FORBIDDEN for any other ` +
          'uid, in the company or not). For an admin, a uid not in this company 404. 409 LAST_ADMIN for the ' +
          "company's last admin. The member's past orders stay company orders; they lose access at their next request.",
        security: bearer,
        params: memberParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      if (!(await repo.removeMember(currentUser(request), request.params.uid))) throw notFound('Member');
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/companies/current/orders',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Every order of the company's members (admins and approvers)",
        description: `${MEMBER_DOC} Admins and approvers only (403 for buyers). ${ORDER_LIST_DOC} \`member\` keeps one member's orders (their uid).`,
        security: bearer,
        querystring: companyOrdersQuerySchema,
        response: { 200: z.array(orderSummarySchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const member = await repo.approverOf(currentUser(request));
      const page = await app.orderRepository.listCompany(member.companyId, request.query);
      setPageHeaders(request, reply, page);
      return page.items;
    },
  );

  app.get(
    '/companies/current/addresses',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The company's address book (offered at checkout)",
        description: `${MEMBER_DOC} Every member reads it; the web app fills POST /orders' shipTo from the chosen one.`,
        security: bearer,
        response: { 200: z.array(companyAddressSchema), ...errorResponses(401, 404, 429) },
      },
    },
    async (request) => repo.addresses(currentUser(request)),
  );

  app.post(
    '/companies/current/addresses',
    {
      onRequest: app.authenticate,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Add a ship-to address to the company address book',
        description: `${ADMIN_DOC} At most 100 addresses (400 VALIDATION_ERROR beyond).`,
        security: bearer,
        body: companyAddressInputSchema,
        response: { 201: companyAddressSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await repo.addAddress(currentUser(request), request.body)),
  );

  app.put(
    '/companies/current/addresses/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Replace an address of the company address book',
        description: `${ADMIN_DOC} Another company's address answers 404.`,
        security: bearer,
        params: idParamsSchema,
        body: companyAddressInputSchema,
        response: { 200: companyAddressSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      found(await repo.updateAddress(currentUser(request), request.params.id, request.body), 'Address'),
  );

  app.delete(
    '/companies/current/addresses/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Remove an address from the company address book',
        description: `${ADMIN_DOC} Another company's address answers 404.`,
        security: bearer,
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      if (!(await repo.removeAddress(currentUser(request), request.params.id))) throw notFound('Address');
      return reply.code(204).send(null);
    },
  );
};

export default companyRoutes;
