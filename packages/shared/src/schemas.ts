import { z } from 'zod';
import {
  AVAILABLE_THRESHOLD,
  CATEGORY_VALUES,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SEARCH_SORT,
  DEFAULT_SORT,
  LIMITS,
  MAX_LIST_OFFSET,
  MAX_PAGE_SIZE,
  SORTS,
  type Sort,
} from './constants.js';
import { facetFilterFields } from './facets.js';
import { IMAGE_REF_MESSAGE, isImageRef } from './image-ref.js';
import { DEFAULT_PACK_SIZE, SKU_PATTERN, TRADE_LIMITS, tradeRuleIssues } from './trade-rules.js';

/*
 * The contract between the web app and the API. The same schemas validate the web forms
 * and the Fastify routes; every type below is inferred from them.
 */

/** A UTF-16 surrogate without its partner: not a character, and UTF-8 cannot encode it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * PostgreSQL text cannot hold U+0000, and a lone surrogate (`"\ud800"` in JSON) would be
 * silently replaced by U+FFFD on its way to the database: refusing both here keeps them a 400.
 */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters.`)
    .refine((value) => !value.includes('\0'), 'Must not contain NUL characters.')
    .refine((value) => !LONE_SURROGATE.test(value), 'Must not contain unpaired surrogate characters.');

/** The text rule of every free-text field (trimmed, bounded, no NUL), for the other contract modules. */
export const boundedText = text;

/** Exactly representable in cents: n·100 rounds back to n (robust for large values, unlike an epsilon). */
const hasAtMostTwoDecimals = (n: number) => Math.round(n * 100) / 100 === n;

export const categorySchema = z.enum(CATEGORY_VALUES, {
  error: () => `Category must be one of: ${CATEGORY_VALUES.join(', ')}.`,
});

/** A tax rate in percent: 0 to 100, at most 2 decimals (19, 7.5, 0). */
export const taxRateSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number (percent).` })
    .min(0, `${label} must be 0% or more.`)
    .max(100, `${label} must be 100% or less.`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimals.`);

/** An amount of money in the shop's currency: 0 to LIMITS.price, at most 2 decimals. */
export const moneySchema = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .min(0, `${label} cannot be negative.`)
    .max(LIMITS.price, `${label} must be at most ${LIMITS.price}.`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimals.`);

/** A whole number of units from `min` to LIMITS.quantity. */
export const wholeQuantitySchema = (label: string, min: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(LIMITS.quantity, `${label} must be at most ${LIMITS.quantity}.`);

/** One row of a volume price ladder; the ladder's order is checked across rows (`tradeRuleIssues`). */
export const priceTierSchema = z.object({
  minQty: wholeQuantitySchema('Tier quantity', 2),
  price: moneySchema('Tier price'),
});

/** A blank SKU is no SKU: stored as null, like one never given. */
const skuSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string({ error: 'SKU must be text.' })
    .trim()
    .max(TRADE_LIMITS.sku, `SKU must be at most ${TRADE_LIMITS.sku} characters.`)
    .regex(SKU_PATTERN, 'SKU may contain only letters, digits, dots, underscores, hyphens and slashes.')
    .nullable(),
);

/** Each product field's rule, without defaults; create and update build on these. */
const productFields = {
  image: text(LIMITS.image).refine(isImageRef, IMAGE_REF_MESSAGE),
  name: text(LIMITS.name).min(1, 'Name is required.'),
  quantity: z
    .number({ error: 'Quantity must be a number.' })
    .int('Quantity must be a whole number.')
    .min(0, 'Quantity cannot be negative.')
    .max(LIMITS.quantity, `Quantity must be at most ${LIMITS.quantity}.`),
  minSellQty: z
    .number({ error: 'Min sell quantity must be a number.' })
    .int('Min sell quantity must be a whole number.')
    .min(1, 'Min sell quantity must be at least 1.')
    .max(LIMITS.quantity, `Min sell quantity must be at most ${LIMITS.quantity}.`),
  brand: text(LIMITS.brand),
  category: categorySchema,
  description: text(LIMITS.description),
  price: moneySchema('Price'),
  rating: z
    .number({ error: 'Rating must be a number.' })
    .min(0, 'Rating must be between 0 and 5.')
    .max(5, 'Rating must be between 0 and 5.')
    .nullable(),
  content: text(LIMITS.content),
  sku: skuSchema,
  packSize: wholeQuantitySchema('Pack size', 1),
  maxOrderQty: wholeQuantitySchema('Max per order', 1).nullable(),
  priceTiers: z.array(priceTierSchema).max(TRADE_LIMITS.priceTiers, `At most ${TRADE_LIMITS.priceTiers} price tiers.`),
  /** Percent of tax on the net price; null: the seller's default rate (billing details). */
  taxRate: taxRateSchema('Tax rate').nullable(),
};

