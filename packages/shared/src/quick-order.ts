import { z } from 'zod';
import { boundedText, nextTierSchema } from './schemas.js';

/*
 * Ordering the way businesses order (docs/architecture.md, "Quick order and lists"): many lines
 * by SKU at once, and saved lists of products to add to the cart again. Every line goes through
 * the same trade rules as a purchase (judgeQuantity).
 */

export const QUICK_ORDER_MAX_LINES = 1000;
export const LIST_LIMITS = { name: 120, lines: 1000, lists: 200 } as const;

/**
 * One line as typed, pasted or read from a file: the quantity may still be text ("12", "a dozen"),
 * so a line that is not a number is reported on its own line rather than refusing the request.
 */
export const quickOrderLineInputSchema = z.object({
  sku: z.string({ error: 'SKU must be text.' }).max(200, 'SKU must be at most 200 characters.'),
  quantity: z.union([z.number(), z.string().max(50, 'Quantity must be at most 50 characters.')], {
    error: 'Quantity must be a number.',
  }),
  /** Which seller's product, when several sell the same SKU. */
  sellerEmail: z.string().trim().max(320).optional(),
});
export type QuickOrderLineInput = z.input<typeof quickOrderLineInputSchema>;

export const quickOrderRequestSchema = z.object({
  lines: z
    .array(quickOrderLineInputSchema)
    .min(1, 'Add at least one line.')
    .max(
      QUICK_ORDER_MAX_LINES,
      `At most ${QUICK_ORDER_MAX_LINES.toLocaleString('en-US')} lines per request: split the order.`,
    ),
});
export type QuickOrderRequest = z.input<typeof quickOrderRequestSchema>;

/** The product a line resolved to, as the preview shows it. */
export const quickOrderProductSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  image: z.string(),
  sku: z.string().nullable(),
  sellerEmail: z.string(),
  /** The selling company's name (null: a user selling on their own), shown for the seller. */
  sellerName: z.string().nullable(),
  price: z.number(),
  packSize: z.number().int(),
  minSellQty: z.number().int(),
  maxOrderQty: z.number().int().nullable(),
  /** The stock on the shelf now. */
  quantity: z.number().int(),
});
export type QuickOrderProduct = z.output<typeof quickOrderProductSchema>;

/** A product that sells the same SKU, when a line's SKU is sold by several sellers. */
export const skuChoiceSchema = z.object({
  productId: z.uuid(),
  name: z.string(),
  sellerEmail: z.string(),
  /** The selling company's name (null: a user selling on their own), shown for the seller. */
  sellerName: z.string().nullable(),
  price: z.number(),
  packSize: z.number().int(),
});
export type SkuChoice = z.output<typeof skuChoiceSchema>;

export const LINE_CODES = [
  'VALIDATION_ERROR',
  'SKU_UNKNOWN',
  'SKU_AMBIGUOUS',
  'NOT_FOUND',
  'MIN_ORDER_NOT_MET',
  'QUANTITY_NOT_MULTIPLE',
  'MAX_ORDER_EXCEEDED',
  'INSUFFICIENT_STOCK',
] as const;
export const lineCodeSchema = z.enum(LINE_CODES);
export type LineCode = z.output<typeof lineCodeSchema>;

export const quickOrderPreviewLineSchema = z.object({
  /** The line's number in the request (1-based; a file's header is not counted). */
  line: z.number().int(),
  sku: z.string(),
  /** The quantity as a number, or null when it is not one. */
  quantity: z.number().int().nullable(),
  status: z.enum(['ok', 'error']),
  code: lineCodeSchema.optional(),
  message: z.string().optional(),
  product: quickOrderProductSchema.optional(),
  /** The unit price the buyer's total of the product reaches with this order (their cart included). */
  unitPrice: z.number().optional(),
  lineTotal: z.number().optional(),
  nextTier: nextTierSchema.nullable().optional(),
  /** Other lines for the same product: they are judged, bought and priced together. */
  mergedWith: z.array(z.number().int()).optional(),
  /** For a SKU that several sellers sell: the products to choose from. */
  choices: z.array(skuChoiceSchema).optional(),
  /** Valid quantities to offer instead (the nearest whole packs, or the most that can be added). */
  suggestions: z.array(z.number().int()).optional(),
});
export type QuickOrderPreviewLine = z.output<typeof quickOrderPreviewLineSchema>;

