import { eq, sql } from 'drizzle-orm';
import { formatOrderNumber } from '@b2b/shared';
import type { AppTx } from '../../db/client.js';
import { quotes, type OrderRow } from '../../db/schema.js';
import { notifyAccepted, say } from './moves.js';

/**
 * An order accepted from a quote that waited for the buyer's approver (docs/architecture.md,
 * "Quotes"), in the decision's transaction: approved, the seller's staff hear of the acceptance
 * now; rejected (or timed out), the quote is no longer accepted: its offer stands again, or has
 * expired meanwhile, and the buyer may accept it again (its stock went back with the rejection).
 */
export async function afterApprovalDecided(tx: AppTx, order: OrderRow): Promise<void> {
  if (order.quoteId === null) return;
  if (order.status === 'placed') {
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, order.quoteId));
    if (quote) await notifyAccepted(tx, quote, null);
    return;
  }
  if (order.status !== 'rejected') return;
  const [quote] = await tx
    .update(quotes)
    .set({
      status: sql`CASE WHEN ${quotes.validUntil} > now() THEN 'offered' ELSE 'expired' END`,
      orderId: null,
      updatedAt: sql`now()`,
    })
    .where(eq(quotes.orderId, order.id))
    .returning();
  if (!quote) return;
  const verdict = quote.status === 'offered' ? 'the offer stands again' : 'the offer has expired meanwhile';
  await say(tx, quote, {
    kind: 'reopen',
    side: 'system',
    user: null,
    text: `Order ${formatOrderNumber(order.number)} was rejected: ${verdict}.`,
    version: quote.version,
  });
}
