import { z } from 'zod';
import { shipToSchema } from './orders.js';
import { COMPANY_ROLES } from './roles.js';
import { boundedText } from './schemas.js';

/*
 * Company accounts (docs/architecture.md, "Company accounts"): colleagues buy under one company
 * with roles and spending limits; a checkout above the buyer's limit waits for an approver
 * (order status `awaiting_approval`, orders.ts). A user belongs to at most one company; users
 * without one work exactly as before.
 *
 * Routes (the role is read from the database on every request, so a removal or demotion counts
 * from the member's next request):
 *   POST   /companies {name}                            signed in, no company      → 201 companyDetail
 *                                                        (409 ALREADY_IN_COMPANY when in one)
 *   GET    /companies/current                           member                      → 200 companyDetail
 *                                                        (404 NOT_FOUND when the caller has no company)
 *   GET    /companies/mine                              signed in                   → 200 {company: companyDetail | null}
 *                                                        (how the web app learns the caller's company
 *                                                        and `role` on every page, without a 404)
 *   PATCH  /companies/current {name}                    admin                       → 200 companyDetail
 *   POST   /companies/current/invitations {email, role, spendingLimit}  admin       → 201 invitation
 *                                                        (409 ALREADY_IN_COMPANY when that email is
 *                                                        already a member of this company)
 *   DELETE /companies/current/invitations/:id           admin                       → 204
 *   GET    /invitations                                  signed in                  → 200 invitation[]
 *                                                        (pending, unexpired, for the token's email)
 *   POST   /invitations/:id/accept                      the invited email           → 200 acceptedInvitation
 *                                                        (409 ALREADY_IN_COMPANY when in a company)
 *   POST   /invitations/:id/decline                     the invited email           → 204
 *   PATCH  /companies/current/members/:uid {role?, spendingLimit?}  admin          → 200 member
 *                                                        (409 LAST_ADMIN demoting the last admin)
 *   DELETE /companies/current/members/:uid              admin, or the member (leave) → 204
 *                                                        (409 LAST_ADMIN removing the last admin)
 *   GET    /companies/current/orders?status&member      admin, approver             → 200 orderSummary[]
 *   GET    /companies/current/addresses                 member                      → 200 companyAddress[]
 *   POST   /companies/current/addresses                 admin                       → 201 companyAddress
 *   PUT    /companies/current/addresses/:id             admin                       → 200 companyAddress
 *   DELETE /companies/current/addresses/:id             admin                       → 204
 *   POST   /orders/:id/approve                          approver/admin of the buyer's company → 200 order
 *   POST   /orders/:id/reject {reason}                  approver/admin of the buyer's company → 200 order
 *   PUT    /lists/:id/shared {shared}                   the list's owner            → 200 list
 * A member whose role does not allow a route gets 403 FORBIDDEN; a caller without a company gets
 * 404 NOT_FOUND on every /companies/current route; ids of another company's invitations,
 * addresses, members and orders answer 404 NOT_FOUND (never 403), so they cannot be probed.
 * Approving and rejecting work only on an order awaiting approval (else 409 INVALID_TRANSITION);
 * an approver or admin may approve any order of their company but their own above their own
 * limit (403 FORBIDDEN: someone else must), and may reject any, their own included. Of the
 * others, the order's own buyer gets 403 FORBIDDEN, a colleague with the buyer role 404 NOT_FOUND
 * (they cannot see it).
 */

export const companyRoleSchema = z.enum(COMPANY_ROLES, {
  error: () => `Role must be one of: ${COMPANY_ROLES.join(', ')}.`,
});

/** How long a checkout waits for approval before it is rejected by itself (APPROVAL_TIMEOUT_HOURS). */
export const DEFAULT_APPROVAL_TIMEOUT_HOURS = 168;
/** An invitation can be accepted for this long. */
export const INVITATION_EXPIRY_DAYS = 7;
/** The reason a timed-out approval is rejected with. */
export const APPROVAL_TIMEOUT_REASON = 'Nobody approved it in time.';

export const COMPANY_LIMITS = {
  name: 120,
  email: 320,
  addressLabel: 60,
  /** The largest spending limit (the same cap as a price × quantity line). */
  spendingLimit: 1_000_000_000_000,
  addresses: 100,
} as const;

const companyName = boundedText(COMPANY_LIMITS.name).min(1, 'Name the company.');

/**
 * Money or null (no limit: every checkout is placed at once). A checkout whose total is above the
 * limit waits for approval; one exactly at the limit is placed.
 */
