import { and, eq } from 'drizzle-orm';
import { formatQuoteNumber, lineAmount, sumAmounts, type PlaceOrder, type QuoteAcceptResult } from '@b2b/shared';
import type { AppTx, InTransaction } from '../../db/client.js';
import { quoteLines, quoteOfferLines, quotes, type QuoteRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import { takeStock } from '../catalogue/index.js';
import { notifyQuote } from '../notifications/index.js';
import { assertMove, moved, requireQuoteBuyer, type VisibleQuote } from './access.js';
import { say } from './moves.js';
import type { OrderRepository } from '../orders/index.js';

/** When an offer stops holding: its validUntil, or an expired status the sweep set. */
function assertStillValid(quote: QuoteRow): void {
  const lapsed =
    quote.status === 'expired' || (quote.status === 'offered' && (quote.validUntil?.getTime() ?? 0) <= Date.now());
  if (!lapsed) return;
  const until = quote.validUntil?.toISOString().slice(0, 10) ?? '';
  throw new AppError(
    'QUOTE_EXPIRED',
    `Quote ${formatQuoteNumber(quote.number)} expired on ${until}: ask the seller to offer again.`,
  );
}

/**
 * Accepting an offer (docs/architecture.md, "Quotes"), in one transaction on the locked quote row,
 * so of two accepts (a double click, two colleagues) exactly one places an order and the other
 * finds the quote accepted (409 INVALID_TRANSITION). The standing version's lines are the order's:
 * their stock is taken now under the products' rules (409 naming the line, and nothing is placed,
 * when it is no longer there), and checkout places them at the offered unit prices, through the
 * buyer's approvals, spending limit and account like any other checkout.
 */
export async function accept(
  tx: AppTx,
  visible: VisibleQuote,
  input: PlaceOrder,
  user: AuthUser,
  orders: Pick<OrderRepository, 'placeItems'>,
  inTransaction?: InTransaction<QuoteAcceptResult>,
): Promise<QuoteAcceptResult> {
  assertStillValid(visible.row);
  assertMove(visible, 'accepted', 'buyer');
  requireQuoteBuyer(visible.member);
  const quote = visible.row;
  const lines = await tx
    .select({ offer: quoteOfferLines, asked: quoteLines })
    .from(quoteOfferLines)
    .innerJoin(
      quoteLines,
      and(eq(quoteLines.quoteId, quoteOfferLines.quoteId), eq(quoteLines.productId, quoteOfferLines.productId)),
    )
    .where(and(eq(quoteOfferLines.quoteId, quote.id), eq(quoteOfferLines.version, quote.version)))
    .orderBy(quoteLines.position);
  const shelf = await takeStock(
    tx,
    lines.map(({ offer, asked }) => ({ productId: offer.productId, quantity: offer.quantity, name: asked.name })),
  );
  const items = lines.map(({ offer, asked }) => ({
    id: `${quote.id}:${String(asked.position).padStart(4, '0')}`,
    productId: offer.productId,
    buyQuantity: offer.quantity,
    name: asked.name,
    image: asked.image,
    brand: asked.brand,
    category: asked.category,
    // The offered price, copied: no list price, tier or contract of later touches it.
    price: offer.unitPrice,
    listPrice: shelf.get(offer.productId)?.price ?? asked.listPrice,
    sku: asked.sku,
    sellerId: quote.sellerId,
    sellerEmail: quote.sellerEmail,
    buyDate: new Date(quote.createdAt.getTime() + asked.position),
  }));
  const placed = await orders.placeItems(tx, user, input, items, { from: 'quote', quoteId: quote.id });
  const order = placed.orders[0];
  if (!order) throw new Error('an accepted quote placed no order');
  const [row] = await tx
    .update(quotes)
    .set({ ...moved('accepted'), orderId: order._id })
    .where(eq(quotes.id, quote.id))
    .returning();
  if (!row) throw new Error('a locked quote vanished');
  await say(tx, row, { kind: 'accept', side: 'buyer', user, text: order.orderNumber, version: row.version });
  const net = sumAmounts(lines.map(({ offer }) => lineAmount(offer.unitPrice, offer.quantity)));
  await notifyQuote(tx, 'quote_accepted', row, { actorUid: user.uid, net });
  const result: QuoteAcceptResult = { ...placed, quoteId: quote.id };
  await inTransaction?.(tx, result);
  return result;
}
