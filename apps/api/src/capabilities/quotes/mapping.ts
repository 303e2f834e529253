import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  formatOrderNumber,
  formatQuoteNumber,
  lineAmount,
  nextQuoteStatuses,
  sumAmounts,
  type Quote,
  type QuoteSide,
  type QuoteSummary,
} from '@b2b/shared';
import type { AppDb, AppTx } from '../../db/client.js';
import {
  orders,
  products,
  quoteEvents,
  quoteLines,
  quoteOfferLines,
  quotes,
  quoteVersions,
  type QuoteRow,
} from '../../db/schema.js';

/* A quote as the API answers it (packages/shared/src/quotes.ts). */

/**
 * What a summary adds to the row: lines, the standing offer's net, the order's number. The outer
 * row is named in full: Drizzle writes a lone table's columns unqualified, which inside these
 * subqueries would name the inner table's.
 */
const outer = (column: string) => sql.raw(`"quotes"."${column}"`);
export const SUMMARY_EXTRAS = {
  lineCount: sql<number>`(SELECT count(*)::int FROM ${quoteLines} WHERE ${quoteLines.quoteId} = ${outer('id')})`,
  offerNet: sql<string | null>`(SELECT sum(${quoteOfferLines.lineTotal})::text FROM ${quoteOfferLines}
    WHERE ${quoteOfferLines.quoteId} = ${outer('id')} AND ${quoteOfferLines.version} = ${outer('version')})`,
  orderNumber: sql<number | null>`(SELECT ${orders.number} FROM ${orders} WHERE ${orders.id} = ${outer('order_id')})`,
  orderStatus: sql<string | null>`(SELECT ${orders.status} FROM ${orders} WHERE ${orders.id} = ${outer('order_id')})`,
};

export interface SummaryExtras {
  lineCount: number;
  offerNet: string | null;
  orderNumber: number | null;
  orderStatus: string | null;
}

/** An order awaiting the buyer's approver is not the seller's to see yet (as for a cart's order). */
const orderSeenBy = (side: QuoteSide, extras: SummaryExtras) =>
  !(side === 'seller' && extras.orderStatus === 'awaiting_approval');

export function toQuoteSummary(row: QuoteRow, extras: SummaryExtras, side: QuoteSide): QuoteSummary {
  const order = orderSeenBy(side, extras);
  return {
    _id: row.id,
    number: formatQuoteNumber(row.number),
    requestId: row.requestId,
    status: row.status,
    buyer: { email: row.buyerEmail, name: row.buyerName },
    companyName: row.companyName,
    seller: { id: row.sellerId, email: row.sellerEmail, name: row.sellerName },
    lineCount: extras.lineCount,
    version: row.version > 0 ? row.version : null,
    offerNet: extras.offerNet === null ? null : Number(extras.offerNet),
    validUntil: row.validUntil?.toISOString() ?? null,
    orderId: order ? row.orderId : null,
    orderNumber: order && extras.orderNumber !== null ? formatOrderNumber(Number(extras.orderNumber)) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Summaries of these quotes as `side` sees them, in the order given. */
export async function summariesOf(
  executor: AppDb | AppTx,
  ids: readonly string[],
  side: QuoteSide,
): Promise<QuoteSummary[]> {
  if (ids.length === 0) return [];
  const rows = await executor
    .select({ row: quotes, ...SUMMARY_EXTRAS })
    .from(quotes)
    .where(inArray(quotes.id, [...ids]));
  const byId = new Map(rows.map(({ row, ...extras }) => [row.id, toQuoteSummary(row, extras, side)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The whole quote for `side`: its lines with the products' rules now, every version, the thread.
 * An offer past its validUntil that the sweep has not marked yet offers the moves of an expired one.
 */
export async function readQuote(
  executor: AppDb | AppTx,
  { row, lapsed }: { row: QuoteRow; lapsed: boolean },
  side: QuoteSide,
): Promise<Quote> {
  const [[summary], lines, versions, offerLines, thread] = [
    await summariesOf(executor, [row.id], side),
    await executor
      .select({
        line: quoteLines,
        packSize: products.packSize,
        minSellQty: products.minSellQty,
        maxOrderQty: products.maxOrderQty,
        stock: products.quantity,
      })
      .from(quoteLines)
      .leftJoin(products, eq(products.id, quoteLines.productId))
      .where(eq(quoteLines.quoteId, row.id))
      .orderBy(asc(quoteLines.position)),
    await executor
      .select()
      .from(quoteVersions)
      .where(eq(quoteVersions.quoteId, row.id))
      .orderBy(asc(quoteVersions.version)),
    await executor.select().from(quoteOfferLines).where(eq(quoteOfferLines.quoteId, row.id)),
    await executor
      .select()
      .from(quoteEvents)
      .where(eq(quoteEvents.quoteId, row.id))
      .orderBy(asc(quoteEvents.createdAt), asc(quoteEvents.id)),
  ];
  if (!summary) throw new Error(`quote ${row.id} vanished while read`);
  const position = new Map(lines.map(({ line }) => [line.productId, line.position]));
  const standing = new Map(
    offerLines.filter((line) => line.version === row.version).map((line) => [line.productId, line.quantity]),
  );
  return {
    ...summary,
    side,
    moves: nextQuoteStatuses(lapsed ? 'expired' : row.status, side),
    lines: lines.map(({ line, packSize, minSellQty, maxOrderQty, stock }) => ({
      productId: line.productId,
      name: line.name,
      sku: line.sku,
      image: line.image,
      brand: line.brand,
      category: line.category,
      quantity: line.quantity,
      targetPrice: line.targetPrice,
      listPrice: line.listPrice,
      yourPrice: line.yourPrice,
      packSize: packSize ?? 1,
      minSellQty: minSellQty ?? 1,
      maxOrderQty: maxOrderQty ?? null,
      available: stock !== null && stock >= (standing.get(line.productId) ?? line.quantity),
    })),
    versions: versions.map((version) => {
      const mine = offerLines
        .filter((line) => line.version === version.version)
        .sort((a, b) => (position.get(a.productId) ?? 0) - (position.get(b.productId) ?? 0))
        .map((line) => ({
          productId: line.productId,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          lineTotal: lineAmount(line.unitPrice, line.quantity),
        }));
      return {
        version: version.version,
        lines: mine,
        net: sumAmounts(mine.map((line) => line.lineTotal)),
        validUntil: version.validUntil.toISOString(),
        message: version.message,
        offeredBy: { email: version.offeredByEmail, name: version.offeredByName },
        offeredAt: version.offeredAt.toISOString(),
      };
    }),
    thread: thread.map((event) => ({
      _id: event.id,
      kind: event.kind,
      side: event.side,
      author: event.authorEmail ? { email: event.authorEmail, name: event.authorName ?? event.authorEmail } : null,
      text: event.text,
      version: event.version,
      at: event.createdAt.toISOString(),
    })),
  };
}