export const spendingLimitSchema = z
  .number({ error: 'Spending limit must be a number or null.' })
  .min(0, 'Spending limit cannot be negative.')
  .max(COMPANY_LIMITS.spendingLimit, `Spending limit must be at most ${COMPANY_LIMITS.spendingLimit}.`)
  .refine((n) => Math.round(n * 100) / 100 === n, 'Spending limit can have at most 2 decimals.')
  .nullable();

/** POST /companies and PATCH /companies/current. */
export const companyCreateSchema = z.object({ name: companyName });
export const companyUpdateSchema = z.object({ name: companyName });
export type CompanyCreate = z.input<typeof companyCreateSchema>;

export const companySchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Company = z.output<typeof companySchema>;

export const companyMemberSchema = z.object({
  uid: z.string(),
  email: z.string(),
  /** The member's display name ('' when they never saved one). */
  name: z.string(),
  role: companyRoleSchema,
  spendingLimit: z.number().nullable(),
  joinedAt: z.iso.datetime(),
});
export type CompanyMember = z.output<typeof companyMemberSchema>;

/**
 * A pending invitation. The company's admins see it in GET /companies/current; the invitee sees it
 * in GET /invitations (with `companyName`, the company they are invited to).
 */
export const invitationSchema = z.object({
  _id: z.uuid(),
  email: z.string(),
  role: companyRoleSchema,
  spendingLimit: z.number().nullable(),
  companyId: z.uuid(),
  companyName: z.string(),
  invitedByEmail: z.string(),
  createdAt: z.iso.datetime(),
  /** INVITATION_EXPIRY_DAYS after it was sent; after that it is no longer listed or accepted. */
  expiresAt: z.iso.datetime(),
  /**
   * GET /invitations only: how many products the invitee sells on their own. Accepting brings them
   * (and their sales) into the company, which owns its catalogue; the web app says so before.
   */
  ownProducts: z.number().int().optional(),
});
export type Invitation = z.output<typeof invitationSchema>;

/** POST /companies/current/invitations. The email is compared lower-cased with the invitee's token email. */
export const invitationCreateSchema = z.object({
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required.')
    .max(COMPANY_LIMITS.email, `Email must be at most ${COMPANY_LIMITS.email} characters.`)
    .pipe(z.email('Enter a valid email address.')),
  role: companyRoleSchema,
  spendingLimit: spendingLimitSchema.default(null),
});
export type InvitationCreate = z.input<typeof invitationCreateSchema>;

/** PATCH /companies/current/members/:uid: either or both. */
export const memberUpdateSchema = z
  .object({ role: companyRoleSchema.optional(), spendingLimit: spendingLimitSchema.optional() })
  .refine((body) => body.role !== undefined || body.spendingLimit !== undefined, {
    message: 'Change the role or the spending limit.',
  });
export type MemberUpdate = z.input<typeof memberUpdateSchema>;

export const memberParamsSchema = z.object({ uid: z.string().trim().min(1).max(128) });

/**
 * GET /companies/current: the company, the caller's own `role` and `spendingLimit` (the web app
 * shows Company, Approvals and Company orders from the role), every member and the pending
 * invitations.
 */
export const companyDetailSchema = companySchema.extend({
  role: companyRoleSchema,
  spendingLimit: z.number().nullable(),
  members: z.array(companyMemberSchema),
  invitations: z.array(invitationSchema),
});
export type CompanyDetail = z.output<typeof companyDetailSchema>;

/** POST /invitations/:id/accept: the company joined, and how many of the invitee's own products came with them. */
export const acceptedInvitationSchema = companyDetailSchema.extend({ broughtProducts: z.number().int() });
export type AcceptedInvitation = z.output<typeof acceptedInvitationSchema>;

/**
 * The company address book: ship-to addresses every member may pick at checkout (the web app
 * fills POST /orders' `shipTo` from the chosen one; the order keeps its own copy). `label` names it
 * in the picker ("Main kitchen").
 */
export const companyAddressInputSchema = shipToSchema.extend({
  label: boundedText(COMPANY_LIMITS.addressLabel).min(1, 'Name the address.'),
});
export type CompanyAddressInput = z.input<typeof companyAddressInputSchema>;
export type CompanyAddressData = z.output<typeof companyAddressInputSchema>;

export const companyAddressSchema = shipToSchema.extend({
  _id: z.uuid(),
  label: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type CompanyAddress = z.output<typeof companyAddressSchema>;

/** PUT /lists/:id/shared: share a saved list with the owner's company (read for all, edit for owner and admins). */
export const listShareSchema = z.object({ shared: z.boolean({ error: 'shared must be true or false.' }) });
export type ListShare = z.output<typeof listShareSchema>;
