import { and, asc, eq, sql } from 'drizzle-orm';
import { type CompanyAddress, type CompanyAddressData } from '@b2b/shared';
import type { AppDb } from '../../db/client.js';
import { companyAddresses, type CompanyAddressRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import { requireMembership, requireRole } from './membership.js';

/* A company's delivery addresses, shared by its members at checkout. */

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
function normalizeAddress(input: CompanyAddressData) {
  const { label, name, line1, line2, city, postalCode, country, phone } = input;
  return { label, name, line1, line2, city, postalCode, country, phone };
}

export function createAddresses(db: AppDb) {
  return {
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
        requireRole(member, 'manage', 'manage the address book');
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

    async updateAddress(user: AuthUser, id: string, input: CompanyAddressData): Promise<CompanyAddress | null> {
      const member = await requireMembership(db, user.uid);
      requireRole(member, 'manage', 'manage the address book');
      const [row] = await db
        .update(companyAddresses)
        .set({ ...normalizeAddress(input), updatedAt: sql`now()` })
        .where(and(eq(companyAddresses.id, id), eq(companyAddresses.companyId, member.companyId)))
        .returning();
      return row ? toAddress(row) : null;
    },

    /** False when the company has no such address. */
    async removeAddress(user: AuthUser, id: string): Promise<boolean> {
      const member = await requireMembership(db, user.uid);
      requireRole(member, 'manage', 'manage the address book');
      const deleted = await db
        .delete(companyAddresses)
        .where(and(eq(companyAddresses.id, id), eq(companyAddresses.companyId, member.companyId)))
        .returning({ id: companyAddresses.id });
      return deleted.length > 0;
    },
  };
}
