import fp from 'fastify-plugin';
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import {
  canApprove,
  COMPANY_ROLE_LABELS,
  formatPrice,
  type CompanyDetail,
  type CompanyMember,
  type MemberUpdate,
} from '@b2b/shared';
import type { AppDb, AppTx } from '../../db/client.js';
import { companies, companyInvitations, companyMembers, products, type CompanyMemberRow } from '../../db/schema.js';
import { recordActivity, type Activity } from '../activity/index.js';
import { bringIntoCompany } from './transfer.js';
import { sellerOfMember } from './seller.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import { createAddresses } from './addresses.js';
import { alreadyInCompany, createInvitations, toInvitation } from './invitations.js';
import { membersOf, membershipOf, requireMembership, requireRole, type Membership } from './membership.js';

export { membersOf, membershipOf, requireMembership, requireRole, type Membership } from './membership.js';

/*
 * Company accounts (docs/architecture.md, "Company accounts"). The caller's membership is read
 * from the database on every request (never cached, never from the token), so a removal or a
 * demotion counts from the member's very next request. Changes to the admins lock the company's
 * admin rows first, so two admins demoting or removing each other cannot leave none.
 */

/** The activity log's entry for a change of a member's role or spending limit. */
function memberChanged(before: CompanyMemberRow, after: CompanyMember): Activity {
  const limit = (value: number | null) => (value === null ? 'no limit' : formatPrice(value));
  const parts = [
    ...(before.role !== after.role
      ? [
          `role from ${COMPANY_ROLE_LABELS[before.role].toLowerCase()} to ${COMPANY_ROLE_LABELS[after.role].toLowerCase()}`,
        ]
      : []),
    ...(before.spendingLimit !== after.spendingLimit
      ? [`spending limit from ${limit(before.spendingLimit)} to ${limit(after.spendingLimit)}`]
      : []),
  ];
  return {
    kind: 'member',
    action: before.role !== after.role ? 'role' : 'limit',
    subjectId: after.uid,
    subjectLabel: after.name || after.email,
    summary: parts.length > 0 ? `Changed ${after.email}’s ${parts.join(' and ')}.` : `Saved ${after.email} unchanged.`,
    before: { role: before.role, spendingLimit: before.spendingLimit },
    after: { role: after.role, spendingLimit: after.spendingLimit },
  };
}

