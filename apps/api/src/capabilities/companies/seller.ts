import { inArray } from 'drizzle-orm';
import { COMPANY_ROLE_LABELS, can, PERMISSIONS, rolesThatCan, type CompanyRole, type Permission } from '@b2b/shared';
import type { AppDb, AppTx } from '../../db/client.js';
import { forbidden } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import { companies } from '../../db/schema.js';
import { membershipOf, type Membership } from './membership.js';

/*
 * Who a caller sells as (docs/architecture.md, "Seller organisations"). The business owns the
 * catalogue: a member of a company sells as the company (its products, sales, dashboard, imports
 * and activity are the company's), by their role; a user without a company sells on their own,
 * as today. Read fresh on every request, with the membership, so a removed member loses every
 * seller right at their very next request.
 */

export interface Seller {
  /** products.owner_uid, orders.seller_uid, imports.owner_uid: the company's id, or the user's uid. */
  id: string;
  /** The company's name; null for a user selling on their own. */
  name: string | null;
  companyId: string | null;
  /** The member's role; null for a user selling on their own. */
  role: CompanyRole | null;
  user: AuthUser;
}

export function sellerOfMember(member: Membership | null, user: AuthUser): Seller {
  return member
    ? { id: member.companyId, name: member.companyName, companyId: member.companyId, role: member.role, user }
    : { id: user.uid, name: null, companyId: null, role: null, user };
}

export async function sellerOf(executor: AppDb | AppTx, user: AuthUser): Promise<Seller> {
  return sellerOfMember(await membershipOf(executor, user.uid), user);
}

/** "admin or catalogue manager": the roles that may, for messages. */
export function rolesSentence(permission: Permission): string {
  return rolesThatCan(permission)
    .map((role) => COMPANY_ROLE_LABELS[role].toLowerCase())
    .join(' or ');
}

export function mayAct(seller: Seller, permission: Permission): boolean {
  return can(seller.role, permission);
}

/** 403 FORBIDDEN naming the roles that may, when the seller's role may not. */
export function requirePermission(seller: Seller, permission: Permission): void {
  if (!mayAct(seller, permission)) {
    throw forbidden(`Only a company ${rolesSentence(permission)} can ${PERMISSIONS[permission]}.`);
  }
}

/** The caller as a seller, if their role allows `permission` (403 otherwise). */
export async function actingSeller(executor: AppDb | AppTx, user: AuthUser, permission: Permission): Promise<Seller> {
  const seller = await sellerOf(executor, user);
  requirePermission(seller, permission);
  return seller;
}

/** Whether a seller id is a company's (a UUID) rather than a user's uid. */
export function isCompanySeller(sellerId: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(sellerId);
}

/** The names of the companies among these seller ids (a user's uid is no company: left out). */
export async function companyNames(executor: AppDb | AppTx, sellerIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(sellerIds.filter(isCompanySeller))];
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}
