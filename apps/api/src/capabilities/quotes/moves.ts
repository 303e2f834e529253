import { and, eq, sql } from 'drizzle-orm';
import {
  formatQuoteNumber,
  judgeQuantity,
  lineAmount,
  QUOTE_LIMITS,
  sumAmounts,
  type QuoteEventKind,
  type QuoteOfferInput,
  type QuoteSide,
  type QuoteStatus,
} from '@b2b/shared';
import { queryRows, type AppTx } from '../../db/client.js';
import {
  products,
  quoteEvents,
  quoteLines,
  quoteOfferLines,
  quotes,
  quoteVersions,
  type QuoteRow,
} from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import { notifyQuote, type QuoteNotice } from '../notifications/index.js';
import { assertMove, moved, type VisibleQuote } from './access.js';

/* The moves of a quote other than its request and its acceptance, each in the caller's transaction on a locked row. */

type OfferOutput = Omit<QuoteOfferInput, 'message' | 'validUntil'> & { validUntil: string; message: string };

/** Writes one line of the thread. */
export async function say(
  tx: AppTx,
  quote: QuoteRow,
  event: { kind: QuoteEventKind; side: QuoteSide | 'system'; user: AuthUser | null; text?: string; version?: number },
): Promise<void> {
  await tx.insert(quoteEvents).values({
    quoteId: quote.id,
    kind: event.kind,
    side: event.side,
    authorUid: event.user?.uid ?? null,
    authorEmail: event.user?.email ?? null,
    authorName: event.user?.displayName ?? null,
    text: event.text ?? '',
    version: event.version ?? null,
  });
}

async function setStatus(tx: AppTx, quote: QuoteRow, status: QuoteStatus, extra: Partial<QuoteRow> = {}) {
  const [row] = await tx
    .update(quotes)
    .set({ ...moved(status), ...extra })
    .where(eq(quotes.id, quote.id))
    .returning();
  if (!row) throw new Error('a locked quote vanished');
  return row;
}

/**
 * An offer: a unit price and quantity for every line of the quote, each quantity fitting the
 * product's rules now (tiers do not apply: the price is the seller's), valid until a moment from
 * now to QUOTE_LIMITS.validityDays ahead. Kept as the next version; the buyer is told.
 */
export async function offer(tx: AppTx, visible: VisibleQuote, input: OfferOutput, user: AuthUser): Promise<QuoteRow> {
  assertMove(visible, 'offered', 'seller');
  const quote = visible.row;
  const number = formatQuoteNumber(quote.number);
  const validUntil = new Date(input.validUntil);
  // By the database's clock, as the sweep and acceptance judge it.
  const [window] = await queryRows<{ ok: boolean }>(
    tx,
    sql`SELECT (${validUntil.toISOString()}::timestamptz > now()
      AND ${validUntil.toISOString()}::timestamptz <= now() + make_interval(days => ${QUOTE_LIMITS.validityDays})) AS ok`,
  );
  if (!window?.ok) {
    throw new AppError(
      'VALIDATION_ERROR',
      `Valid until must be in the future and at most ${QUOTE_LIMITS.validityDays} days ahead.`,
      [{ field: 'validUntil', message: `Choose a day from today to ${QUOTE_LIMITS.validityDays} days ahead.` }],
    );
  }
  const asked = await tx
    .select({ line: quoteLines, rules: products })
    .from(quoteLines)
    .leftJoin(products, eq(products.id, quoteLines.productId))
    .where(eq(quoteLines.quoteId, quote.id));
  const given = new Map(input.lines.map((line) => [line.productId, line]));
  const issues: { field: string; message: string }[] = [];
  for (const { line, rules } of asked) {
    const priced = given.get(line.productId);
    // A product deleted since is left out of the offer; every other line needs a price.
    if (!priced && rules) issues.push({ field: line.productId, message: `${line.name}: give it a unit price.` });
    else if (!priced) continue;
    else if (!rules) issues.push({ field: line.productId, message: `${line.name}: no longer in the catalogue.` });
    else {
      const verdict = judgeQuantity(rules, { quantity: priced.quantity });
      if (!verdict.ok) issues.push({ field: line.productId, message: `${line.name}: ${verdict.message}` });
    }
  }
  const known = new Set(asked.map(({ line }) => line.productId));
  for (const line of input.lines) {
    if (!known.has(line.productId)) issues.push({ field: line.productId, message: `Not a line of quote ${number}.` });
  }
  if (issues.length > 0) {
    throw new AppError('VALIDATION_ERROR', `The offer was not made: ${issues.map((i) => i.message).join(' ')}`, issues);
  }
  const version = quote.version + 1;
  await tx.insert(quoteVersions).values({
    quoteId: quote.id,
    version,
    validUntil,
    message: input.message,
    offeredByUid: user.uid,
    offeredByEmail: user.email,
    offeredByName: user.displayName,
  });
  await tx.insert(quoteOfferLines).values(
    input.lines.map((line) => ({
      quoteId: quote.id,
      version,
      productId: line.productId,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
    })),
  );
  const row = await setStatus(tx, quote, 'offered', { version, validUntil, warnedVersion: null });
  await say(tx, row, { kind: 'offer', side: 'seller', user, text: input.message, version });
  await notifyQuote(tx, 'quote_offered', row, { actorUid: user.uid, net: netOf(input.lines) });
  return row;
}

