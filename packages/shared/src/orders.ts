import { z } from 'zod';
import { boundedText, pageQuerySchema, productSchema, purchaseSchema } from './schemas.js';

/*
 * The orders contract (docs/architecture.md, "Orders and cart holds"): checkout turns the
 * caller's cart into one order per seller; sellers work their orders through the statuses
 * below; buyers follow them, cancel while placed and reorder.
 */

/** How long an item stays in a cart (its stock held) unless CART_HOLD_HOURS says otherwise. */
export const DEFAULT_CART_HOLD_HOURS = 72;

/** Order numbers as people read them: B2B-000123 (the number comes from a database sequence). */
export const ORDER_NUMBER_PREFIX = 'B2B-';
export function formatOrderNumber(n: number): string {
  return `${ORDER_NUMBER_PREFIX}${String(n).padStart(6, '0')}`;
}

export const ORDER_LIMITS = {
  poNumber: 64,
  note: 1000,
  trackingRef: 100,
  name: 100,
  line: 200,
  city: 100,
  postalCode: 20,
  country: 100,
  phone: 32,
} as const;

/**
 * `awaiting_approval`: a company member's checkout above their spending limit waits for an
 * approver or admin of their company (companies.ts); its stock stays held and its sellers do not
 * see it. `rejected`: an approver said no (or the approval timed out); the stock went back.
 */
export const ORDER_STATUSES = [
  'awaiting_approval',
  'placed',
  'confirmed',
  'shipped',
  'delivered',
  'cancelled',
  'rejected',
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES, {
  error: () => `Status must be one of: ${ORDER_STATUSES.join(', ')}.`,
});
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_approval: 'Awaiting approval',
  placed: 'Placed',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
};

/**
 * `approver`: an `approver` or `admin` of the buyer's company (checked in the database on every
 * request), never the seller. Approving and rejecting go through POST /orders/:id/approve and
 * /orders/:id/reject `{reason}`; PATCH /orders/:id/status only makes the buyer's and seller's moves.
 */
export type OrderActor = 'buyer' | 'seller' | 'approver';

/**
 * Every allowed change of status, and who may make it. A change that is not in this table is
 * refused with 409 INVALID_TRANSITION; one that is, by someone not listed, with 403 FORBIDDEN.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, Partial<Record<OrderStatus, readonly OrderActor[]>>> = {
  // Approving makes it an ordinary placed order (the sellers see it from then on); an approver
  // cannot approve their own order above their own limit (403 FORBIDDEN: someone else must).
  awaiting_approval: { placed: ['approver'], cancelled: ['buyer'], rejected: ['approver'] },
  placed: { confirmed: ['seller'], cancelled: ['buyer', 'seller'] },
  confirmed: { shipped: ['seller'], cancelled: ['seller'] },
  shipped: { delivered: ['seller'] },
  delivered: {},
  cancelled: {},
  rejected: {},
};

/** The statuses an order can be invoiced in: by hand from confirmed on; shipping issues it by itself. */
export const INVOICEABLE_STATUSES: readonly OrderStatus[] = ['confirmed', 'shipped', 'delivered'];

/** The statuses `actors` may move an order in `from` to, in the table's order. */
export function nextStatuses(from: OrderStatus, actors: readonly OrderActor[]): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => ORDER_TRANSITIONS[from][to]?.some((actor) => actors.includes(actor)));
}

const optionalText = (max: number) => boundedText(max).default('');
const requiredText = (max: number, label: string) => boundedText(max).min(1, `${label} is required.`);

/** Where the goods go. Optional fields are '' when not given. */
export const shipToSchema = z.object({
  name: requiredText(ORDER_LIMITS.name, 'Name'),
  line1: requiredText(ORDER_LIMITS.line, 'Address line 1'),
  line2: optionalText(ORDER_LIMITS.line),
  city: requiredText(ORDER_LIMITS.city, 'City'),
  postalCode: optionalText(ORDER_LIMITS.postalCode),
  country: requiredText(ORDER_LIMITS.country, 'Country'),
  phone: optionalText(ORDER_LIMITS.phone).refine(
    (value) => value === '' || /^\+?[0-9 ()./-]{4,}$/.test(value),
    'Phone may contain digits, spaces, + ( ) . / - only.',
  ),
});
export type ShipTo = z.output<typeof shipToSchema>;
export type ShipToInput = z.input<typeof shipToSchema>;

/** POST /orders: the whole cart is placed; the client only says where, and its own references. */
export const placeOrderSchema = z.object({
  poNumber: optionalText(ORDER_LIMITS.poNumber),
  shipTo: shipToSchema,
  note: optionalText(ORDER_LIMITS.note),
});
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;
export type PlaceOrder = z.output<typeof placeOrderSchema>;

