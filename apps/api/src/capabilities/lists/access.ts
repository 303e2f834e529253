import { eq } from 'drizzle-orm';
import type { AppDb, AppTx } from '../../db/client.js';
import { companyMembers, orderLists } from '../../db/schema.js';
import { forbidden } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import { membershipOf } from '../companies/index.js';

/* Who may read, edit or share a list: its owner, and the members of the owner's company when it is shared. */

/**
 * The list if the caller may `read` it, `edit` it or (`own`) share it, locked for the rest of
 * the transaction; null when they cannot even read it (the route's 404), 403 when they can read
 * but not edit it.
 * Membership is read now (a member who left stops seeing the company's lists at once).
 */
export async function ownList(
  tx: AppDb | AppTx,
  id: string,
  user: AuthUser,
  lock = false,
  mode: 'read' | 'edit' | 'own' = 'edit',
) {
  const query = tx.select().from(orderLists).where(eq(orderLists.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return null;
  const access = await accessOf(tx, row, user);
  if (!access.read) return null;
  if (mode === 'own' && row.ownerUid !== user.uid) throw forbidden('Only the list’s owner can share it.');
  if (mode === 'edit' && !access.edit) {
    throw forbidden('This list is shared with you to read: only its owner and the company’s admins change it.');
  }
  return { ...row, ownerEmail: access.ownerEmail, canEdit: access.edit };
}

async function accessOf(
  tx: AppDb | AppTx,
  row: typeof orderLists.$inferSelect,
  user: AuthUser,
): Promise<{ read: boolean; edit: boolean; ownerEmail: string }> {
  if (row.ownerUid === user.uid) return { read: true, edit: true, ownerEmail: user.email };
  if (!row.shared) return { read: false, edit: false, ownerEmail: '' };
  const [me, owner] = await Promise.all([membershipOf(tx, user.uid), ownerOf(tx, row.ownerUid)]);
  if (!me || !owner || me.companyId !== owner.companyId) return { read: false, edit: false, ownerEmail: '' };
  return { read: true, edit: me.role === 'admin', ownerEmail: owner.email };
}

async function ownerOf(tx: AppDb | AppTx, uid: string) {
  const [row] = await tx
    .select({ companyId: companyMembers.companyId, email: companyMembers.email })
    .from(companyMembers)
    .where(eq(companyMembers.uid, uid));
  return row ?? null;
}
