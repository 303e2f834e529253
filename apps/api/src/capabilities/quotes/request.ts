import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { judgeQuantity, QUOTE_LIMITS, type QuoteRequestLineInput } from '@b2b/shared';
import type { AppTx } from '../../db/client.js';
import { products, quoteEvents, quoteLines, quotes, type QuoteRow } from '../../db/schema.js';
import { AppError, notFound, refuseLines, type LineRefusal } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import { openPriceBook } from '../../pricing/price-book.js';
import { companyNames, sellerOfMember, type Membership } from '../companies/index.js';
import { notifyQuote } from '../notifications/index.js';

/** A line of a request as the service takes it: a product, a quantity, maybe a target. */
export interface RequestLine {
  productId: string;
  quantity: number;
  targetPrice?: QuoteRequestLineInput['targetPrice'];
}

/**
 * Writes a request as one quote per seller (as checkout makes one order per seller), in the
 * caller's transaction: each line snapshots the product as it is now, the buyer's target, the
 * product's own price and what the buyer would pay for the quantity (the price book: their tier
 * or contract price, where an offer starts from). The quantities must fit the products' rules
 * (minimum, pack, maximum; not the stock: a quote holds none); a product of the caller's own
 * business is refused. The sellers' staff are told. Returns the quotes in seller order.
 */
export async function writeRequest(
  tx: AppTx,
  user: AuthUser,
  member: Membership | null,
  lines: readonly RequestLine[],
  message: string,
): Promise<QuoteRow[]> {
  const ids = [...new Set(lines.map((line) => line.productId))];
  const rows = await tx.select().from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const me = sellerOfMember(member, user).id;
  const refusals: LineRefusal[] = [];
  for (const line of lines) {
    const product = byId.get(line.productId);
    if (!product) throw notFound('Product');
    if (product.sellerId === me) {
      refusals.push({
        code: 'VALIDATION_ERROR',
        field: product.id,
        message: `${product.name} is your own product: a quote is asked of another business.`,
      });
      continue;
    }
    const verdict = judgeQuantity(product, { quantity: line.quantity });
    if (!verdict.ok)
      refusals.push({ code: verdict.code, field: product.id, message: `${product.name}: ${verdict.message}` });
  }
  refuseLines('Nothing was asked:', refusals);

  const book = await openPriceBook(tx, { uids: [user.uid], productIds: ids });
  const bySeller = new Map<string, RequestLine[]>();
  for (const line of lines) {
    const sellerId = byId.get(line.productId)?.sellerId ?? '';
    bySeller.set(sellerId, [...(bySeller.get(sellerId) ?? []), line]);
  }
  for (const group of bySeller.values()) {
    if (group.length > QUOTE_LIMITS.lines) {
      throw new AppError(
        'VALIDATION_ERROR',
        `A quote can ask for at most ${QUOTE_LIMITS.lines} products of one seller; this request has ${group.length} of ${byId.get(group[0]?.productId ?? '')?.ownerEmail ?? 'one seller'}: ask for them in parts.`,
      );
    }
  }
  const names = await companyNames(tx, [...bySeller.keys()]);
  const requestId = randomUUID();
  const written: QuoteRow[] = [];
  const sellers = [...bySeller.entries()].sort(([a], [b]) => a.localeCompare(b));
  for (const [sellerId, group] of sellers) {
    const firstProduct = byId.get(group[0]?.productId ?? '');
    if (!firstProduct) continue;
    const [quote] = await tx
      .insert(quotes)
      .values({
        requestId,
        buyerUid: user.uid,
        buyerEmail: user.email,
        buyerName: user.displayName,
        companyId: member?.companyId ?? null,
        companyName: member?.companyName ?? null,
        sellerId,
        sellerEmail: firstProduct.ownerEmail,
        sellerName: names.get(sellerId) ?? null,
      })
      .returning();
    if (!quote) throw new Error('insert returned no quote');
    await tx.insert(quoteLines).values(
      group.map((line, index) => {
        const product = byId.get(line.productId);
        if (!product) throw new Error('a checked product vanished');
        return {
          quoteId: quote.id,
          position: index + 1,
          productId: product.id,
          name: product.name,
          sku: product.sku,
          image: product.image,
          brand: product.brand,
          category: product.category,
          quantity: line.quantity,
          targetPrice: line.targetPrice ?? null,
          listPrice: product.price,
          // The price of the quantity alone (not on top of what the cart holds): what an order of it would cost.
          yourPrice: book.priceAt(product, user.uid, line.quantity).unitPrice,
        };
      }),
    );
    await tx.insert(quoteEvents).values({
      quoteId: quote.id,
      kind: 'request',
      side: 'buyer',
      authorUid: user.uid,
      authorEmail: user.email,
      authorName: user.displayName,
      text: message,
    });
    await notifyQuote(tx, 'quote_requested', quote, { actorUid: user.uid });
    written.push(quote);
  }
  return written;
}