/** Net, tax and gross, and the net and tax at each rate (money.ts `totalsOf`: each line taxed on its own). */
export const totalsSchema = z.object({
  net: z.number(),
  tax: z.number(),
  gross: z.number(),
  byRate: z.array(z.object({ rate: z.number(), net: z.number(), tax: z.number() })),
});

/** A line snapshots the cart item it came from: what was bought, at which price. */
export const orderLineSchema = productSchema
  .pick({ name: true, image: true, brand: true, category: true, price: true })
  .extend({
    _id: z.uuid(),
    productId: z.uuid(),
    quantity: purchaseSchema.shape.buyQuantity,
    /** The part number when it was bought. */
    sku: z.string().nullable(),
    /** The product's own price then; `price` is the unit price charged (a volume tier, or the same). */
    listPrice: z.number(),
    /** price × quantity, computed by the database (net). */
    lineTotal: z.number(),
    /** The tax rate that applied at checkout (percent) and the line's tax at it. */
    taxRate: z.number(),
    tax: z.number(),
    /** The pack the product was sold in then (units per pack). */
    packSize: z.number().int(),
  });
export type OrderLine = z.output<typeof orderLineSchema>;

/** An order as lists show it (My Orders, Sales). */
export const orderSummarySchema = z.object({
  _id: z.uuid(),
  orderNumber: z.string(),
  /** Every order placed by one checkout shares it. */
  checkoutId: z.uuid(),
  status: orderStatusSchema,
  buyerEmail: z.string(),
  buyerName: z.string(),
  sellerEmail: z.string(),
  /** The selling company's name when the order was placed (null: a user selling on their own). */
  sellerName: z.string().nullable(),
  /** The buyer's company when they ordered (sellers see it on orders and the sales desk); null for none. */
  companyName: z.string().nullable(),
  poNumber: z.string(),
  /** Sum of the lines' totals: the net. */
  total: z.number(),
  /** Sum of the lines' taxes (each rounded on its own): the gross is total + tax. */
  tax: z.number(),
  lineCount: z.number().int(),
  units: z.number().int(),
  placedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type OrderSummary = z.output<typeof orderSummarySchema>;

export const orderHistoryEntrySchema = z.object({ status: orderStatusSchema, at: z.iso.datetime() });
export type OrderHistoryEntry = z.output<typeof orderHistoryEntrySchema>;

/** A person as an order names them (who can approve, who decided). */
export const orderPersonSchema = z.object({ email: z.string(), name: z.string() });
export type OrderPerson = z.output<typeof orderPersonSchema>;

/**
 * The approval of an order whose checkout was above the buyer's spending limit; null on every
 * other order. `approvers` answers "who can approve": while it awaits, the company's approvers and
 * admins who may approve it (live from the membership, so a removed or demoted member drops out);
 * [] once decided.
 */
export const orderApprovalSchema = z.object({
  /** The buyer's spending limit at checkout, and the checkout's total (all its orders) that went above it. */
  spendingLimit: z.number(),
  checkoutTotal: z.number(),
  /** When it is rejected by itself if nobody decides (APPROVAL_TIMEOUT_HOURS after checkout). */
  expiresAt: z.iso.datetime(),
  approvers: z.array(orderPersonSchema),
  /** Who approved or rejected it; null while it awaits, cancelled by the buyer, or timed out. */
  decidedBy: orderPersonSchema.nullable(),
  decidedAt: z.iso.datetime().nullable(),
  /** Why it was rejected ('' otherwise; the timeout's own sentence when it timed out). */
  reason: z.string(),
});
export type OrderApproval = z.output<typeof orderApprovalSchema>;

/**
 * GET /orders/:id: the whole order, for its buyer, its seller (once placed) and the approvers and
 * admins of the buyer's company. A company order asked for by anyone else answers 404.
 */
export const orderSchema = orderSummarySchema.extend({
  shipTo: shipToSchema,
  note: z.string(),
  /** '' until the seller ships with one. */
  trackingRef: z.string(),
  /** Who cancelled, when cancelled. */
  cancelledBy: z.enum(['buyer', 'seller']).nullable(),
  lines: z.array(orderLineSchema),
  /** Net (the summary's `total`), tax per rate and gross. */
  totals: totalsSchema,
  /** Its invoice once issued, with its credit notes (docs/architecture.md, "Documents"); null before. */
  invoice: z
    .object({
      _id: z.uuid(),
      number: z.string(),
      creditNotes: z.array(z.object({ _id: z.uuid(), number: z.string() })),
    })
    .nullable(),
  /** The accepted quote it was placed from, at that quote's prices (docs/architecture.md, "Quotes"); null for a cart's. */
  quote: z.object({ _id: z.uuid(), number: z.string() }).nullable(),
  /** Whether the caller may issue its invoice now: the seller's desk, once confirmed, before one exists. */
  canInvoice: z.boolean(),
  /** One entry per status the order has been in, oldest first. */
  history: z.array(orderHistoryEntrySchema),
  /** What the caller may do next (their role decides): drives the buttons. */
  nextStatuses: z.array(orderStatusSchema),
  approval: orderApprovalSchema.nullable(),
});
export type Order = z.output<typeof orderSchema>;

/** The answer to POST /orders: one order per seller of the cart. */
export const placedOrderSchema = orderSummarySchema.pick({
  _id: true,
  orderNumber: true,
  sellerEmail: true,
  sellerName: true,
  status: true,
  total: true,
  tax: true,
});
export const placeOrderResultSchema = z.object({
  acknowledged: z.literal(true),
  checkoutId: z.uuid(),
  orders: z.array(placedOrderSchema),
});
export type PlaceOrderResult = z.output<typeof placeOrderResultSchema>;

/** PATCH /orders/:id/status. A tracking reference goes only with `shipped`. */
export const orderStatusUpdateSchema = z
  .object({
    status: orderStatusSchema,
    trackingRef: boundedText(ORDER_LIMITS.trackingRef).optional(),
  })
  .refine((body) => body.trackingRef === undefined || body.status === 'shipped', {
    message: 'A tracking reference can only be given when shipping.',
    path: ['trackingRef'],
  });
export type OrderStatusUpdate = z.input<typeof orderStatusUpdateSchema>;

/** GET /orders and GET /sales: newest first, paged like the catalogue, optionally by status. */
export const orderListQuerySchema = pageQuerySchema
  .extend({
    cursor: z.string().max(200).optional(),
    status: orderStatusSchema.optional(),
  })
  .refine((query) => !(query.cursor && query.offset > 0), {
    message: 'Pass either offset or cursor, not both.',
    path: ['cursor'],
  });
export type OrderListQuery = z.input<typeof orderListQuerySchema>;
export type OrderListParams = z.output<typeof orderListQuerySchema>;

/**
 * GET /companies/current/orders (admins and approvers): every order of the company's members,
 * newest first, paged like My Orders; `member` keeps one member's (their uid), `status` one status.
 */
export const companyOrdersQuerySchema = pageQuerySchema
  .extend({
    cursor: z.string().max(200).optional(),
    status: orderStatusSchema.optional(),
    member: z.string().trim().min(1).max(128).optional(),
  })
  .refine((query) => !(query.cursor && query.offset > 0), {
    message: 'Pass either offset or cursor, not both.',
    path: ['cursor'],
  });
export type CompanyOrdersQuery = z.input<typeof companyOrdersQuerySchema>;
export type CompanyOrdersParams = z.output<typeof companyOrdersQuerySchema>;

/** POST /orders/:id/reject: the buyer is told why. */
export const REJECT_REASON_MAX = 500;
export const orderRejectSchema = z.object({
  reason: boundedText(REJECT_REASON_MAX).min(1, 'Give a reason.'),
});
export type OrderReject = z.input<typeof orderRejectSchema>;

/** GET /orders/counts and GET /sales/counts: how many orders are in each status. */
export const orderStatusCountsSchema = z.object(
  Object.fromEntries(ORDER_STATUSES.map((status) => [status, z.number().int()])) as Record<OrderStatus, z.ZodNumber>,
);
export type OrderStatusCounts = z.output<typeof orderStatusCountsSchema>;

/** What happened to one line of a reorder: bought again into the cart, or why not. */
export const REORDER_OUTCOMES = [
  'added',
  'product_gone',
  'min_order_not_met',
  'quantity_not_multiple',
  'max_order_exceeded',
  'insufficient_stock',
] as const;
export const reorderLineResultSchema = z.object({
  productId: z.uuid(),
  name: z.string(),
  quantity: z.number().int(),
  outcome: z.enum(REORDER_OUTCOMES),
  /** A sentence for people: the purchase rule's own message when it was refused. */
  message: z.string(),
  /** The new cart item, when added. */
  cartItemId: z.uuid().nullable(),
});
export const reorderResultSchema = z.object({
  acknowledged: z.literal(true),
  added: z.number().int(),
  results: z.array(reorderLineResultSchema),
});
export type ReorderLineResult = z.output<typeof reorderLineResultSchema>;
export type ReorderResult = z.output<typeof reorderResultSchema>;
