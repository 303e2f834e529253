import { z } from 'zod';
import { placeOrderResultSchema, placeOrderSchema } from './orders.js';
import { boundedText, categorySchema, moneySchema, wholeQuantitySchema } from './schemas.js';

/*
 * Requests for quote (docs/architecture.md, "Quotes"): a buyer asks a seller for prices on some
 * products; the seller's staff offer unit prices valid until a time; the buyer accepts (an order
 * at exactly those prices, through checkout), asks for a revision (the seller offers again: every
 * offer is kept as a version) or declines. A quote holds no stock; acceptance takes it.
 */

export const QUOTE_LIMITS = {
  /** Most lines one request may name. */
  lines: 200,
  message: 2000,
  /** The latest `validUntil` an offer may set, in days from now. */
  validityDays: 180,
  /** Largest page of GET /quotes. */
  page: 50,
} as const;

/** The validity the offer editor proposes ("prices valid for two weeks"). */
export const DEFAULT_QUOTE_VALIDITY_DAYS = 14;
/** How long before an offer expires its buyer is warned. */
export const QUOTE_EXPIRY_WARNING_HOURS = 24;

/** Quote numbers as people read them: Q-000123 (from a database sequence). */
export function formatQuoteNumber(n: number): string {
  return `Q-${String(n).padStart(6, '0')}`;
}

export const QUOTE_STATUSES = [
  'requested',
  'offered',
  'revision_requested',
  'accepted',
  'declined',
  'withdrawn',
  'expired',
] as const;
export const quoteStatusSchema = z.enum(QUOTE_STATUSES, {
  error: () => `Status must be one of: ${QUOTE_STATUSES.join(', ')}.`,
});
export type QuoteStatus = z.output<typeof quoteStatusSchema>;

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  requested: 'Requested',
  offered: 'Offered',
  revision_requested: 'Revision requested',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

/** The statuses a quote is still being negotiated in (the seller may withdraw it; the buyer decline it). */
export const OPEN_QUOTE_STATUSES: readonly QuoteStatus[] = ['requested', 'offered', 'revision_requested'];

/**
 * `buyer`: the requester, and in a company its approvers and admins; `seller`: the seller's admins
 * and order desk (or a user selling on their own); `system`: the expiry sweep.
 */
export type QuoteActor = 'buyer' | 'seller' | 'system';
export type QuoteSide = Exclude<QuoteActor, 'system'>;

/**
 * Every allowed change of status, and who may make it: the one table the API's checks and the
 * web's buttons read. A change not in it is 409 INVALID_TRANSITION (accepting an offer past its
 * validUntil is 409 QUOTE_EXPIRED); one in it, by the other side, 403 FORBIDDEN. An offer on an
 * offered quote is a new version (the seller revises on their own); an expired quote may be offered
 * again.
 */
export const QUOTE_TRANSITIONS: Record<QuoteStatus, Partial<Record<QuoteStatus, readonly QuoteActor[]>>> = {
  requested: { offered: ['seller'], declined: ['buyer'], withdrawn: ['seller'] },
  offered: {
    offered: ['seller'],
    accepted: ['buyer'],
    revision_requested: ['buyer'],
    declined: ['buyer'],
    withdrawn: ['seller'],
    expired: ['system'],
  },
  revision_requested: { offered: ['seller'], declined: ['buyer'], withdrawn: ['seller'] },
  expired: { offered: ['seller'] },
  // The order an acceptance placed was rejected by the buyer's approver (or nobody decided in
  // time): the offer stands again, or has expired meanwhile.
  accepted: { offered: ['system'], expired: ['system'] },
  declined: {},
  withdrawn: {},
};

/** Whether `actor` may move a quote in `from` to `to`. */
export function canMoveQuote(from: QuoteStatus, to: QuoteStatus, actor: QuoteActor): boolean {
  return QUOTE_TRANSITIONS[from][to]?.includes(actor) ?? false;
}

/** The statuses `actor` may move a quote in `from` to, in the table's order (the web's buttons). */
export function nextQuoteStatuses(from: QuoteStatus, actor: QuoteActor): QuoteStatus[] {
  return QUOTE_STATUSES.filter((to) => canMoveQuote(from, to, actor));
}