/** The image URL rule (https or a site path, or empty), for every other image field of the contract. */
export const imageRefSchema = productFields.image;

export const productInputSchema = z.object({
  ...productFields,
  image: productFields.image.default(''),
  brand: productFields.brand.default(''),
  description: productFields.description.default(''),
  rating: productFields.rating.default(null),
  content: productFields.content.default(''),
  sku: productFields.sku.default(null),
  packSize: productFields.packSize.default(DEFAULT_PACK_SIZE),
  maxOrderQty: productFields.maxOrderQty.default(null),
  priceTiers: productFields.priceTiers.default([]),
  taxRate: productFields.taxRate.default(null),
});
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductData = z.output<typeof productInputSchema>;

/** Adds the trade rules across fields (pack, maximum, ladder) to a product schema's own checks. */
export function withTradeRules<T extends z.ZodType<Parameters<typeof tradeRuleIssues>[0]>>(schema: T) {
  return schema.superRefine((product, ctx) => {
    for (const issue of tradeRuleIssues(product))
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
}

/** POST /products (and the Add form, and every imported row that creates a product). */
export const productCreateSchema = withTradeRules(productInputSchema);

/** PUT sends the edited fields: each is optional, a missing one is left as it is. */
export const productUpdateSchema = z.object(productFields).partial();
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

/** What the API sends for a product: the stored fields plus what the server adds. */
export const productSchema = productInputSchema.extend({
  sku: z.string().nullable(),
  _id: z.uuid(),
  /** The owner's email, from their token when the product was created (signed-in callers only). */
  email: z.string(),
  /**
   * The selling company (docs/architecture.md, "Seller organisations"): a product created by a
   * member of a company belongs to the company, whose name buyers see. Null for a user selling on
   * their own.
   */
  seller: z.object({ companyId: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Product = z.output<typeof productSchema>;
/**
 * A product as the public routes send it: anonymous callers never see sellers' addresses, so
 * `email` is there only for a signed-in caller (the pages that use it are signed-in pages).
 */
export const publicProductSchema = productSchema.extend({ email: productSchema.shape.email.optional() });
/** The fields a seller edits: every key of a product input, in form order. */
export type ProductField = keyof ProductData;
export const PRODUCT_FIELDS = productInputSchema.keyof().options;

/** The paging fields every list shares (carts use these alone). */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(
      MAX_LIST_OFFSET,
      `offset can be at most ${MAX_LIST_OFFSET}; to go further, pass the X-Next-Cursor of the last page as cursor.`,
    )
    .default(0),
});

const productListFields = pageQuerySchema.extend({
  /** The X-Next-Cursor of the previous page: continues the same list after its last row. */
  cursor: z.string().max(1000).optional(),
  /** `true` keeps only products with quantity > AVAILABLE_THRESHOLD. */
  available: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  category: categorySchema.optional(),
  q: text(LIMITS.search).optional(),
  /** Defaults to relevance with a search, else to creation order. */
  sort: z.enum(SORTS).optional(),
  // brand (one or several), priceMin/priceMax, ratingMin, seller (facets.ts).
  ...facetFilterFields,
});

interface FacetFilterQuery {
  priceMin?: number | undefined;
  priceMax?: number | undefined;
}

/** priceMin above priceMax can match nothing: a mistake worth saying, not an empty list. */
function priceRange<T extends z.ZodType<FacetFilterQuery>>(schema: T) {
  return schema.refine(
    (query) => query.priceMin === undefined || query.priceMax === undefined || query.priceMin <= query.priceMax,
    { message: 'priceMin must be at most priceMax.', path: ['priceMin'] },
  );
}

/** The rules across fields, and the default sort, for a list query with or without `category`. */
function listQuery<
  T extends z.ZodType<
    { offset: number; cursor?: string | undefined; q?: string | undefined; sort?: Sort | undefined } & FacetFilterQuery
  >,
>(schema: T) {
  return priceRange(schema)
    .refine((query) => !(query.cursor && query.offset > 0), {
      message: 'Pass either offset or cursor, not both.',
      path: ['cursor'],
    })
    .refine((query) => query.sort !== 'relevance' || Boolean(query.q), {
      message: 'sort=relevance needs a search (q).',
      path: ['sort'],
    })
    .transform((query) => ({
      ...query,
      sort: query.sort ?? (query.q ? DEFAULT_SEARCH_SORT : DEFAULT_SORT),
    }));
}

export const productListQuerySchema = listQuery(productListFields);
/** /categories/:id takes the category from the path. */
export const categoryListQuerySchema = listQuery(productListFields.omit({ category: true }));
/**
 * GET /products/facets: the list's filters (category, available, q and the facet filters),
 * without paging or sort.
 */
export const productFacetsQuerySchema = priceRange(
  productListFields.omit({ limit: true, offset: true, cursor: true, sort: true }),
);
export type ProductFacetsParams = z.output<typeof productFacetsQuerySchema>;
export type ProductListQuery = z.input<typeof productListQuerySchema>;
export type ProductListParams = z.output<typeof productListQuerySchema>;
export { AVAILABLE_THRESHOLD };

export const idParamsSchema = z.object({ id: z.uuid({ error: 'Id must be a UUID.' }) });
/**
 * Only ever compared with the token's email, so any address Firebase accepts must pass
 * (`a!b@x.com`, long addresses); the length cap is RFC 5321's.
 */
export const emailParamsSchema = z.object({
  email: z.string().trim().min(1, 'Email is required.').max(320, 'Email must be at most 320 characters.'),
});
export const categoryParamsSchema = z.object({ id: categorySchema });

export const stockAdjustSchema = z.object({
  decBy: z
    .number({ error: 'decBy must be a number.' })
    .int('decBy must be a whole number.')
    .min(-LIMITS.quantity)
    .max(LIMITS.quantity),
});
export type StockAdjust = z.infer<typeof stockAdjustSchema>;

/** A purchase names the product and the quantity; the server takes the rest itself. */
export const purchaseSchema = z.object({
  productId: z.uuid({ error: 'productId must be a UUID.' }),
  buyQuantity: z
    .number({ error: 'Quantity must be a number.' })
    .int('Quantity must be a whole number.')
    .min(1, 'Quantity must be at least 1.')
    .max(LIMITS.quantity),
});
export type Purchase = z.infer<typeof purchaseSchema>;

/** A cart item carries a snapshot of the product as it was bought. */
export const cartItemSnapshotSchema = productSchema.pick({
  name: true,
  image: true,
  brand: true,
  category: true,
  price: true,
});
/** The next volume price a buyer's total of a product has not reached yet ("40 more for 8.50 each"). */
export const nextTierSchema = z.object({ minQty: z.number().int(), price: z.number(), more: z.number().int() });
export type NextTier = z.output<typeof nextTierSchema>;

export const cartItemSchema = cartItemSnapshotSchema.extend({
  /** The unit price applied: the tier the buyer's total of this product reaches (`listPrice` below any tier). */
  price: cartItemSnapshotSchema.shape.price,
  /** The product's own price when the unit price was last set; the saving per unit is listPrice − price. */
  listPrice: z.number(),
  /** The buyer's price list the unit price comes from (a contract price); null: the product's own price or tier. */
  priceListId: z.uuid().nullable(),
  sku: z.string().nullable(),
  packSize: z.number().int(),
  /** The buyer's total of this product over every cart item of it (what the unit price is decided by). */
  productQuantity: z.number().int(),
  /** The tax rate the item will be ordered at (percent): the product's own, or its seller's default. */
  taxRate: z.number(),
  nextTier: nextTierSchema.nullable(),
  _id: z.uuid(),
  productId: z.uuid(),
  userEmail: z.string(),
  displayName: z.string(),
  buyQuantity: purchaseSchema.shape.buyQuantity,
  buyDate: z.iso.datetime(),
  /** The seller (the product's owner when it was bought): checkout makes one order per seller. */
  sellerEmail: z.string(),
  /** The selling company, when the seller is one (its name is the seller's): one order per company. */
  seller: z.object({ companyId: z.uuid(), name: z.string() }).nullable(),
  /** The stock is held for the buyer until then; afterwards the item leaves the cart and the stock returns. */
  heldUntil: z.iso.datetime(),
});
export type CartItem = z.output<typeof cartItemSchema>;

/**
 * GET /carts/:email/products/:productId: how much of a product the buyer's cart holds, at which
 * unit price, and the buyer's prices for it (`price` and `priceTiers`: what this buyer is offered,
 * which the purchase dialog prices a quantity by).
 */
export const productHoldSchema = z.object({
  productId: z.uuid(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  nextTier: nextTierSchema.nullable(),
  price: z.number(),
  priceTiers: z.array(z.object({ minQty: z.number().int(), price: z.number() })),
});
export type ProductHold = z.output<typeof productHoldSchema>;

export const insertResultSchema = z.object({ acknowledged: z.boolean(), insertedId: z.string() });
export const updateResultSchema = z.object({
  acknowledged: z.boolean(),
  matchedCount: z.number(),
  modifiedCount: z.number(),
});
export const deleteResultSchema = z.object({ acknowledged: z.boolean(), deletedCount: z.number() });
export const stockResultSchema = z.object({ acknowledged: z.boolean(), quantity: z.number() });
export type InsertResult = z.infer<typeof insertResultSchema>;
export type UpdateResult = z.infer<typeof updateResultSchema>;
export type DeleteResult = z.infer<typeof deleteResultSchema>;

/**
 * Every error code the API sends, with the HTTP status it is sent with. The API, the web
 * client and the OpenAPI document all take their codes from here.
 */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  INSUFFICIENT_STOCK: 409,
  STOCK_LIMIT_EXCEEDED: 409,
  EMPTY_CART: 409,
  /** A cart item's contract price ended before checkout: repriced, and the buyer is told before anything is placed. */
  PRICES_CHANGED: 409,
  INVALID_TRANSITION: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  SKU_TAKEN: 409,
  /** A company keeps at least one admin: removing or demoting the last one is refused. */
  LAST_ADMIN: 409,
  /** Creating or joining a company while in one, or inviting someone already in this one. */
  ALREADY_IN_COMPANY: 409,
  /** An order has one invoice: issuing a second is refused. */
  ALREADY_INVOICED: 409,
  /** The seller's billing details lack what an invoice carries (the details name it). */
  BILLING_DETAILS_MISSING: 409,
  /** An invoice is issued from confirmed on (not placed, cancelled or rejected orders). */
  NOT_INVOICEABLE: 409,
  /** A credit note for more than is left uncredited on its invoice. */
  CREDIT_EXCEEDS_INVOICE: 409,
  /** An order on account above the customer's available credit with its seller (details: available, orderTotal). */
  CREDIT_LIMIT_EXCEEDED: 409,
  /** A prepaid order ships once its invoice is paid. */
  PAYMENT_REQUIRED: 409,
  /** Accepting an offer past its validUntil. */
  QUOTE_EXPIRED: 409,
  /** Accepting an offer that a newer version has replaced since the buyer read it. */
  QUOTE_CHANGED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  MIN_ORDER_NOT_MET: 422,
  QUANTITY_NOT_MULTIPLE: 422,
  MAX_ORDER_EXCEEDED: 422,
  SKU_UNKNOWN: 422,
  SKU_AMBIGUOUS: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  DB_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;
export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];
export const errorCodeSchema = z.enum(ERROR_CODES);

export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: errorCodeSchema,
  error: z.string(),
  message: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), db: z.enum(['up', 'down']) });

/**
 * Served by GET /api/config so one build runs in every environment. With the emulator,
 * `authEmulatorUrl` is set and Google sign-in uses the in-app account chooser.
 */
export const webConfigSchema = z.object({
  firebase: z.object({
    apiKey: z.string(),
    authDomain: z.string(),
    projectId: z.string(),
    appId: z.string().optional(),
  }),
  authEmulatorUrl: z.string().nullable(),
});
export type WebConfig = z.infer<typeof webConfigSchema>;