const netOf = (lines: readonly { unitPrice: number; quantity: number }[]) =>
  sumAmounts(lines.map((line) => lineAmount(line.unitPrice, line.quantity)));

/** The seller's staff hear that the standing offer (its `lines`, when the caller has read them) became an order. */
export async function notifyAccepted(
  tx: AppTx,
  quote: QuoteRow,
  actorUid: string | null,
  offered?: readonly { unitPrice: number; quantity: number }[],
): Promise<void> {
  const lines =
    offered ??
    (await tx
      .select({ unitPrice: quoteOfferLines.unitPrice, quantity: quoteOfferLines.quantity })
      .from(quoteOfferLines)
      .where(and(eq(quoteOfferLines.quoteId, quote.id), eq(quoteOfferLines.version, quote.version))));
  await notifyQuote(tx, 'quote_accepted', quote, { actorUid, net: netOf(lines) });
}

const SIMPLE: Record<'revision' | 'decline' | 'withdraw', { to: QuoteStatus; side: QuoteSide; notice?: QuoteNotice }> =
  {
    revision: { to: 'revision_requested', side: 'buyer', notice: 'quote_revision_requested' },
    decline: { to: 'declined', side: 'buyer', notice: 'quote_declined' },
    withdraw: { to: 'withdrawn', side: 'seller', notice: 'quote_withdrawn' },
  };

/** Asking for a revision, declining, withdrawing: the status, a line of the thread, and who is told. */
export async function simpleMove(
  tx: AppTx,
  visible: VisibleQuote,
  kind: keyof typeof SIMPLE,
  user: AuthUser,
  text: string,
): Promise<QuoteRow> {
  const { to, side, notice } = SIMPLE[kind];
  assertMove(visible, to, side);
  const row = await setStatus(tx, visible.row, to);
  await say(tx, row, { kind, side, user, text });
  if (notice) await notifyQuote(tx, notice, row, { actorUid: user.uid });
  return row;
}

/** A message in the thread, from whichever side the caller is on (the buyer's when both). */
export async function write(tx: AppTx, visible: VisibleQuote, user: AuthUser, text: string): Promise<QuoteRow> {
  const side = visible.sides[0] ?? 'buyer';
  await say(tx, visible.row, { kind: 'message', side, user, text });
  const [row] = await tx
    .update(quotes)
    .set({ updatedAt: moved(visible.row.status).updatedAt })
    .where(eq(quotes.id, visible.row.id))
    .returning();
  return row ?? visible.row;
}
