import { and, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { QUOTE_EXPIRY_WARNING_HOURS } from '@b2b/shared';
import type { AppDb } from '../../db/client.js';
import { quoteEvents, quoteOfferLines, quotes } from '../../db/schema.js';
import { notifyQuote } from '../notifications/index.js';

/*
 * Offers end by themselves (docs/architecture.md, "Quotes"): every API process sweeps, each batch
 * one transaction whose rows are taken FOR UPDATE SKIP LOCKED, so two processes never expire or
 * warn of the same quote twice, and a quote a buyer is accepting right now is skipped, not waited
 * for (acceptance itself refuses an offer past its validUntil, sweep or not).
 */

/** Offers past their validUntil become expired, with a line in the thread. How many. */
export async function expireOffers(db: AppDb, batch: number): Promise<number> {
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: quotes.id })
      .from(quotes)
      .where(and(eq(quotes.status, 'offered'), lte(quotes.validUntil, sql`now()`)))
      .orderBy(quotes.validUntil)
      .limit(batch)
      .for('update', { skipLocked: true });
    const expired = await tx
      .update(quotes)
      .set({ status: 'expired', updatedAt: sql`now()` })
      .where(inArray(quotes.id, due))
      .returning({ id: quotes.id, version: quotes.version });
    if (expired.length > 0) {
      await tx.insert(quoteEvents).values(
        expired.map((quote) => ({
          quoteId: quote.id,
          kind: 'expire' as const,
          side: 'system' as const,
          text: '',
          version: quote.version,
        })),
      );
    }
    return expired.length;
  });
}

/** The buyer of each offer expiring within QUOTE_EXPIRY_WARNING_HOURS hears of it once per version. How many. */
export async function warnExpiring(db: AppDb, batch: number): Promise<number> {
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: quotes.id })
      .from(quotes)
      .where(
        and(
          eq(quotes.status, 'offered'),
          gt(quotes.validUntil, sql`now()`),
          lte(quotes.validUntil, sql`now() + make_interval(hours => ${QUOTE_EXPIRY_WARNING_HOURS})`),
          or(isNull(quotes.warnedVersion), ne(quotes.warnedVersion, quotes.version)),
        ),
      )
      .orderBy(quotes.validUntil)
      .limit(batch)
      .for('update', { skipLocked: true });
    const warned = await tx
      .update(quotes)
      .set({ warnedVersion: sql`${quotes.version}` })
      .where(inArray(quotes.id, due))
      .returning();
    for (const quote of warned) {
      const [sum] = await tx
        .select({ net: sql<string>`coalesce(sum(${quoteOfferLines.lineTotal}), 0)::text` })
        .from(quoteOfferLines)
        .where(and(eq(quoteOfferLines.quoteId, quote.id), eq(quoteOfferLines.version, quote.version)));
      await notifyQuote(tx, 'quote_expiring', quote, { actorUid: null, net: Number(sum?.net ?? 0) });
    }
    return warned.length;
  });
}