const totalsFields = { lines: z.number().int(), units: z.number().int(), total: z.number() };
export const quickOrderTotalsSchema = z.object({
  ...totalsFields,
  /** Per seller (a company's products are one seller, whoever listed them): as checkout will place them. */
  sellers: z.array(z.object({ sellerEmail: z.string(), sellerName: z.string().nullable(), ...totalsFields })),
});
export type QuickOrderTotals = z.output<typeof quickOrderTotalsSchema>;

export const quickOrderPreviewSchema = z.object({
  lines: z.array(quickOrderPreviewLineSchema),
  totals: quickOrderTotalsSchema,
});
export type QuickOrderPreview = z.output<typeof quickOrderPreviewSchema>;

/** What adding one line to the cart did. */
export const bulkLineResultSchema = z.object({
  line: z.number().int(),
  sku: z.string(),
  outcome: z.enum(['added', 'error']),
  code: lineCodeSchema.optional(),
  message: z.string().optional(),
  cartItemId: z.uuid().optional(),
  mergedWith: z.array(z.number().int()).optional(),
});
export type BulkLineResult = z.output<typeof bulkLineResultSchema>;

export const quickOrderResultSchema = z.object({ results: z.array(bulkLineResultSchema) });
export type QuickOrderResult = z.output<typeof quickOrderResultSchema>;

/** GET /skus?prefix=…: SKUs as the buyer types. */
export const skuSuggestQuerySchema = z.object({
  prefix: z.string().trim().min(1, 'Type at least one character.').max(64),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});
export const skuSuggestionSchema = z.object({
  sku: z.string(),
  productId: z.uuid(),
  name: z.string(),
  sellerEmail: z.string(),
  packSize: z.number().int(),
  minSellQty: z.number().int(),
});
export type SkuSuggestion = z.output<typeof skuSuggestionSchema>;

// --- Saved lists (requisition lists) ---

const listName = boundedText(LIST_LIMITS.name).min(1, 'Name the list.');
export const listCreateSchema = z.object({ name: listName });
export const listRenameSchema = z.object({ name: listName });
export const listLineInputSchema = z.object({
  quantity: z
    .number({ error: 'Quantity must be a number.' })
    .int('Quantity must be a whole number.')
    .min(1, 'Quantity must be at least 1.')
    .max(1_000_000_000),
});
export const listLineParamsSchema = z.object({
  id: z.uuid({ error: 'Id must be a UUID.' }),
  productId: z.uuid({ error: 'Product id must be a UUID.' }),
});
/** POST /lists/from-cart and /lists/from-order/:id: a new list from what the cart or an order holds. */
export const listFromSchema = z.object({ name: listName });

export const listSummarySchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  lineCount: z.number().int(),
  /**
   * Shared with the owner's company (PUT /lists/:id/shared): GET /lists then lists it for every
   * member; `canEdit` is true for its owner and the company's admins (others may read and add it
   * to their cart).
   */
  shared: z.boolean(),
  ownerEmail: z.string(),
  canEdit: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ListSummary = z.output<typeof listSummarySchema>;

export const listLineSchema = z.object({
  productId: z.uuid(),
  quantity: z.number().int(),
  /** The product as it is now, or null when it has been deleted since. */
  product: quickOrderProductSchema.nullable(),
  /** What the list remembers of the product when it was added (shown when it is gone). */
  name: z.string(),
  sku: z.string().nullable(),
  addedAt: z.iso.datetime(),
});
export type ListLine = z.output<typeof listLineSchema>;

export const listSchema = listSummarySchema.extend({ lines: z.array(listLineSchema) });
export type SavedList = z.output<typeof listSchema>;

export const listAddToCartResultSchema = z.object({
  results: z.array(
    bulkLineResultSchema.omit({ line: true, mergedWith: true }).extend({ productId: z.uuid(), name: z.string() }),
  ),
});
export type ListAddToCartResult = z.output<typeof listAddToCartResultSchema>;
