import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  canApprove,
  INVITATION_EXPIRY_DAYS,
  type CompanyAddress,
  type CompanyAddressData,
  type CompanyDetail,
  type CompanyMember,
  type CompanyRole,
  type Invitation,
  type MemberUpdate,
} from '@b2b/shared';
import type { AppDb, AppTx } from '../db/client.js';
import {
  companies,
  companyAddresses,
  companyInvitations,
  companyMembers,
  notifications,
  profiles,
  type CompanyAddressRow,
  type CompanyInvitationRow,
} from '../db/schema.js';
import { AppError, forbidden, notFound } from '../lib/errors.js';
import { notifyInvitation } from '../notifications/events.js';
import type { AuthUser } from '../plugins/auth.js';

/*
 * Company accounts (docs/architecture.md, "Company accounts"). The caller's membership is read
 * from the database on every request (never cached, never from the token), so a removal or a
 * demotion counts from the member's very next request. Changes to the admins lock the company's
 * admin rows first, so two admins demoting or removing each other cannot leave none.
 */

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

export function requireRole(member: Membership, roles: readonly CompanyRole[], what: string): void {
  if (!roles.includes(member.role)) {
    throw forbidden(`Only a company ${roles.join(' or ')} can ${what}.`);
  }
}

const alreadyInCompany = () =>
  new AppError('ALREADY_IN_COMPANY', 'You already belong to a company: leave it first to create or join another.');

