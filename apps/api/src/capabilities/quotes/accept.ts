import { and, eq } from 'drizzle-orm';
import { formatQuoteNumber, type PlaceOrder, type QuoteAcceptResult } from '@b2b/shared';
import type { AppTx, InTransaction } from '../../db/client.js';
import { quoteLines, quoteOfferLines, quotes } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import { takeStock } from '../catalogue/index.js';
import { assertMove, assertSide, moved, type VisibleQuote } from './access.js';
import { notifyAccepted, say } from './moves.js';
import type { OrderRepository } from '../orders/index.js';

/**
 * The offer the buyer accepts must still hold (its validUntil by the database's clock, or an
 * expired status the sweep set: 409 QUOTE_EXPIRED) and be the one they read (409 QUOTE_CHANGED
 * when the seller offered again since).
 */
function assertOfferStands({ row, lapsed }: VisibleQuote, version: number | undefined): void {
  const number = formatQuoteNumber(row.number);
  if (lapsed || row.status === 'expired') {
    const until = row.validUntil?.toISOString().slice(0, 10) ?? '';
    throw new AppError('QUOTE_EXPIRED', `Quote ${number} expired on ${until}: ask the seller to offer again.`);
  }
  if (version !== undefined && row.status === 'offered' && version !== row.version) {
    throw new AppError(
      'QUOTE_CHANGED',
      `Quote ${number} has a newer offer (version ${row.version}) than the one you accepted (version ${version}): read it and accept again.`,
    );
  }
}

/**
 * Accepting an offer (docs/architecture.md, "Quotes"), in one transaction on the locked quote row,
 * so of two accepts (a double click, two colleagues) exactly one places an order and the other
 * finds the quote accepted (409 INVALID_TRANSITION). The standing version's lines are the order's:
 * their stock is taken now under the products' rules (409 naming the line when it is no longer
 * there, 422 when a rule changed since; nothing is placed), and checkout places them at the
 * offered unit prices as the caller's order, through their approvals, spending limit and account
 * like any other checkout.
 */
export async function accept(
  tx: AppTx,
  visible: VisibleQuote,
  input: PlaceOrder & { version?: number | undefined },
  user: AuthUser,
  orders: Pick<OrderRepository, 'placeItems'>,
  inTransaction?: InTransaction<QuoteAcceptResult>,
): Promise<QuoteAcceptResult> {
  assertSide(visible, 'buyer');
  assertOfferStands(visible, input.version);
  assertMove(visible, 'accepted', 'buyer');
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
  const { version: _version, ...placing } = input;
  const placed = await orders.placeItems(tx, user, placing, items, { from: 'quote', quoteId: quote.id });
  const order = placed.orders[0];
  if (!order) throw new Error('an accepted quote placed no order');
  const [row] = await tx
    .update(quotes)
    .set({ ...moved('accepted'), orderId: order._id })
    .where(eq(quotes.id, quote.id))
    .returning();
  if (!row) throw new Error('a locked quote vanished');
  // An order awaiting the buyer's approver is not the seller's yet: they hear of the acceptance
  // once it is approved (approval.ts), as they hear of the order itself.
  const awaits = order.status === 'awaiting_approval';
  await say(tx, row, {
    kind: 'accept',
    side: 'buyer',
    user,
    text: awaits ? '' : order.orderNumber,
    version: row.version,
  });
  if (!awaits)
    await notifyAccepted(
      tx,
      row,
      user.uid,
      lines.map(({ offer }) => offer),
    );
  const result: QuoteAcceptResult = { ...placed, quoteId: quote.id };
  await inTransaction?.(tx, result);
  return result;
}
