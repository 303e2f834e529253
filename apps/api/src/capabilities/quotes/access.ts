import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
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
  // The requester keeps the buyer's side while they buy for the business they asked for: one who
  // left the company (or joined another) no longer sees its quotes, nor orders at its prices.
  const company = member?.companyId ?? null;
  const buyer =
    (row.buyerUid === user.uid && row.companyId === company) ||
    (row.companyId !== null && company === row.companyId && canApprove(member?.role));
  const seller = sellerOfMember(member, user).id === row.sellerId && can(member?.role, 'quotes');
  return [...(buyer ? (['buyer'] as const) : []), ...(seller ? (['seller'] as const) : [])];
}

export interface VisibleQuote {
  row: QuoteRow;
  sides: QuoteSide[];
  member: Membership | null;
  /** Offered, and past its validUntil by the database's clock (the sweep may not have marked it yet). */
  lapsed: boolean;
}

async function quoteRow(executor: AppDb | AppTx, id: string, lock: boolean) {
  const query = executor
    .select({ row: quotes, lapsed: sql<boolean>`(${quotes.status} = 'offered' AND ${quotes.validUntil} <= now())` })
    .from(quotes)
    .where(eq(quotes.id, id));
  const [found] = lock ? await query.for('update') : await query;
  return found ?? null;
}

/** The quote if the caller is a party to it (locked for the rest of the transaction with `lock`); null otherwise. */
export async function visibleQuote(
  executor: AppDb | AppTx,
  id: string,
  user: AuthUser,
  lock = false,
): Promise<VisibleQuote | null> {
  const found = await quoteRow(executor, id, lock);
  if (!found) return null;
  const member = await membershipOf(executor, user.uid);
  const sides = sidesOf(found.row, user, member);
  return sides.length > 0 ? { row: found.row, sides, member, lapsed: found.lapsed } : null;
}

/**
 * The quote a move of this transaction just changed, read again. Who sees it is as before: a move
 * changes no party (buyer, company, seller), so the caller's membership is not asked again.
 */
export async function reread(tx: AppTx, visible: VisibleQuote): Promise<VisibleQuote> {
  const found = await quoteRow(tx, visible.row.id, false);
  if (!found) throw new Error('a locked quote vanished');
  return { ...visible, row: found.row, lapsed: found.lapsed };
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
  const { row } = visible;
  const allowed = QUOTE_TRANSITIONS[row.status][to];
  const number = formatQuoteNumber(row.number);
  assertSide(visible, side);
  if (side === 'buyer') requireQuoteBuyer(visible.member);
  if (!allowed) {
    throw new AppError(
      'INVALID_TRANSITION',
      `Quote ${number} is ${QUOTE_STATUS_LABELS[row.status].toLowerCase()}: it cannot be ${VERBS[to]} now.`,
    );
  }
  if (!allowed.includes(side)) {
    throw forbidden(`Only the ${allowed.join(' or ')} side of quote ${number} can do that.`);
  }
  return side;
}

/** 403 unless the caller is on `side` of the quote (checked before anything about its status is said). */
export function assertSide(visible: VisibleQuote, side: QuoteSide): void {
  if (!visible.sides.includes(side)) {
    throw forbidden(`Only the ${side} side of quote ${formatQuoteNumber(visible.row.number)} can do that.`);
  }
}

/** The list's filter for a side: the buyer's own for their business now (and their company's, for its approvers and admins), or the seller's. */
export async function sideFilter(db: AppDb, user: AuthUser, side: QuoteSide): Promise<SQL | undefined> {
  if (side === 'seller') return eq(quotes.sellerId, (await actingSeller(db, user, 'quotes')).id);
  const member = await membershipOf(db, user.uid);
  const own = and(
    eq(quotes.buyerUid, user.uid),
    member ? eq(quotes.companyId, member.companyId) : isNull(quotes.companyId),
  );
  return member && canApprove(member.role) ? or(own, eq(quotes.companyId, member.companyId)) : own;
}

/** A buyer in a company asks, accepts, revises and declines by role (`requestQuotes`: admins, approvers, buyers). */
export function requireQuoteBuyer(member: Membership | null): void {
  if (member && !can(member.role, 'requestQuotes')) {
    throw forbidden('Only a company admin, approver or buyer can ask for quotes and accept them.');
  }
}

/** Stamps a quote's move: status, and the time it changed. */
export const moved = (status: QuoteStatus) => ({ status, updatedAt: sql`now()` });
