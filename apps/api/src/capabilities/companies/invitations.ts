import { and, asc, eq, gt, sql } from 'drizzle-orm';
import {
  COMPANY_ROLE_LABELS,
  INVITATION_EXPIRY_DAYS,
  type CompanyDetail,
  type CompanyRole,
  type Invitation,
} from '@b2b/shared';
import type { AppDb } from '../../db/client.js';
import {
  companies,
  companyInvitations,
  companyMembers,
  notifications,
  type CompanyInvitationRow,
} from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { notifyInvitation } from '../notifications/index.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import { requireMembership, requireRole, type CompanyDetailReader } from './membership.js';
import { bringIntoCompany, ownProductCount } from './transfer.js';
import { sellerOfMember } from './seller.js';
import { recordActivity } from '../activity/index.js';

/* Invitations into a company: sent by an admin, accepted or declined by the invited address. */

export const alreadyInCompany = () =>
  new AppError('ALREADY_IN_COMPANY', 'You already belong to a company: leave it first to create or join another.');

export function toInvitation(row: CompanyInvitationRow, companyName: string): Invitation {
  return {
    _id: row.id,
    email: row.email,
    role: row.role,
    spendingLimit: row.spendingLimit,
    companyId: row.companyId,
    companyName,
    invitedByEmail: row.invitedByEmail,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export function createInvitations(db: AppDb, { detail }: { detail: CompanyDetailReader }) {
  return {
    /**
     * An admin invites an email: a new invitation of the same email replaces the pending one
     * (new role, limit and expiry). Someone already in this company cannot be invited.
     */
    async invite(
      user: AuthUser,
      input: { email: string; role: CompanyRole; spendingLimit: number | null },
    ): Promise<Invitation> {
      return db.transaction(async (tx) => {
        const member = await requireMembership(tx, user.uid);
        requireRole(member, 'manage', 'invite people');
        const [existing] = await tx
          .select({ uid: companyMembers.uid })
          .from(companyMembers)
          .where(and(eq(companyMembers.companyId, member.companyId), eq(companyMembers.email, input.email)));
        if (existing) throw new AppError('ALREADY_IN_COMPANY', `${input.email} is already a member of this company.`);
        const values = {
          companyId: member.companyId,
          email: input.email,
          role: input.role,
          spendingLimit: input.spendingLimit,
          invitedByUid: user.uid,
          invitedByEmail: user.email,
          createdAt: sql`now()`,
          expiresAt: sql`now() + make_interval(days => ${INVITATION_EXPIRY_DAYS})`,
        };
        const [row] = await tx
          .insert(companyInvitations)
          .values(values)
          .onConflictDoUpdate({
            target: [companyInvitations.companyId, companyInvitations.email],
            set: { ...values, id: sql`gen_random_uuid()` },
          })
          .returning();
        if (!row) throw new Error('insert returned no invitation');
        const invitation = toInvitation(row, member.companyName);
        await notifyInvitation(tx, invitation, user);
        await recordActivity(tx, sellerOfMember(member, user), {
          kind: 'member',
          action: 'invited',
          subjectId: row.id,
          subjectLabel: row.email,
          summary: `Invited ${row.email} as ${COMPANY_ROLE_LABELS[row.role].toLowerCase()}.`,
          after: { email: row.email, role: row.role, spendingLimit: row.spendingLimit },
        });
        return invitation;
      });
    },

    /** False when the company has no such invitation. */
    async revokeInvitation(user: AuthUser, id: string): Promise<boolean> {
      const member = await requireMembership(db, user.uid);
      requireRole(member, 'manage', 'revoke invitations');
      const deleted = await db
        .delete(companyInvitations)
        .where(and(eq(companyInvitations.id, id), eq(companyInvitations.companyId, member.companyId)))
        .returning({ id: companyInvitations.id });
      return deleted.length > 0;
    },

    /** GET /invitations: the pending, unexpired invitations of the caller's (token) email. */
    async invitationsFor(user: AuthUser): Promise<Invitation[]> {
      const own = await ownProductCount(db, user.uid);
      const rows = await db
        .select({ invitation: companyInvitations, companyName: companies.name })
        .from(companyInvitations)
        .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
        .where(and(eq(companyInvitations.email, user.email), gt(companyInvitations.expiresAt, sql`now()`)))
        .orderBy(asc(companyInvitations.createdAt), asc(companyInvitations.id));
      return rows.map((row) => ({ ...toInvitation(row.invitation, row.companyName), ownProducts: own }));
    },

    /**
     * The invited email joins with the invitation's role and limit, bringing their own products
     * and sales into the company (`broughtProducts`); 409 ALREADY_IN_COMPANY when in one, 409
     * SKU_TAKEN when one of their SKUs is already the company's.
     */
    async accept(user: AuthUser, id: string): Promise<(CompanyDetail & { broughtProducts: number }) | null> {
      return db.transaction(async (tx) => {
        const [invitation] = await tx
          .delete(companyInvitations)
          .where(
            and(
              eq(companyInvitations.id, id),
              eq(companyInvitations.email, user.email),
              gt(companyInvitations.expiresAt, sql`now()`),
            ),
          )
          .returning();
        if (!invitation) return null;
        const inserted = await tx
          .insert(companyMembers)
          .values({
            uid: user.uid,
            companyId: invitation.companyId,
            email: user.email,
            name: user.displayName,
            role: invitation.role,
            spendingLimit: invitation.spendingLimit,
          })
          .onConflictDoNothing({ target: companyMembers.uid })
          .returning({ uid: companyMembers.uid });
        // Rolls the delete back too: the invitation stays for after they leave the other company.
        if (inserted.length === 0) throw alreadyInCompany();
        // Invitations sent before they had an account now reach their inbox.
        await tx
          .update(notifications)
          .set({ userUid: user.uid })
          .where(eq(notifications.userUid, `invitee:${user.email}`));
        const member = await requireMembership(tx, user.uid);
        const broughtProducts = await bringIntoCompany(tx, user.uid, {
          id: member.companyId,
          name: member.companyName,
        });
        await recordActivity(tx, sellerOfMember(member, user), {
          kind: 'member',
          action: 'joined',
          subjectId: user.uid,
          subjectLabel: user.displayName || user.email,
          summary:
            `Joined as ${COMPANY_ROLE_LABELS[member.role].toLowerCase()}` +
            (broughtProducts > 0 ? `, bringing ${broughtProducts} product${broughtProducts === 1 ? '' : 's'}.` : '.'),
          after: { role: member.role, spendingLimit: member.spendingLimit, broughtProducts },
        });
        return { ...(await detail(tx, member)), broughtProducts };
      });
    },

    /** False when the caller has no such invitation. */
    async decline(user: AuthUser, id: string): Promise<boolean> {
      const deleted = await db
        .delete(companyInvitations)
        .where(and(eq(companyInvitations.id, id), eq(companyInvitations.email, user.email)))
        .returning({ id: companyInvitations.id });
      return deleted.length > 0;
    },
  };
}