const message = (label: string) => boundedText(QUOTE_LIMITS.message).min(1, `${label} is required.`);
const optionalMessage = boundedText(QUOTE_LIMITS.message).default('');

/** One line of a request: a product, how many, and optionally the unit price the buyer hopes for. */
export const quoteRequestLineSchema = z.object({
  productId: z.uuid({ error: 'Each line needs a product id.' }),
  quantity: wholeQuantitySchema('Quantity', 1),
  targetPrice: moneySchema('Target price').nullish(),
});
export type QuoteRequestLineInput = z.input<typeof quoteRequestLineSchema>;

const distinctProducts = (lines: readonly { productId: string }[]) =>
  new Set(lines.map((line) => line.productId)).size === lines.length;

/** POST /quotes: line by line. */
export const quoteRequestSchema = z.object({
  lines: z
    .array(quoteRequestLineSchema)
    .min(1, 'Name at least one product to ask a price for.')
    .max(QUOTE_LIMITS.lines, `A request can name at most ${QUOTE_LIMITS.lines} products.`)
    .refine(distinctProducts, 'Name each product once.'),
  message: optionalMessage,
});
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;

/** POST /quotes/from-cart and /quotes/from-list/:id: the cart's or list's lines, with optional targets. */
export const quoteFromSourceSchema = z.object({
  targets: z
    .array(z.object({ productId: z.uuid(), targetPrice: moneySchema('Target price') }))
    .max(QUOTE_LIMITS.lines)
    .default([]),
  message: optionalMessage,
});
export type QuoteFromSourceInput = z.input<typeof quoteFromSourceSchema>;

/** A day (YYYY-MM-DD: the end of that day, UTC) or a moment. */
const validUntilSchema = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], {
    error: () => 'Valid until must be a date (YYYY-MM-DD) or a date and time.',
  })
  .transform((value) => new Date(value.length === 10 ? `${value}T23:59:59.999Z` : value).toISOString());

/** POST /quotes/:id/offer: a unit price for every line of the quote (tiers do not apply), until when. */
export const quoteOfferSchema = z.object({
  lines: z
    .array(
      z.object({
        productId: z.uuid({ error: 'Each line needs the product id of a line of the quote.' }),
        quantity: wholeQuantitySchema('Quantity', 1),
        unitPrice: moneySchema('Unit price'),
      }),
    )
    .min(1, 'Offer a price for every line of the quote.')
    .max(QUOTE_LIMITS.lines)
    .refine(distinctProducts, 'Name each product once.'),
  validUntil: validUntilSchema,
  message: optionalMessage,
});
export type QuoteOfferInput = z.input<typeof quoteOfferSchema>;

export const quoteRevisionSchema = z.object({ message: message('Say what should change') });
export const quoteDeclineSchema = z.object({ message: optionalMessage });
export const quoteMessageSchema = z.object({ text: message('A message') });
export type QuoteMessageInput = z.input<typeof quoteMessageSchema>;

/**
 * POST /quotes/:id/accept: where the order goes and its references, as at checkout, and the
 * version the buyer accepts (the one they read: a newer offer meanwhile is 409 QUOTE_CHANGED).
 */
export const quoteAcceptSchema = placeOrderSchema.extend({
  version: z
    .number({ error: 'Version must be the number of the offer you accept.' })
    .int('Version must be the number of the offer you accept.')
    .min(1, 'Version must be the number of the offer you accept.')
    .optional(),
});
export type QuoteAcceptInput = z.input<typeof quoteAcceptSchema>;

/** What accepting answers: the order placed (or awaiting approval), as checkout answers, and the quote. */
export const quoteAcceptResultSchema = placeOrderResultSchema.extend({ quoteId: z.uuid() });
export type QuoteAcceptResult = z.output<typeof quoteAcceptResultSchema>;

export const quotePersonSchema = z.object({ email: z.string(), name: z.string() });

