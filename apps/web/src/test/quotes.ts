import {
  formatQuoteNumber,
  lineAmount,
  nextQuoteStatuses,
  sumAmounts,
  type Quote,
  type QuoteEvent,
  type QuoteLine,
  type QuoteOfferLine,
  type QuoteSummary,
  type QuoteVersion,
} from '@b2b/shared';
import { testUuid } from '@b2b/shared/testing';

/* Requests for quote as the API answers them, for the Quotes pages and the cart's and lists' requests. */

let sequence = 0;
const next = () => ++sequence;

export const BUYER = { email: 'ann@example.com', name: 'Ann Buyer' };
export const SELLER = { id: 'seller-1', email: 'desk@north.example.com', name: 'North Traders' };

export function createQuoteLine(overrides: Partial<QuoteLine> = {}): QuoteLine {
  const n = next();
  return {
    productId: testUuid('00000000', n),
    name: `Product ${n}`,
    sku: `SKU-${n}`,
    image: '/images/products/placeholder.svg',
    brand: 'Acme',
    category: 'electronics',
    quantity: 10,
    targetPrice: null,
    listPrice: 10,
    yourPrice: 10,
    packSize: 1,
    minSellQty: 1,
    maxOrderQty: null,
    available: true,
    ...overrides,
  };
}

/** An offer on `lines`: each at `prices[i]` (or its buyer's price), for the quantity asked. */
export function createQuoteVersion(
  lines: readonly QuoteLine[],
  overrides: Partial<QuoteVersion> & { prices?: number[] } = {},
): QuoteVersion {
  const { prices, ...rest } = overrides;
  const offered: QuoteOfferLine[] = lines.map((line, i) => {
    const unitPrice = prices?.[i] ?? line.yourPrice;
    return {
      productId: line.productId,
      quantity: line.quantity,
      unitPrice,
      lineTotal: lineAmount(unitPrice, line.quantity),
    };
  });
  const offerLines = rest.lines ?? offered;
  return {
    version: 1,
    net: sumAmounts(offerLines.map((line) => line.lineTotal)),
    validUntil: '2026-12-15T23:59:59.999Z',
    message: '',
    offeredBy: { email: SELLER.email, name: 'Dee Desk' },
    offeredAt: '2026-12-01T10:00:00.000Z',
    ...rest,
    lines: offerLines,
  };
}

export function createQuoteEvent(overrides: Partial<QuoteEvent> = {}): QuoteEvent {
  const n = next();
  return {
    _id: testUuid('e0000000', n),
    kind: 'message',
    side: 'buyer',
    author: BUYER,
    text: '',
    version: null,
    at: new Date(Date.UTC(2026, 11, 1, 9, n % 60)).toISOString(),
    ...overrides,
  };
}

/** A quote as GET /api/quotes/:id sends it to `side`; its moves follow from its status unless overridden. */
export function createQuote(overrides: Partial<Quote> = {}): Quote {
  const n = next();
  const lines = overrides.lines ?? [createQuoteLine()];
  const versions = overrides.versions ?? [];
  const latest = versions.at(-1);
  const status = overrides.status ?? (latest ? 'offered' : 'requested');
  const side = overrides.side ?? 'buyer';
  return {
    _id: testUuid('90000000', n),
    number: formatQuoteNumber(n),
    requestId: testUuid('91000000', n),
    status,
    buyer: BUYER,
    companyName: null,
    seller: SELLER,
    lineCount: lines.length,
    version: latest?.version ?? null,
    offerNet: latest?.net ?? null,
    validUntil: latest?.validUntil ?? null,
    orderId: null,
    orderNumber: null,
    createdAt: '2026-12-01T09:00:00.000Z',
    updatedAt: latest?.offeredAt ?? '2026-12-01T09:00:00.000Z',
    side,
    moves: nextQuoteStatuses(status, side),
    lines,
    versions,
    thread: [createQuoteEvent({ kind: 'request', text: 'Best price for the lot, please.' })],
    ...overrides,
  };
}

/** The summary of a quote, as lists and POST /api/quotes send it. */
export function summaryOf(quote: Quote): QuoteSummary {
  const { side: _side, moves: _moves, lines: _lines, versions: _versions, thread: _thread, ...summary } = quote;
  return summary;
}