export function createCompanyRepository(db: AppDb) {
  async function detail(executor: AppDb | AppTx, member: Membership): Promise<CompanyDetail> {
    const [company] = await executor.select().from(companies).where(eq(companies.id, member.companyId));
    if (!company) throw notFound('Company');
    const invitations = await executor
      .select()
      .from(companyInvitations)
      .where(and(eq(companyInvitations.companyId, company.id), gt(companyInvitations.expiresAt, sql`now()`)))
      .orderBy(asc(companyInvitations.createdAt), asc(companyInvitations.id));
    return {
      _id: company.id,
      name: company.name,
      createdAt: company.createdAt.toISOString(),
      updatedAt: company.updatedAt.toISOString(),
      role: member.role,
      spendingLimit: member.spendingLimit,
      members: await membersOf(executor, company.id),
      invitations: invitations.map((row) => toInvitation(row, company.name)),
    };
  }

  /** Locks the company's admin rows (in uid order) and says how many there are. */
  async function lockAdmins(tx: AppTx, companyId: string): Promise<string[]> {
    const rows = await tx
      .select({ uid: companyMembers.uid })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'admin')))
      .orderBy(asc(companyMembers.uid))
      .for('update');
    return rows.map((row) => row.uid);
  }

  return {
    /** POST /companies: the caller becomes its first admin (no spending limit). */
    async create(user: AuthUser, name: string): Promise<CompanyDetail> {
      return db.transaction(async (tx) => {
        if (await membershipOf(tx, user.uid)) throw alreadyInCompany();
        const [company] = await tx.insert(companies).values({ name }).returning();
        if (!company) throw new Error('insert returned no company');
        // The uid is the key: of two concurrent creations by one user, the second inserts nothing.
        const inserted = await tx
          .insert(companyMembers)
          .values({
            uid: user.uid,
            companyId: company.id,
            email: user.email,
            name: user.displayName,
            role: 'admin',
            spendingLimit: null,
          })
          .onConflictDoNothing({ target: companyMembers.uid })
          .returning({ uid: companyMembers.uid });
        if (inserted.length === 0) throw alreadyInCompany();
        const member = await requireMembership(tx, user.uid);
        // The business owns the catalogue: what the creator sold on their own is the company's now.
        const broughtProducts = await bringIntoCompany(tx, user.uid, company);
        await recordActivity(tx, sellerOfMember(member, user), {
          kind: 'member',
          action: 'joined',
          subjectId: user.uid,
          subjectLabel: user.displayName || user.email,
          summary:
            `Created ${company.name} as its first admin` +
            (broughtProducts > 0 ? `, bringing ${broughtProducts} product${broughtProducts === 1 ? '' : 's'}.` : '.'),
          after: { role: 'admin', broughtProducts },
        });
        return detail(tx, member);
      });
    },

    async current(user: AuthUser): Promise<CompanyDetail> {
      return detail(db, await requireMembership(db, user.uid));
    },

    /** The caller's company, or null: how the app learns whether there is one, without a 404. */
    async mine(user: AuthUser): Promise<CompanyDetail | null> {
      const member = await membershipOf(db, user.uid);
      return member ? detail(db, member) : null;
    },

    /** Renames the company, and the seller name its products show (past orders keep the name they had). */
    async rename(user: AuthUser, name: string): Promise<CompanyDetail> {
      return db.transaction(async (tx) => {
        const member = await requireMembership(tx, user.uid);
        requireRole(member, 'manage', 'rename the company');
        await tx
          .update(companies)
          .set({ name, updatedAt: sql`now()` })
          .where(eq(companies.id, member.companyId));
        await tx
          .update(products)
          .set({ sellerName: name })
          .where(and(eq(products.sellerId, member.companyId), ne(products.sellerName, name)));
        return detail(tx, { ...member, companyName: name });
      });
    },

    /** An admin changes a member's role or limit; demoting the last admin is 409 LAST_ADMIN. */
    async updateMember(user: AuthUser, uid: string, change: MemberUpdate): Promise<CompanyMember | null> {
      return db.transaction(async (tx) => {
        const member = await requireMembership(tx, user.uid);
        requireRole(member, 'manage', 'change members');
        const admins = await lockAdmins(tx, member.companyId);
        const [target] = await tx
          .select()
          .from(companyMembers)
          .where(and(eq(companyMembers.uid, uid), eq(companyMembers.companyId, member.companyId)))
          .for('update');
        if (!target) return null;
        if (target.role === 'admin' && change.role !== undefined && change.role !== 'admin' && admins.length <= 1) {
          throw new AppError('LAST_ADMIN', 'A company needs at least one admin: make someone else an admin first.');
        }
        await tx
          .update(companyMembers)
          .set({
            ...(change.role !== undefined ? { role: change.role } : {}),
            ...(change.spendingLimit !== undefined ? { spendingLimit: change.spendingLimit } : {}),
          })
          .where(eq(companyMembers.uid, uid));
        const updated = (await membersOf(tx, member.companyId)).find((m) => m.uid === uid);
        if (!updated) throw new Error('the updated member is gone');
        await recordActivity(tx, sellerOfMember(member, user), memberChanged(target, updated));
        return updated;
      });
    },

    /**
     * An admin removes a member, or a member leaves. The last admin can do neither (409
     * LAST_ADMIN). Their past orders stay company orders; orders awaiting approval stay for the
     * approvers to decide.
     */
    async removeMember(user: AuthUser, uid: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const member = await requireMembership(tx, user.uid);
        if (uid !== user.uid) requireRole(member, 'manage', 'remove members');
        const admins = await lockAdmins(tx, member.companyId);
        const [target] = await tx
          .select()
          .from(companyMembers)
          .where(and(eq(companyMembers.uid, uid), eq(companyMembers.companyId, member.companyId)))
          .for('update');
        if (!target) return false;
        if (target.role === 'admin' && admins.length <= 1) {
          throw new AppError(
            'LAST_ADMIN',
            uid === user.uid
              ? 'You are the company’s only admin: make someone else an admin before you leave.'
              : 'A company needs at least one admin.',
          );
        }
        await tx.delete(companyMembers).where(eq(companyMembers.uid, uid));
        await recordActivity(tx, sellerOfMember(member, user), {
          kind: 'member',
          action: uid === user.uid ? 'left' : 'removed',
          subjectId: uid,
          subjectLabel: target.name || target.email,
          summary:
            uid === user.uid
              ? `Left the company (was ${COMPANY_ROLE_LABELS[target.role].toLowerCase()}).`
              : `Removed ${target.email} (${COMPANY_ROLE_LABELS[target.role].toLowerCase()}) from the company.`,
          before: { role: target.role, spendingLimit: target.spendingLimit },
        });
        return true;
      });
    },

    /** The approvers' gate of GET /companies/current/orders. */
    async approverOf(user: AuthUser): Promise<Membership> {
      const member = await requireMembership(db, user.uid);
      if (!canApprove(member.role)) throw forbidden('Only a company admin or approver can see every company order.');
      return member;
    },
    ...createInvitations(db, { detail }),
    ...createAddresses(db),
  };
}

export type CompanyRepository = ReturnType<typeof createCompanyRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Company accounts: members, roles, invitations and spending limits. */
    companyRepository: CompanyRepository;
  }
}

/** The repository as a plugin: routes and other plugins reach it as `app.companyRepository`. */
export default fp(
  async (app) => {
    app.decorate('companyRepository', createCompanyRepository(app.db));
  },
  { name: 'company-repository', dependencies: ['db'] },
);
