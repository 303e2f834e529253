import type { CompanyDetail } from '@b2b/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  can,
  COMPANY_ROLE_LABELS,
  COMPANY_ROLES,
  rolesThatCan,
  type CompanyMember,
  type CompanyRole,
  type Permission,
} from '@b2b/shared';
import type { AppDb, AppTx } from '../../db/client.js';
import { companies, companyMembers, profiles } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/errors.js';

/* Who belongs to a company, in which role, with what spending limit: read fresh on every request. */

export interface Membership {
  uid: string;
  companyId: string;
  companyName: string;
  role: CompanyRole;
  spendingLimit: number | null;
}

/** The caller's company and role now, or null when they have none. */
export async function membershipOf(executor: AppDb | AppTx, uid: string): Promise<Membership | null> {
  const [row] = await executor
    .select({
      uid: companyMembers.uid,
      companyId: companyMembers.companyId,
      companyName: companies.name,
      role: companyMembers.role,
      spendingLimit: companyMembers.spendingLimit,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.uid, uid));
  return row ?? null;
}

/** Every /companies/current route: 404 for a caller without a company. */
export async function requireMembership(executor: AppDb | AppTx, uid: string): Promise<Membership> {
  const member = await membershipOf(executor, uid);
  if (!member) throw notFound('Company');
  return member;
}

/** 403 FORBIDDEN unless the member's role has the permission (the roles table, packages/shared/src/roles.ts). */
export function requireRole(member: Membership, permission: Permission, what: string): void {
  if (!can(member.role, permission)) {
    const roles = rolesThatCan(permission).map((role) => COMPANY_ROLE_LABELS[role].toLowerCase());
    throw forbidden(`Only a company ${roles.join(' or ')} can ${what}.`);
  }
}

export async function namesOf(executor: AppDb | AppTx, uids: string[]): Promise<Map<string, string>> {
  if (uids.length === 0) return new Map();
  const rows = await executor
    .select({ uid: profiles.uid, name: profiles.displayName })
    .from(profiles)
    .where(inArray(profiles.uid, uids));
  return new Map(rows.map((row) => [row.uid, row.name]));
}

/** The members of a company, admins first, then by email. */
export async function membersOf(executor: AppDb | AppTx, companyId: string): Promise<CompanyMember[]> {
  const rows = await executor
    .select()
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(companyMembers.email), asc(companyMembers.uid));
  const names = await namesOf(
    executor,
    rows.map((row) => row.uid),
  );
  return rows
    .map((row) => ({
      uid: row.uid,
      email: row.email,
      name: names.get(row.uid) || row.name,
      role: row.role,
      spendingLimit: row.spendingLimit,
      joinedAt: row.joinedAt.toISOString(),
    }))
    .sort((a, b) => COMPANY_ROLES.indexOf(a.role) - COMPANY_ROLES.indexOf(b.role));
}

/** A company as its member sees it (its members and open invitations). */
export type CompanyDetailReader = (executor: AppDb | AppTx, member: Membership) => Promise<CompanyDetail>;