function toInvitation(row: CompanyInvitationRow, companyName: string): Invitation {
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

function toAddress(row: CompanyAddressRow): CompanyAddress {
  return {
    _id: row.id,
    label: row.label,
    name: row.name,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    postalCode: row.postalCode,
    country: row.country,
    phone: row.phone,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The display names of uids, from their profiles ('' for none). */
async function namesOf(executor: AppDb | AppTx, uids: string[]): Promise<Map<string, string>> {
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
  const rank: Record<CompanyRole, number> = { admin: 0, approver: 1, buyer: 2 };
  return rows
    .map((row) => ({
      uid: row.uid,
      email: row.email,
      name: names.get(row.uid) || row.name,
      role: row.role,
      spendingLimit: row.spendingLimit,
      joinedAt: row.joinedAt.toISOString(),
    }))
    .sort((a, b) => rank[a.role] - rank[b.role]);
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
        return detail(tx, await requireMembership(tx, user.uid));
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

    async rename(user: AuthUser, name: string): Promise<CompanyDetail> {
      const member = await requireMembership(db, user.uid);
      requireRole(member, ['admin'], 'rename the company');
      await db
        .update(companies)
        .set({ name, updatedAt: sql`now()` })
        .where(eq(companies.id, member.companyId));
      return detail(db, { ...member, companyName: name });
    },

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
        requireRole(member, ['admin'], 'invite people');
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
        return invitation;
      });
    },

    async revokeInvitation(user: AuthUser, id: string): Promise<void> {
      const member = await requireMembership(db, user.uid);
      requireRole(member, ['admin'], 'revoke invitations');
      const deleted = await db
        .delete(companyInvitations)
        .where(and(eq(companyInvitations.id, id), eq(companyInvitations.companyId, member.companyId)))
        .returning({ id: companyInvitations.id });
      if (deleted.length === 0) throw notFound('Invitation');
    },

    /** GET /invitations: the pending, unexpired invitations of the caller's (token) email. */
    async invitationsFor(user: AuthUser): Promise<Invitation[]> {
      const rows = await db
        .select({ invitation: companyInvitations, companyName: companies.name })
        .from(companyInvitations)
        .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
        .where(and(eq(companyInvitations.email, user.email), gt(companyInvitations.expiresAt, sql`now()`)))
        .orderBy(asc(companyInvitations.createdAt), asc(companyInvitations.id));
      return rows.map((row) => toInvitation(row.invitation, row.companyName));
    },

    /** The invited email joins with the invitation's role and limit; 409 ALREADY_IN_COMPANY when in one. */
    async accept(user: AuthUser, id: string): Promise<CompanyDetail> {
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
        if (!invitation) throw notFound('Invitation');
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
        return detail(tx, await requireMembership(tx, user.uid));
      });
    },

    async decline(user: AuthUser, id: string): Promise<void> {
      const deleted = await db
        .delete(companyInvitations)
        .where(and(eq(companyInvitations.id, id), eq(companyInvitations.email, user.email)))
        .returning({ id: companyInvitations.id });
      if (deleted.length === 0) throw notFound('Invitation');
    },

    /** An admin changes a member's role or limit; demoting the last admin is 409 LAST_ADMIN. */
    async updateMember(user: AuthUser, uid: string, change: MemberUpdate): Promise<CompanyMember> {
      return db.transaction(async (tx) => {
        const member = await requireMembership(tx, user.uid);
        requireRole(member, ['admin'], 'change members');
        const admins = await lockAdmins(tx, member.companyId);
        const [target] = await tx
          .select()
          .from(companyMembers)
          .where(and(eq(companyMembers.uid, uid), eq(companyMembers.companyId, member.companyId)))
          .for('update');
        if (!target) throw notFound('Member');
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
        return updated;
      });
    },

    /**
     * An admin removes a member, or a member leaves. The last admin can do neither (409
     * LAST_ADMIN). Their past orders stay company orders; orders awaiting approval stay for the
     * approvers to decide.
     */
    async removeMember(user: AuthUser, uid: string): Promise<void> {
      await db.transaction(async (tx) => {
        const member = await requireMembership(tx, user.uid);
        if (uid !== user.uid) requireRole(member, ['admin'], 'remove members');
        const admins = await lockAdmins(tx, member.companyId);
        const [target] = await tx
          .select()
          .from(companyMembers)
          .where(and(eq(companyMembers.uid, uid), eq(companyMembers.companyId, member.companyId)))
          .for('update');
        if (!target) throw notFound('Member');
        if (target.role === 'admin' && admins.length <= 1) {
          throw new AppError(
            'LAST_ADMIN',
            uid === user.uid
              ? 'You are the company’s only admin: make someone else an admin before you leave.'
              : 'A company needs at least one admin.',
          );
        }
        await tx.delete(companyMembers).where(eq(companyMembers.uid, uid));
      });
    },

    async addresses(user: AuthUser): Promise<CompanyAddress[]> {
      const member = await requireMembership(db, user.uid);
      const rows = await db
        .select()
        .from(companyAddresses)
        .where(eq(companyAddresses.companyId, member.companyId))
        .orderBy(asc(companyAddresses.label), asc(companyAddresses.id));
      return rows.map(toAddress);
    },

    async addAddress(user: AuthUser, input: CompanyAddressData): Promise<CompanyAddress> {
      return db.transaction(async (tx) => {
        const member = await requireMembership(tx, user.uid);
        requireRole(member, ['admin'], 'manage the address book');
        const [{ n } = { n: 0 }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(companyAddresses)
          .where(eq(companyAddresses.companyId, member.companyId));
        if (n >= 100) {
          throw new AppError('VALIDATION_ERROR', 'The address book is full (100 addresses): remove one first.');
        }
        const [row] = await tx
          .insert(companyAddresses)
          .values({ companyId: member.companyId, ...normalizeAddress(input) })
          .returning();
        if (!row) throw new Error('insert returned no address');
        return toAddress(row);
      });
    },

    async updateAddress(user: AuthUser, id: string, input: CompanyAddressData): Promise<CompanyAddress> {
      const member = await requireMembership(db, user.uid);
      requireRole(member, ['admin'], 'manage the address book');
      const [row] = await db
        .update(companyAddresses)
        .set({ ...normalizeAddress(input), updatedAt: sql`now()` })
        .where(and(eq(companyAddresses.id, id), eq(companyAddresses.companyId, member.companyId)))
        .returning();
      if (!row) throw notFound('Address');
      return toAddress(row);
    },

    async removeAddress(user: AuthUser, id: string): Promise<void> {
      const member = await requireMembership(db, user.uid);
      requireRole(member, ['admin'], 'manage the address book');
      const deleted = await db
        .delete(companyAddresses)
        .where(and(eq(companyAddresses.id, id), eq(companyAddresses.companyId, member.companyId)))
        .returning({ id: companyAddresses.id });
      if (deleted.length === 0) throw notFound('Address');
    },

    /** The approvers' gate of GET /companies/current/orders. */
    async approverOf(user: AuthUser): Promise<Membership> {
      const member = await requireMembership(db, user.uid);
      if (!canApprove(member.role)) throw forbidden('Only a company admin or approver can see every company order.');
      return member;
    },
  };
}

function normalizeAddress(input: CompanyAddressData) {
  const { label, name, line1, line2, city, postalCode, country, phone } = input;
  return { label, name, line1, line2, city, postalCode, country, phone };
}

export type CompanyRepository = ReturnType<typeof createCompanyRepository>;
