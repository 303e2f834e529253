import type { ActivityKind } from '@b2b/shared';
import type { AppTx } from '../../db/client.js';
import { activityLog } from '../../db/schema.js';
import type { Seller } from '../companies/index.js';

/*
 * Writing the activity log: every change a company's staff make to what the company owns is
 * recorded in the transaction of the change, so the log holds exactly what was committed. A user
 * selling on their own has no log (nobody else acts for them).
 */

export interface Activity {
  kind: ActivityKind;
  action: string;
  subjectId: string;
  subjectLabel: string;
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export async function recordActivity(tx: AppTx, seller: Seller, entries: Activity | Activity[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  const companyId = seller.companyId;
  if (!companyId || list.length === 0) return;
  await tx.insert(activityLog).values(
    list.map((entry) => ({
      companyId,
      actorUid: seller.user.uid,
      actorEmail: seller.user.email,
      actorName: seller.user.displayName,
      kind: entry.kind,
      action: entry.action,
      subjectId: entry.subjectId,
      subjectLabel: entry.subjectLabel,
      summary: entry.summary,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  );
}

/** The fields that differ between two snapshots, as {before, after} holding only those fields. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown>; fields: string[] } {
  const fields = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    fields,
    before: Object.fromEntries(fields.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(fields.map((key) => [key, after[key] ?? null])),
  };
}
