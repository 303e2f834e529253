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
import { IMAGE_REF_MESSAGE, isImageRef } from './image-ref.js';

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
  price: z
    .number({ error: 'Price must be a number.' })
    .min(0, 'Price cannot be negative.')
    .max(LIMITS.price, `Price must be at most ${LIMITS.price}.`)
    .refine(hasAtMostTwoDecimals, 'Price can have at most 2 decimals.'),
  rating: z
    .number({ error: 'Rating must be a number.' })
    .min(0, 'Rating must be between 0 and 5.')
    .max(5, 'Rating must be between 0 and 5.')
    .nullable(),
  content: text(LIMITS.content),
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
});
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductData = z.output<typeof productInputSchema>;

/** PUT sends the edited fields: each is optional, a missing one is left as it is. */
export const productUpdateSchema = z.object(productFields).partial();
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

/** What the API sends for a product: the stored fields plus what the server adds. */
export const productSchema = productInputSchema.extend({
  _id: z.uuid(),
  /** The owner's email, from their token when the product was created (signed-in callers only). */
  email: z.string(),
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
});

/** The rules across fields, and the default sort, for a list query with or without `category`. */
function listQuery<
  T extends z.ZodType<{ offset: number; cursor?: string | undefined; q?: string | undefined; sort?: Sort | undefined }>,
>(schema: T) {
  return schema
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
export const cartItemSchema = cartItemSnapshotSchema.extend({
  _id: z.uuid(),
  productId: z.uuid(),
  userEmail: z.string(),
  displayName: z.string(),
  buyQuantity: purchaseSchema.shape.buyQuantity,
  buyDate: z.iso.datetime(),
  /** The seller (the product's owner when it was bought): checkout makes one order per seller. */
  sellerEmail: z.string(),
  /** The stock is held for the buyer until then; afterwards the item leaves the cart and the stock returns. */
  heldUntil: z.iso.datetime(),
});
export type CartItem = z.output<typeof cartItemSchema>;

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
  INVALID_TRANSITION: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  PAYLOAD_TOO_LARGE: 413,
  MIN_ORDER_NOT_MET: 422,
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