/** A line as requested: the product then, the quantity asked, the target, and the buyer's own price then. */
export const quoteLineSchema = z.object({
  productId: z.uuid(),
  name: z.string(),
  sku: z.string().nullable(),
  image: z.string(),
  brand: z.string(),
  category: categorySchema,
  quantity: z.number().int(),
  targetPrice: z.number().nullable(),
  /** The product's own price when asked. */
  listPrice: z.number(),
  /** What the buyer would have paid for the quantity when asked (their tier or contract price). */
  yourPrice: z.number(),
  /** The product's rules now (1, 1 and none once it is deleted, and `available` false): what an offer's quantity must fit. */
  packSize: z.number().int(),
  minSellQty: z.number().int(),
  maxOrderQty: z.number().int().nullable(),
  /** Whether the shelf holds the standing offer's quantity (before an offer, the one asked) right now: a quote holds no stock. */
  available: z.boolean(),
});
export type QuoteLine = z.output<typeof quoteLineSchema>;

export const quoteOfferLineSchema = z.object({
  productId: z.uuid(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  lineTotal: z.number(),
});
export type QuoteOfferLine = z.output<typeof quoteOfferLineSchema>;

/** One offer: kept as it was made, whatever follows. */
export const quoteVersionSchema = z.object({
  version: z.number().int(),
  lines: z.array(quoteOfferLineSchema),
  /** The sum of the lines (net: tax is added when the order is placed, once). */
  net: z.number(),
  validUntil: z.iso.datetime(),
  message: z.string(),
  offeredBy: quotePersonSchema,
  offeredAt: z.iso.datetime(),
});
export type QuoteVersion = z.output<typeof quoteVersionSchema>;

export const QUOTE_EVENT_KINDS = [
  'request',
  'offer',
  'revision',
  'accept',
  'decline',
  'withdraw',
  'expire',
  'reopen',
  'message',
] as const;
export type QuoteEventKind = (typeof QUOTE_EVENT_KINDS)[number];

/** The thread: every message and every move, oldest first (the story both sides read). */
export const quoteEventSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(QUOTE_EVENT_KINDS),
  side: z.enum(['buyer', 'seller', 'system']),
  author: quotePersonSchema.nullable(),
  text: z.string(),
  /** The offer's version, on an offer. */
  version: z.number().int().nullable(),
  at: z.iso.datetime(),
});
export type QuoteEvent = z.output<typeof quoteEventSchema>;

export const quoteSummarySchema = z.object({
  _id: z.uuid(),
  number: z.string(),
  /** Every quote of one request (one per seller) shares it. */
  requestId: z.uuid(),
  status: quoteStatusSchema,
  buyer: quotePersonSchema,
  /** The buyer's company when they asked (null: none). */
  companyName: z.string().nullable(),
  seller: z.object({ id: z.string(), email: z.string(), name: z.string().nullable() }),
  lineCount: z.number().int(),
  /** The latest offer's version and net (null before the first offer). */
  version: z.number().int().nullable(),
  offerNet: z.number().nullable(),
  validUntil: z.iso.datetime().nullable(),
  /** The order an acceptance placed. */
  orderId: z.uuid().nullable(),
  orderNumber: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type QuoteSummary = z.output<typeof quoteSummarySchema>;

export const quoteSchema = quoteSummarySchema.extend({
  /** The caller's side of it. */
  side: z.enum(['buyer', 'seller']),
  /** The statuses the caller may move it to now (QUOTE_TRANSITIONS for their side). */
  moves: z.array(quoteStatusSchema),
  lines: z.array(quoteLineSchema),
  /** Every offer, oldest first; the last is the one that stands. */
  versions: z.array(quoteVersionSchema),
  thread: z.array(quoteEventSchema),
});
export type Quote = z.output<typeof quoteSchema>;

export const quoteRequestResultSchema = z.object({ quotes: z.array(quoteSummarySchema) });
export type QuoteRequestResult = z.output<typeof quoteRequestResultSchema>;

export const quotePageSchema = z.object({ items: z.array(quoteSummarySchema), nextCursor: z.string().nullable() });
export type QuotePage = z.output<typeof quotePageSchema>;

/** GET /quotes: the buyer's side (theirs, and their company's for its approvers and admins) or the seller's. */
export const quoteListQuerySchema = z.object({
  side: z.enum(['buyer', 'seller'], { error: () => 'Side must be buyer or seller.' }).default('buyer'),
  status: quoteStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(QUOTE_LIMITS.page).default(20),
  cursor: z.string().max(200).optional(),
});
export type QuoteListQuery = z.input<typeof quoteListQuerySchema>;
