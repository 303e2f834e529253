import { eq, or, sql, type SQL } from 'drizzle-orm';
import { can, canApprove, formatQuoteNumber, QUOTE_STATUS_LABELS, QUOTE_TRANSITIONS } from '@b2b/shared';
import type { QuoteActor, QuoteSide, QuoteStatus } from '@b2b/shared';
import type { AppDb, AppTx } from '../../db/client.js';
import { quotes, type QuoteRow } from '../../db/schema.js';
import { AppError, forbidden } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import { actingSeller, membershipOf, sellerOfMember, type Membership } from '../companies/index.js';

/*
 * Who sees a quote, and as which side (docs/architecture.md, "Quotes"): the buyer who asked, and
 * in their company its approvers and admins; the seller's admins and order desk (permission
 * `quotes`), or the user selling on their own. Anyone else gets 404. Read fresh per request.
 */

export function sidesOf(row: QuoteRow, user: AuthUser, member: Membership | null): QuoteSide[] {
  const buyer =
    row.buyerUid === user.uid ||
    (row.companyId !== null && member?.companyId === row.companyId && canApprove(member.role));
  const seller = sellerOfMember(member, user).id === row.sellerId && can(member?.role, 'quotes');
  return [...(buyer ? (['buyer'] as const) : []), ...(seller ? (['seller'] as const) : [])];
}

export interface VisibleQuote {
  row: QuoteRow;
  sides: QuoteSide[];
  member: Membership | null;
}

/** The quote if the caller is a party to it (locked for the rest of the transaction with `lock`); null otherwise. */
export async function visibleQuote(
  executor: AppDb | AppTx,
  id: string,
  user: AuthUser,
  lock = false,
): Promise<VisibleQuote | null> {
  const query = executor.select().from(quotes).where(eq(quotes.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return null;
  const member = await membershipOf(executor, user.uid);
  const sides = sidesOf(row, user, member);
  return sides.length > 0 ? { row, sides, member } : null;
}

const VERBS: Record<QuoteStatus, string> = {
  requested: 'requested',
  offered: 'offered',
  revision_requested: 'sent back for a revision',
  accepted: 'accepted',
  declined: 'declined',
  withdrawn: 'withdrawn',
  expired: 'expired',
};

/**
 * Checks a move against QUOTE_TRANSITIONS: 409 INVALID_TRANSITION when the table has no such move
 * from the quote's status, 403 when it has, but for the other side. Returns the side that moves.
 */
export function assertMove(visible: VisibleQuote, to: QuoteStatus, side: QuoteSide): QuoteActor {
  const { row, sides } = visible;
  const allowed = QUOTE_TRANSITIONS[row.status][to];
  const number = formatQuoteNumber(row.number);
  if (!allowed) {
    throw new AppError(
      'INVALID_TRANSITION',
      `Quote ${number} is ${QUOTE_STATUS_LABELS[row.status].toLowerCase()}: it cannot be ${VERBS[to]} now.`,
    );
  }
  if (!sides.includes(side) || !allowed.includes(side)) {
    throw forbidden(`Only the ${allowed.join(' or ')} side of quote ${number} can do that.`);
  }
  return side;
}

/** The list's filter for a side: the buyer's own (and their company's, for its approvers and admins), or the seller's. */
export async function sideFilter(db: AppDb, user: AuthUser, side: QuoteSide): Promise<SQL | undefined> {
  if (side === 'seller') return eq(quotes.sellerId, (await actingSeller(db, user, 'quotes')).id);
  const member = await membershipOf(db, user.uid);
  const own = eq(quotes.buyerUid, user.uid);
  return member && canApprove(member.role) ? or(own, eq(quotes.companyId, member.companyId)) : own;
}

/** A buyer in a company asks and accepts by role (`requestQuotes`: admins, approvers, buyers). */
export function requireQuoteBuyer(member: Membership | null): void {
  if (member && !can(member.role, 'requestQuotes')) {
    throw forbidden('Only a company admin, approver or buyer can ask for quotes and accept them.');
  }
}

/** Stamps a quote's move: status, and the time it changed. */
export const moved = (status: QuoteStatus) => ({ status, updatedAt: sql`now()` });
