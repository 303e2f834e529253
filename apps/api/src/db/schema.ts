import { sql, type SQLWrapper } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ACTIVITY_KINDS,
  AVAILABLE_THRESHOLD,
  CATEGORY_VALUES,
  COMPANY_LIMITS,
  COMPANY_ROLES,
  LIMITS,
  ORDER_LIMITS,
  ORDER_STATUSES,
  PROFILE_LIMITS,
  PRICE_LIST_LIMITS,
  NOTIFICATION_KINDS,
  QUOTE_EVENT_KINDS,
  QUOTE_LIMITS,
  QUOTE_STATUSES,
  LIST_LIMITS,
  TRADE_LIMITS,
  type ActivityKind,
  type Category,
  type CompanyRole,
  type EmailTopic,
  type NotificationKind,
  type PriceTier,
  type OrderStatus,
  type DocumentKind,
  type DocumentLine,
  type InvoiceSnapshot,
  type InvoiceStatus,
  type PaymentTerms,
  type QuoteEventKind,
  type QuoteStatus,
  type Totals,
} from '@b2b/shared';

/*
 * The tables of docs/architecture.md ("Data model"). Every rule of the shared zod schemas is also a CHECK
 * constraint, so a bug in a route (or a hand-written SQL statement) cannot store a row
 * the API would refuse.
 */

/**
 * The name sort key. The C collation gives the same order on PGlite and on any server locale,
 * and lets the same index serve both the name sort and prefix search (LIKE 'abc%').
 */
export const nameKey = (name: SQLWrapper) => sql`(lower(${name}) COLLATE "C")`;
/** What search matches against: name and brand, lower-cased (the trigram index's expression). */
export const searchText = (name: SQLWrapper, brand: SQLWrapper) => sql`(lower(${name} || ' ' || ${brand}))`;

/**
 * The SKU lookup key: lower-cased (SKUs are compared case-insensitively) in the C collation, so
 * one index serves an exact match and a prefix (LIKE 'abc%') on every engine.
 */
export const skuKey = (sku: SQLWrapper) => sql`(lower(${sku}) COLLATE "C")`;

/** Binary data (the drivers hand back a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

const categoryList = sql.raw(CATEGORY_VALUES.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '));

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The seller (docs/architecture.md, "Seller organisations"): the company's id when a member of
    // a company created it (the business owns the catalogue), else the creating user's uid. The
    // column keeps its first name; `owner_email` is the creating user's email (the spec's `email`).
    sellerId: text('owner_uid').notNull(),
    ownerEmail: text('owner_email').notNull(),
    // The selling company's name (null for a user selling on their own), kept with the company's.
    sellerName: text('seller_name'),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    brand: text('brand').notNull().default(''),
    category: text('category').$type<Category>().notNull(),
    description: text('description').notNull().default(''),
    content: text('content').notNull().default(''),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull().default(0),
    minSellQty: integer('min_sell_qty').notNull().default(1),
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }),
    // Trade rules (docs/architecture.md, "Trade rules"): a part number, packs, a maximum per buyer, volume prices.
    sku: text('sku'),
    packSize: integer('pack_size').notNull().default(1),
    maxOrderQty: integer('max_order_qty'),
    priceTiers: jsonb('price_tiers').$type<PriceTier[]>().notNull().default([]),
    // Percent of tax on the net price; null: the seller's default rate (billing_details).
    taxRate: numeric('tax_rate', { precision: 5, scale: 2, mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_name_not_blank', sql`length(btrim(${t.name})) > 0`),
    check('products_category_known', sql`${t.category} IN (${categoryList})`),
    check('products_price_non_negative', sql`${t.price} >= 0`),
    check('products_quantity_non_negative', sql`${t.quantity} >= 0`),
    // LIMITS.quantity: stock adjustments and restores can never creep towards integer overflow.
    check('products_quantity_max', sql`${t.quantity} <= ${sql.raw(String(LIMITS.quantity))}`),
    check('products_min_sell_qty_positive', sql`${t.minSellQty} >= 1`),
    check('products_rating_range', sql`${t.rating} IS NULL OR (${t.rating} >= 0 AND ${t.rating} <= 5)`),
    check('products_tax_rate_range', sql`${t.taxRate} IS NULL OR (${t.taxRate} >= 0 AND ${t.taxRate} <= 100)`),
    check(
      'products_sku_format',
      sql`${t.sku} IS NULL OR (length(${t.sku}) BETWEEN 1 AND ${sql.raw(String(TRADE_LIMITS.sku))} AND ${t.sku} ~ '^[A-Za-z0-9._/-]+$')`,
    ),
    check('products_pack_size_range', sql`${t.packSize} >= 1 AND ${t.packSize} <= ${sql.raw(String(LIMITS.quantity))}`),
    check('products_min_sell_qty_whole_packs', sql`${t.minSellQty} % ${t.packSize} = 0`),
    check(
      'products_max_order_qty_range',
      sql`${t.maxOrderQty} IS NULL OR (${t.maxOrderQty} >= ${t.minSellQty} AND ${t.maxOrderQty} <= ${sql.raw(String(LIMITS.quantity))})`,
    ),
    // The ladder's rules (tradeRuleIssues in the shared package), in a SQL function of the migration 0006.
    check(
      'products_price_tiers_valid',
      sql`price_tiers_valid(${t.priceTiers}, ${t.price}, ${t.minSellQty}, ${t.maxOrderQty})`,
    ),
    // One index per sort order (see ORDER_BY in capabilities/catalogue/repository.ts), and the same again
    // behind the category, so every page of every filter × sort is an index range scan.
    index('products_created_at_idx').on(t.createdAt, t.id),
    index('products_price_idx').on(t.price, t.createdAt, t.id),
    index('products_price_desc_idx').on(t.price.desc(), t.createdAt, t.id),
    index('products_name_idx').on(nameKey(t.name), t.id),
    index('products_rating_idx').on(t.rating.desc().nullsLast(), t.createdAt, t.id),
    index('products_category_idx').on(t.category, t.createdAt, t.id),
    index('products_category_price_idx').on(t.category, t.price, t.createdAt, t.id),
    index('products_category_price_desc_idx').on(t.category, t.price.desc(), t.createdAt, t.id),
    index('products_category_name_idx').on(t.category, nameKey(t.name), t.id),
    index('products_category_rating_idx').on(t.category, t.rating.desc().nullsLast(), t.createdAt, t.id),
    // The "available" filter (quantity > 100) in the default order; other orders filter the sort index.
    index('products_available_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.quantity} > ${sql.raw(String(AVAILABLE_THRESHOLD))}`),
    index('products_owner_uid_idx').on(t.sellerId, t.createdAt, t.id),
    // The brand facet filter (docs/architecture.md, "Facets"): one or several brands in the
    // default order, and with a price range (or the price sorts) inside each brand.
    index('products_brand_idx').on(t.brand, t.createdAt, t.id),
    // Stock last, read from the index: a brand's price range with "available" is counted
    // index-only (0.5 ms where reading the rows took 8–22 ms; docs/benchmarks.md).
    index('products_brand_price_idx').on(t.brand, t.price, t.createdAt, t.id, t.quantity),
    // A seller's SKUs are unique, case-insensitively; the same index finds a SKU (exactly or by
    // prefix) across the catalogue.
    uniqueIndex('products_sku_owner_unique')
      .on(skuKey(t.sku), t.sellerId)
      .where(sql`${t.sku} IS NOT NULL`),
    // Substring and typo-tolerant search over name and brand (pg_trgm, on both engines). Every
    // write of a product (a purchase's stock too) queues its trigrams in the index's pending list,
    // which every search reads whole until a write moves it into the index: 256 kB, not the
    // default 4 MB, bounds both (docs/architecture.md, "The search index's pending list").
    index('products_search_idx')
      .using('gin', sql`${searchText(t.name, t.brand)} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Deliberately no foreign key: the purchase history outlives a deleted product.
    productId: uuid('product_id').notNull(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    brand: text('brand').notNull(),
    category: text('category').$type<Category>().notNull(),
    // The unit price applied: the tier the buyer's total of the product reaches, reset whenever it changes.
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    // The product's own price when `price` was set, and its part number when bought.
    listPrice: numeric('list_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    // The price list the price came from (docs/architecture.md, "Contract prices"); null: the
    // product's own price or tier. No foreign key: a deleted list is one whose price has ended.
    priceListId: uuid('price_list_id'),
    sku: text('sku'),
    userUid: text('user_uid').notNull(),
    userEmail: text('user_email').notNull(),
    displayName: text('display_name').notNull(),
    buyQuantity: integer('buy_quantity').notNull(),
    buyDate: timestamp('buy_date', { withTimezone: true }).notNull().defaultNow(),
    // The product's owner when it was bought: checkout makes one order per seller, even for a
    // product deleted since.
    sellerId: text('seller_uid').notNull(),
    sellerEmail: text('seller_email').notNull(),
    // The stock is held until then (buy date + CART_HOLD_HOURS); the hold sweep releases it after.
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
    // When the buyer was told the hold ends soon (notifications/hold-warnings.ts); null until then.
    holdWarnedAt: timestamp('hold_warned_at', { withTimezone: true }),
  },
  (t) => [
    check('cart_items_buy_quantity_positive', sql`${t.buyQuantity} > 0`),
    check('cart_items_price_non_negative', sql`${t.price} >= 0`),
    check('cart_items_list_price_non_negative', sql`${t.listPrice} >= 0`),
    // A buyer's holds of one product: their total decides the tier, and maximums are per buyer.
    index('cart_items_user_product_idx').on(t.userUid, t.productId),
    // A cart is listed by the buyer's uid (an email can later belong to another account).
    index('cart_items_user_uid_idx').on(t.userUid, t.buyDate),
    index('cart_items_product_id_idx').on(t.productId),
    // The hold sweep takes the oldest expired holds first.
    index('cart_items_held_until_idx').on(t.heldUntil),
    // The hold warning sweep: only the items not warned yet.
    index('cart_items_hold_warning_idx')
      .on(t.heldUntil)
      .where(sql`${t.holdWarnedAt} IS NULL`),
  ],
);

/** Order numbers (B2B-000123): unique and increasing, on both engines. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1 });

const statusList = sql.raw(ORDER_STATUSES.map((value) => `'${value}'`).join(', '));
const maxLength = (column: SQLWrapper, max: number) => sql`length(${column}) <= ${sql.raw(String(max))}`;

/**
 * One order per seller per checkout (docs/architecture.md, "Orders and cart holds"). The buyer
 * and seller are kept by uid (ownership) and email (display); each status has its timestamp.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' })
      .notNull()
      .unique('orders_number_unique')
      .default(sql`nextval('order_number_seq')`),
    checkoutId: uuid('checkout_id').notNull(),
    buyerUid: text('buyer_uid').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerName: text('buyer_name').notNull(),
    // The seller: a company's id or a user's uid, as on the product (products.owner_uid).
    sellerId: text('seller_uid').notNull(),
    sellerEmail: text('seller_email').notNull(),
    // The selling company's name when the order was placed (null: a user selling on their own).
    sellerName: text('seller_name'),
    status: text('status').$type<OrderStatus>().notNull().default('placed'),
    poNumber: text('po_number').notNull().default(''),
    shipName: text('ship_name').notNull(),
    shipLine1: text('ship_line1').notNull(),
    shipLine2: text('ship_line2').notNull().default(''),
    shipCity: text('ship_city').notNull(),
    shipPostalCode: text('ship_postal_code').notNull().default(''),
    shipCountry: text('ship_country').notNull(),
    shipPhone: text('ship_phone').notNull().default(''),
    note: text('note').notNull().default(''),
    trackingRef: text('tracking_ref').notNull().default(''),
    // The sum of the lines' totals; wider than a price, since a line is price × quantity.
    total: numeric('total', { precision: 24, scale: 2, mode: 'number' }).notNull().default(0),
    // The sum of the lines' taxes (the gross is total + tax).
    tax: numeric('tax', { precision: 24, scale: 2, mode: 'number' }).notNull().default(0),
    // Placed on the buyer's account with the seller (net terms): it uses their credit until invoiced.
    onAccount: boolean('on_account').notNull().default(false),
    // The buyer's terms with the seller were prepaid when it was placed: it ships once its invoice is paid.
    prepaid: boolean('prepaid').notNull().default(false),
    // The accepted quote it was placed from (its prices are the quote's: docs/architecture.md, "Quotes").
    quoteId: uuid('quote_id'),
    // How many lines and units: fixed at placement, like the total, so lists need no join.
    lineCount: integer('line_count').notNull().default(0),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    cancelledBy: text('cancelled_by').$type<'buyer' | 'seller'>(),
    // Company accounts (migration 0011): the buyer's company when they ordered (kept after they
    // leave: past orders stay company orders), and its name then, for the seller.
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    companyName: text('company_name'),
    // An order above the buyer's spending limit: set at checkout, then who decided and why.
    // While it awaits, placed_at is the checkout time; approving sets it to the approval time.
    approvalLimit: numeric('approval_limit', { precision: 24, scale: 2, mode: 'number' }),
    approvalCheckoutTotal: numeric('approval_checkout_total', { precision: 24, scale: 2, mode: 'number' }),
    approvalExpiresAt: timestamp('approval_expires_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedByUid: text('decided_by_uid'),
    decidedByEmail: text('decided_by_email'),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason').notNull().default(''),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_status_known', sql`${t.status} IN (${statusList})`),
    check('orders_total_non_negative', sql`${t.total} >= 0`),
    check('orders_line_count_non_negative', sql`${t.lineCount} >= 0 AND ${t.units} >= 0`),
    check('orders_po_number_length', maxLength(t.poNumber, ORDER_LIMITS.poNumber)),
    check('orders_note_length', maxLength(t.note, ORDER_LIMITS.note)),
    check('orders_tracking_ref_length', maxLength(t.trackingRef, ORDER_LIMITS.trackingRef)),
    check(
      'orders_ship_to_required',
      sql`length(btrim(${t.shipName})) > 0 AND length(btrim(${t.shipLine1})) > 0 AND length(btrim(${t.shipCity})) > 0 AND length(btrim(${t.shipCountry})) > 0`,
    ),
    check(
      'orders_ship_to_length',
      sql`${maxLength(t.shipName, ORDER_LIMITS.name)} AND ${maxLength(t.shipLine1, ORDER_LIMITS.line)} AND ${maxLength(t.shipLine2, ORDER_LIMITS.line)} AND ${maxLength(t.shipCity, ORDER_LIMITS.city)} AND ${maxLength(t.shipPostalCode, ORDER_LIMITS.postalCode)} AND ${maxLength(t.shipCountry, ORDER_LIMITS.country)} AND ${maxLength(t.shipPhone, ORDER_LIMITS.phone)}`,
    ),
    check('orders_cancelled_by_known', sql`${t.cancelledBy} IS NULL OR ${t.cancelledBy} IN ('buyer', 'seller')`),
    // A status always has its timestamp (and a cancelled order says who cancelled it).
    check(
      'orders_status_timestamps',
      sql`(${t.status} <> 'confirmed' OR ${t.confirmedAt} IS NOT NULL)
        AND (${t.status} <> 'shipped' OR ${t.shippedAt} IS NOT NULL)
        AND (${t.status} <> 'delivered' OR ${t.deliveredAt} IS NOT NULL)
        AND (${t.status} <> 'cancelled' OR (${t.cancelledAt} IS NOT NULL AND ${t.cancelledBy} IS NOT NULL))
        AND (${t.status} <> 'rejected' OR ${t.rejectedAt} IS NOT NULL)
        AND (${t.status} <> 'awaiting_approval' OR ${t.approvalExpiresAt} IS NOT NULL)`,
    ),
    check('orders_rejection_reason_length', sql`length(${t.rejectionReason}) <= 500`),
    // My Orders and Sales, newest first, with and without a status filter (read backwards).
    index('orders_buyer_idx').on(t.buyerUid, t.placedAt, t.id),
    index('orders_buyer_status_idx').on(t.buyerUid, t.status, t.placedAt, t.id),
    index('orders_seller_idx').on(t.sellerId, t.placedAt, t.id),
    index('orders_seller_status_idx').on(t.sellerId, t.status, t.placedAt, t.id),
    index('orders_checkout_id_idx').on(t.checkoutId),
    // The seller's dashboard: a window of days read from the index alone.
    index('orders_seller_sales_idx').on(t.sellerId, t.placedAt, t.status, t.total),
    // Company orders, newest first, by status; the approval timeout sweep.
    index('orders_company_idx').on(t.companyId, t.placedAt, t.id),
    index('orders_company_status_idx').on(t.companyId, t.status, t.placedAt, t.id),
    index('orders_approval_expiry_idx')
      .on(t.approvalExpiresAt)
      .where(sql`${t.status} = 'awaiting_approval'`),
    // One order per accepted quote (a rejected one lets the quote be accepted again).
    uniqueIndex('orders_quote_idx')
      .on(t.quoteId)
      .where(sql`${t.quoteId} IS NOT NULL AND ${t.status} <> 'rejected'`),
  ],
);

/** The lines of an order: snapshots of the cart items it was placed from. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    // Like cart items, no foreign key: an order outlives a deleted product.
    productId: uuid('product_id').notNull(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    brand: text('brand').notNull(),
    category: text('category').$type<Category>().notNull(),
    // The unit price charged (a volume tier or the product's price), the product's own price, the part number.
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    listPrice: numeric('list_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    sku: text('sku'),
    quantity: integer('quantity').notNull(),
    lineTotal: numeric('line_total', { precision: 24, scale: 2, mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`price * quantity`),
    // The tax rate that applied at checkout (the product's, or its seller's default) and the
    // line's tax at it, rounded on its own (docs/architecture.md, "Money"); the pack then.
    taxRate: numeric('tax_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    tax: numeric('tax', { precision: 24, scale: 2, mode: 'number' }).notNull().default(0),
    packSize: integer('pack_size').notNull().default(1),
  },
  (t) => [
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('order_lines_tax_rate_range', sql`${t.taxRate} BETWEEN 0 AND 100 AND ${t.tax} >= 0`),
    check('order_lines_price_non_negative', sql`${t.price} >= 0`),
    check('order_lines_list_price_non_negative', sql`${t.listPrice} >= 0`),
    unique('order_lines_order_position_unique').on(t.orderId, t.position),
  ],
);

/**
 * The seller dashboard's rollups (docs/architecture.md, "Seller dashboard"), kept by triggers on
 * orders and order_lines in the same transaction as the order writes (migration 0010), so the
 * dashboard reads 30 rows a seller instead of 30 days of orders and lines. Cancelled orders are
 * left out: a status change to or from cancelled moves the order out of or into them. `day` is
 * the UTC day the order was placed.
 */
export const sellerDailySales = pgTable(
  'seller_daily_sales',
  {
    sellerId: text('seller_uid').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    orders: integer('orders').notNull().default(0),
    revenue: numeric('revenue', { precision: 24, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.day] })],
);

/** Units and revenue per product a day (the top products); `name` is the newest line's, as of `name_at`. */
export const sellerProductSales = pgTable(
  'seller_product_sales',
  {
    sellerId: text('seller_uid').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    productId: uuid('product_id').notNull(),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    revenue: numeric('revenue', { precision: 24, scale: 2, mode: 'number' }).notNull().default(0),
    name: text('name').notNull(),
    nameAt: timestamp('name_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.day, t.productId] })],
);

/**
 * How many products each (category, available) pair holds, kept exact by triggers on products
 * (see the migration 0002), so a listing's total never counts the catalogue.
 */
export const productCounts = pgTable(
  'product_counts',
  {
    category: text('category').$type<Category>().notNull(),
    available: boolean('available').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.category, t.available] })],
);

/**
 * The facet counts of the catalogue per (category, available) pair, kept exact by triggers on
 * products (migration 0011, like product_counts): `facet` is 'brand' (value: the brand),
 * 'price' (value: the PRICE_BANDS band, by the SQL function price_band) or 'rating' (value: the
 * whole stars, 0 to 5; unrated products are not counted). GET /products/facets reads these
 * whenever a facet's filters are only category and available.
 */
export const productFacetCounts = pgTable(
  'product_facet_counts',
  {
    facet: text('facet').$type<'brand' | 'price' | 'rating'>().notNull(),
    value: text('value').notNull(),
    category: text('category').$type<Category>().notNull(),
    available: boolean('available').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.facet, t.value, t.category, t.available] })],
);

/** Every word of every product name and brand, kept by triggers: the vocabulary for typo correction. */
export const searchTerms = pgTable('search_terms', { term: text('term').primaryKey() }, (t) => [
  index('search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`),
]);

/**
 * The first answer to each Idempotency-Key, per user, for 24 hours (plugins/app/idempotency.ts):
 * a retry of the same request gets this answer instead of doing the work again. While the
 * first request runs, `status_code` is null and `locked_until` bounds how long it may hold
 * the key (a request whose process died releases it then).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userUid: text('user_uid').notNull(),
    key: text('key').notNull(),
    /** sha256 of method, path and body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userUid, t.key] }),
    check('idempotency_keys_key_length', sql`length(${t.key}) BETWEEN 1 AND 255`),
    index('idempotency_keys_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * What a user says about themselves (GET/PUT /profile): the company name, and copies of the
 * Firebase display name and photo, so sellers' names can be shown without asking Firebase.
 * One row per account (uid); the email is the token's, lower-cased, for the sellers lookup.
 */
export const profiles = pgTable(
  'profiles',
  {
    uid: text('uid').primaryKey(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull().default(''),
    photoUrl: text('photo_url').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('profiles_email_lower_case', sql`${t.email} = lower(${t.email})`),
    check('profiles_display_name_length', maxLength(t.displayName, PROFILE_LIMITS.displayName)),
    check('profiles_company_name_length', maxLength(t.companyName, PROFILE_LIMITS.companyName)),
    check('profiles_photo_url_length', maxLength(t.photoUrl, LIMITS.image)),
    // The sellers lookup; an email reused by a later account: the newest profile wins.
    index('profiles_email_idx').on(t.email, t.updatedAt),
  ],
);

const notificationKindList = sql.raw(NOTIFICATION_KINDS.map((value) => `'${value}'`).join(', '));

/**
 * The inbox and the email outbox in one (docs/architecture.md, "Notifications"): one row per
 * recipient per event, written in the transaction of its cause. `key` names the message (an
 * event can never notify the same person twice, and a retried job finds what it already did);
 * the email_* columns are the outbox: pending until the mail worker sends or skips it.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique('notifications_key_unique'),
    userUid: text('user_uid').notNull(),
    // The account's address when the event happened (from the order, never from a request body).
    userEmail: text('user_email').notNull(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    // What the email shows beyond title and body (order lines, totals…), by kind.
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    emailState: text('email_state').$type<'pending' | 'sent' | 'skipped' | 'failed'>().notNull().default('pending'),
    // Set once a delivery job exists for it (the relay); the job id is this row's id.
    emailQueuedAt: timestamp('email_queued_at', { withTimezone: true }),
    // A worker holds the send until then, so two workers never send it at once.
    emailClaimedUntil: timestamp('email_claimed_until', { withTimezone: true }),
    emailAttempts: integer('email_attempts').notNull().default(0),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    emailError: text('email_error'),
  },
  (t) => [
    check('notifications_kind_known', sql`${t.kind} IN (${notificationKindList})`),
    check('notifications_email_state_known', sql`${t.emailState} IN ('pending', 'sent', 'skipped', 'failed')`),
    // The inbox, newest first, and the unread count.
    index('notifications_user_idx').on(t.userUid, t.createdAt, t.id),
    index('notifications_unread_idx')
      .on(t.userUid)
      .where(sql`${t.readAt} IS NULL`),
    // The relay: rows without a delivery job yet (normally none).
    index('notifications_unqueued_idx')
      .on(t.createdAt)
      .where(sql`${t.emailState} = 'pending' AND ${t.emailQueuedAt} IS NULL`),
  ],
);

/**
 * Which emails a user receives (all, until they say otherwise), and the secret token of their
 * one-click unsubscribe links. A row is made the first time one is needed.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  uid: text('uid').primaryKey(),
  // Topics switched off; everything else is sent.
  emailsOff: text('emails_off')
    .array()
    .$type<EmailTopic[]>()
    .notNull()
    .default(sql`'{}'::text[]`),
  unsubscribeToken: text('unsubscribe_token')
    .notNull()
    .unique('notification_preferences_token_unique')
    .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
const companyRoleList = sql.raw(COMPANY_ROLES.map((value) => `'${value}'`).join(', '));

/** A company account (docs/architecture.md, "Company accounts"). */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('companies_name_length', sql`length(btrim(${t.name})) BETWEEN 1 AND ${sql.raw(String(COMPANY_LIMITS.name))}`),
  ],
);

/** A user in a company: one company per user (uid is the key). */
export const companyMembers = pgTable(
  'company_members',
  {
    uid: text('uid').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    // The token's display name when they joined (a saved profile name wins when shown).
    name: text('name').notNull().default(''),
    role: text('role').$type<CompanyRole>().notNull(),
    spendingLimit: numeric('spending_limit', { precision: 24, scale: 2, mode: 'number' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('company_members_role_known', sql`${t.role} IN (${companyRoleList})`),
    check('company_members_limit_non_negative', sql`${t.spendingLimit} IS NULL OR ${t.spendingLimit} >= 0`),
    index('company_members_company_idx').on(t.companyId, t.role),
  ],
);

/**
 * The company's activity log (docs/architecture.md, "Seller organisations"): who changed what,
 * when, with the values before and after. Written in the transaction of the change it records;
 * a trigger (migration 0014) refuses every UPDATE and DELETE, so nothing rewrites history.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    actorUid: text('actor_uid').notNull(),
    actorEmail: text('actor_email').notNull(),
    actorName: text('actor_name').notNull().default(''),
    kind: text('kind').$type<ActivityKind>().notNull(),
    action: text('action').notNull(),
    subjectId: text('subject_id').notNull(),
    subjectLabel: text('subject_label').notNull(),
    summary: text('summary').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('activity_log_kind_known', sql`${t.kind} IN (${sql.raw(ACTIVITY_KINDS.map((k) => `'${k}'`).join(', '))})`),
    index('activity_log_company_idx').on(t.companyId, t.createdAt, t.id),
    index('activity_log_company_actor_idx').on(t.companyId, t.actorUid, t.createdAt, t.id),
    index('activity_log_company_kind_idx').on(t.companyId, t.kind, t.createdAt, t.id),
  ],
);

/** An admin's invitation of an email (lower-cased) to the company; pending until accepted, declined, revoked or expired. */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<CompanyRole>().notNull(),
    spendingLimit: numeric('spending_limit', { precision: 24, scale: 2, mode: 'number' }),
    invitedByUid: text('invited_by_uid').notNull(),
    invitedByEmail: text('invited_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('company_invitations_role_known', sql`${t.role} IN (${companyRoleList})`),
    check('company_invitations_email_lower_case', sql`${t.email} = lower(${t.email})`),
    check('company_invitations_limit_non_negative', sql`${t.spendingLimit} IS NULL OR ${t.spendingLimit} >= 0`),
    // The invitee's list; one pending invitation per email per company (a new one replaces it).
    uniqueIndex('company_invitations_company_email_unique').on(t.companyId, t.email),
    index('company_invitations_email_idx').on(t.email, t.expiresAt),
  ],
);

/** The company address book: ship-to addresses offered at checkout. */
export const companyAddresses = pgTable(
  'company_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    name: text('name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull(),
    phone: text('phone').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'company_addresses_length',
      sql`length(btrim(${t.label})) BETWEEN 1 AND ${sql.raw(String(COMPANY_LIMITS.addressLabel))} AND ${maxLength(t.name, ORDER_LIMITS.name)} AND ${maxLength(t.line1, ORDER_LIMITS.line)} AND ${maxLength(t.line2, ORDER_LIMITS.line)} AND ${maxLength(t.city, ORDER_LIMITS.city)} AND ${maxLength(t.postalCode, ORDER_LIMITS.postalCode)} AND ${maxLength(t.country, ORDER_LIMITS.country)} AND ${maxLength(t.phone, ORDER_LIMITS.phone)}`,
    ),
    index('company_addresses_company_idx').on(t.companyId, t.label),
  ],
);

/** A buyer's saved list of products and quantities ("Weekly kitchen restock"): docs/architecture.md, "Quick order and lists". */
export const orderLists = pgTable(
  'order_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUid: text('owner_uid').notNull(),
    name: text('name').notNull(),
    // Shared with the owner's company (read for every member, edit for the owner and admins).
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('order_lists_name_length', sql`length(btrim(${t.name})) BETWEEN 1 AND ${sql.raw(String(LIST_LIMITS.name))}`),
    index('order_lists_owner_idx').on(t.ownerUid, t.updatedAt),
  ],
);

/** One product of a list, once; like cart items, no foreign key to the product: a list outlives it. */
export const orderListLines = pgTable(
  'order_list_lines',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => orderLists.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    // What the list remembers of the product, to name it once it is gone.
    name: text('name').notNull(),
    sku: text('sku'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.productId] }),
    check('order_list_lines_quantity_range', sql`${t.quantity} BETWEEN 1 AND ${sql.raw(String(LIMITS.quantity))}`),
  ],
);

/**
 * A seller's catalogue import (docs/architecture.md, "Catalogue import and export"): the file is
 * kept in `import_chunks` (so a job on any API process, after any restart, can read it), the job
 * advances `processed` in the same transaction as each batch of rows it writes, so a resumed
 * import never applies a row twice.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The seller whose catalogue it changes (a company's id or a user's uid), and who started it.
    sellerId: text('owner_uid').notNull(),
    ownerEmail: text('owner_email').notNull(),
    startedByUid: text('started_by_uid'),
    dryRun: boolean('dry_run').notNull(),
    status: text('status')
      .$type<'uploading' | 'queued' | 'running' | 'done' | 'failed'>()
      .notNull()
      .default('uploading'),
    fileName: text('file_name').notNull().default(''),
    kind: text('kind').$type<'csv' | 'xlsx'>().notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    header: jsonb('header').$type<string[]>(),
    ignoredColumns: jsonb('ignored_columns').$type<string[]>().notNull().default([]),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('imports_status_known', sql`${t.status} IN ('uploading', 'queued', 'running', 'done', 'failed')`),
    check('imports_kind_known', sql`${t.kind} IN ('csv', 'xlsx')`),
    index('imports_owner_idx').on(t.sellerId, t.createdAt),
  ],
);

/** The uploaded file, in pieces of about 1 MB, in order. */
export const importChunks = pgTable(
  'import_chunks',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
);

/** Each problem of each failed row, with the row's original cells (for the failed-rows download). */
export const importErrors = pgTable(
  'import_errors',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    column: text('column').notNull(),
    message: text('message').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
  },
  (t) => [index('import_errors_import_idx').on(t.importId, t.row)],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type CartItemRow = typeof cartItems.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type CompanyMemberRow = typeof companyMembers.$inferSelect;
export type CompanyInvitationRow = typeof companyInvitations.$inferSelect;
export type CompanyAddressRow = typeof companyAddresses.$inferSelect;
export type ImportRow = typeof imports.$inferSelect;
export type ActivityRow = typeof activityLog.$inferSelect;
export type NewActivityRow = typeof activityLog.$inferInsert;
export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;

/**
 * Every account that has signed in to the shop (docs/architecture.md, "Customers"): recorded by the
 * auth plugin the first time a process verifies one of its tokens, so a seller can name a customer
 * by email. The email and name are the token's, lower-cased email, kept current.
 */
export const accounts = pgTable(
  'accounts',
  {
    uid: text('uid').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('accounts_email_lower_case', sql`${t.email} = lower(${t.email})`),
    // An address reused by a later account: the one seen last is the one meant.
    index('accounts_email_idx').on(t.email, t.seenAt),
  ],
);

/**
 * A seller's customer (docs/architecture.md, "Customers"): a buyer company, or a buyer without one.
 * Contract prices, payment terms and credit limits are agreements between a seller (`seller_id`, as
 * products.owner_uid: a company's id or a user's uid) and one of these; each exists once per seller.
 */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: text('seller_id').notNull(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    buyerUid: text('buyer_uid'),
    // The company's name or the person's, as when they became a customer (shown to the seller).
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('customers_one_kind', sql`(${t.companyId} IS NULL) <> (${t.buyerUid} IS NULL)`),
    uniqueIndex('customers_seller_company_idx').on(t.sellerId, t.companyId),
    uniqueIndex('customers_seller_buyer_idx').on(t.sellerId, t.buyerUid),
    index('customers_company_idx').on(t.companyId),
    index('customers_buyer_idx').on(t.buyerUid),
  ],
);

/** A seller's price list (docs/architecture.md, "Contract prices"): lines, or a discount, for its customers. */
export const priceLists = pgTable(
  'price_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: text('seller_id').notNull(),
    name: text('name').notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2, mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'price_lists_name_length',
      sql`length(btrim(${t.name})) BETWEEN 1 AND ${sql.raw(String(PRICE_LIST_LIMITS.name))}`,
    ),
    check(
      'price_lists_dates_in_order',
      sql`${t.validFrom} IS NULL OR ${t.validUntil} IS NULL OR ${t.validFrom} <= ${t.validUntil}`,
    ),
    check(
      'price_lists_discount_range',
      sql`${t.discountPercent} IS NULL OR (${t.discountPercent} > 0 AND ${t.discountPercent} < 100)`,
    ),
    index('price_lists_seller_idx').on(t.sellerId, t.name),
  ],
);

/** One product of a list at a unit price, with a volume ladder of its own. */
export const priceListLines = pgTable(
  'price_list_lines',
  {
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    tiers: jsonb('tiers').$type<PriceTier[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.productId] }),
    check('price_list_lines_price_non_negative', sql`${t.price} >= 0`),
    index('price_list_lines_product_idx').on(t.productId),
  ],
);

/** Which customers a list is for. */
export const priceListCustomers = pgTable(
  'price_list_customers',
  {
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.customerId] }),
    index('price_list_customers_customer_idx').on(t.customerId),
  ],
);

/**
 * A business's billing details (docs/architecture.md, "Billing details"): what its documents
 * carry. One row per business: a company's id, or the uid of a user without one (the same id a
 * seller acts as: products.owner_uid).
 */
export const billingDetails = pgTable(
  'billing_details',
  {
    businessId: text('business_id').primaryKey(),
    legalName: text('legal_name').notNull(),
    address: text('address').notNull(),
    taxId: text('tax_id').notNull().default(''),
    defaultTaxRate: numeric('default_tax_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    invoiceFooter: text('invoice_footer').notNull().default(''),
    // How the business's documents are numbered (migration 0021): INV-2026-000001 by default.
    invoicePrefix: text('invoice_prefix').notNull().default('INV'),
    creditNotePrefix: text('credit_note_prefix').notNull().default('CN'),
    numberWithYear: boolean('number_with_year').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedByUid: text('updated_by_uid').notNull(),
  },
  (t) => [
    check('billing_details_tax_rate_range', sql`${t.defaultTaxRate} BETWEEN 0 AND 100`),
    check('billing_details_legal_name_present', sql`length(btrim(${t.legalName})) > 0`),
    check(
      'billing_details_prefixes',
      sql`${t.invoicePrefix} ~ '^[A-Z0-9][A-Z0-9/-]{0,9}$' AND ${t.creditNotePrefix} ~ '^[A-Z0-9][A-Z0-9/-]{0,9}$'`,
    ),
  ],
);

/**
 * Document numbers (docs/architecture.md, "Documents"): the last number a seller gave an invoice
 * or credit note in a year (year 0: the sequence of a seller who numbers without the year). Issuing increments its row in the issuing transaction, so numbers
 * never repeat (the row lock orders concurrent issuers) and never skip (a rollback undoes it).
 */
export const documentSequences = pgTable(
  'document_sequences',
  {
    sellerId: text('seller_id').notNull(),
    kind: text('kind').$type<DocumentKind>().notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sellerId, t.kind, t.year] }),
    check('document_sequences_kind_known', sql`${t.kind} IN ('invoice', 'credit_note')`),
  ],
);

/** One invoice per order: the snapshot it was issued with, and its sums for lists. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id)
      .unique('invoices_order_unique'),
    sellerId: text('seller_id').notNull(),
    buyerUid: text('buyer_uid').notNull(),
    companyId: uuid('company_id'),
    number: text('number').notNull(),
    status: text('status').$type<InvoiceStatus>().notNull().default('issued'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuedByUid: text('issued_by_uid').notNull(),
    sellerName: text('seller_name').notNull(),
    buyerName: text('buyer_name').notNull(),
    gross: numeric('gross', { precision: 24, scale: 2, mode: 'number' }).notNull(),
    credited: numeric('credited', { precision: 24, scale: 2, mode: 'number' }).notNull().default(0),
    // What payments allocated to it (migration 0023); its due date, from the terms (null: due when issued).
    paid: numeric('paid', { precision: 24, scale: 2, mode: 'number' }).notNull().default(0),
    dueDate: date('due_date', { mode: 'string' }),
    // When the customer was reminded that it falls due, and that it is overdue (each once).
    dueRemindedAt: timestamp('due_reminded_at', { withTimezone: true }),
    overdueRemindedAt: timestamp('overdue_reminded_at', { withTimezone: true }),
    snapshot: jsonb('snapshot').$type<InvoiceSnapshot>().notNull(),
  },
  (t) => [
    unique('invoices_seller_number_unique').on(t.sellerId, t.number),
    check('invoices_status_known', sql`${t.status} IN ('issued', 'partly_credited', 'credited')`),
    index('invoices_seller_idx').on(t.sellerId, t.issuedAt, t.id),
    index('invoices_buyer_idx').on(t.buyerUid, t.issuedAt, t.id),
    index('invoices_company_idx').on(t.companyId, t.issuedAt, t.id),
  ],
);

/** Credit notes: each credits lines of one invoice (their own snapshot), numbered in their own sequence. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    sellerId: text('seller_id').notNull(),
    number: text('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuedByUid: text('issued_by_uid').notNull(),
    reason: text('reason').notNull(),
    gross: numeric('gross', { precision: 24, scale: 2, mode: 'number' }).notNull(),
    lines: jsonb('lines').$type<DocumentLine[]>().notNull(),
    totals: jsonb('totals').$type<Totals>().notNull(),
  },
  (t) => [
    unique('credit_notes_seller_number_unique').on(t.sellerId, t.number),
    index('credit_notes_invoice_idx').on(t.invoiceId, t.issuedAt),
  ],
);

/**
 * A seller's account with one of its customers (docs/architecture.md, "Accounts"): the payment
 * terms (`net` with `days`: an invoice is due that many days after it is issued) and the credit
 * limit (null: none). A customer without one buys as before: no credit check, invoices due when issued.
 */
export const customerAccounts = pgTable(
  'customer_accounts',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id').notNull(),
    terms: text('terms').$type<PaymentTerms>().notNull(),
    days: integer('days'),
    creditLimit: numeric('credit_limit', { precision: 24, scale: 2, mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedByUid: text('updated_by_uid').notNull(),
  },
  (t) => [
    check(
      'customer_accounts_terms',
      sql`(${t.terms} = 'net' AND ${t.days} BETWEEN 1 AND 365) OR (${t.terms} = 'prepaid' AND ${t.days} IS NULL)`,
    ),
    check('customer_accounts_limit', sql`${t.creditLimit} IS NULL OR ${t.creditLimit} >= 0`),
    index('customer_accounts_seller_idx').on(t.sellerId),
  ],
);

/**
 * Payments a seller recorded for a customer (docs/architecture.md, "Accounts"): never edited or
 * deleted; a mistaken one is reversed by a new row of the opposite amount (`reverses`).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id').notNull(),
    amount: numeric('amount', { precision: 24, scale: 2, mode: 'number' }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    reference: text('reference').notNull().default(''),
    reverses: uuid('reverses'),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdByUid: text('created_by_uid').notNull(),
  },
  (t) => [
    check(
      'payments_amount_sign',
      sql`(${t.reverses} IS NULL AND ${t.amount} > 0) OR (${t.reverses} IS NOT NULL AND ${t.amount} < 0)`,
    ),
    uniqueIndex('payments_reverses_idx').on(t.reverses),
    index('payments_customer_idx').on(t.customerId, t.createdAt),
  ],
);

/** What of a payment went to which invoice (a reversal's allocations take it back). */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amount: numeric('amount', { precision: 24, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.invoiceId] }),
    index('payment_allocations_invoice_idx').on(t.invoiceId),
  ],
);

/* Requests for quote (docs/architecture.md, "Quotes"). */

export const quoteNumberSeq = pgSequence('quote_number_seq', { startWith: 1 });

const quoteStatusList = sql.raw(QUOTE_STATUSES.map((s) => `'${s}'`).join(', '));

/** A quote: one buyer's request to one seller, and where it stands. */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' })
      .notNull()
      .unique('quotes_number_unique')
      .default(sql`nextval('quote_number_seq')`),
    // Every quote of one request (one per seller) shares it.
    requestId: uuid('request_id').notNull(),
    buyerUid: text('buyer_uid').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerName: text('buyer_name').notNull(),
    // The buyer's company when they asked (its approvers and admins share the buyer's side), and its name.
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    companyName: text('company_name'),
    // As on orders: the company's id or the user's uid, the listing's email, the company's name.
    sellerId: text('seller_id').notNull(),
    sellerEmail: text('seller_email').notNull(),
    sellerName: text('seller_name'),
    status: text('status').$type<QuoteStatus>().notNull().default('requested'),
    // The standing offer's version (0 before the first) and until when it holds.
    version: integer('version').notNull().default(0),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    // The version whose expiry warning was written (the sweep's mark; a new offer can warn again).
    warnedVersion: integer('warned_version'),
    orderId: uuid('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('quotes_status_known', sql`${t.status} IN (${quoteStatusList})`),
    check('quotes_offer_has_validity', sql`${t.version} = 0 OR ${t.validUntil} IS NOT NULL`),
    check('quotes_accepted_has_order', sql`(${t.status} = 'accepted') = (${t.orderId} IS NOT NULL)`),
    index('quotes_buyer_idx').on(t.buyerUid, t.createdAt, t.id),
    index('quotes_company_idx').on(t.companyId, t.createdAt, t.id),
    index('quotes_seller_idx').on(t.sellerId, t.createdAt, t.id),
    index('quotes_offer_expiry_idx')
      .on(t.validUntil)
      .where(sql`${t.status} = 'offered'`),
  ],
);

/** What was asked: the product then, the quantity, the target, the buyer's own price then. */
export const quoteLines = pgTable(
  'quote_lines',
  {
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    // No foreign key, as on order lines: a quote outlives a deleted product.
    productId: uuid('product_id').notNull(),
    name: text('name').notNull(),
    sku: text('sku'),
    image: text('image').notNull(),
    brand: text('brand').notNull(),
    category: text('category').$type<Category>().notNull(),
    quantity: integer('quantity').notNull(),
    targetPrice: numeric('target_price', { precision: 12, scale: 2, mode: 'number' }),
    listPrice: numeric('list_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    yourPrice: numeric('your_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.productId] }),
    check('quote_lines_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'quote_lines_prices_non_negative',
      sql`${t.listPrice} >= 0 AND ${t.yourPrice} >= 0 AND (${t.targetPrice} IS NULL OR ${t.targetPrice} >= 0)`,
    ),
  ],
);

/** Every offer, kept as it was made. */
export const quoteVersions = pgTable(
  'quote_versions',
  {
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    message: text('message').notNull().default(''),
    offeredByUid: text('offered_by_uid').notNull(),
    offeredByEmail: text('offered_by_email').notNull(),
    offeredByName: text('offered_by_name').notNull(),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.version] }),
    check('quote_versions_version_positive', sql`${t.version} > 0`),
    check('quote_versions_message_length', maxLength(t.message, QUOTE_LIMITS.message)),
  ],
);

/** An offer's unit price and quantity per line. */
export const quoteOfferLines = pgTable(
  'quote_offer_lines',
  {
    quoteId: uuid('quote_id').notNull(),
    version: integer('version').notNull(),
    productId: uuid('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    lineTotal: numeric('line_total', { precision: 24, scale: 2, mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`unit_price * quantity`),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.version, t.productId] }),
    foreignKey({
      columns: [t.quoteId, t.version],
      foreignColumns: [quoteVersions.quoteId, quoteVersions.version],
    }).onDelete('cascade'),
    check('quote_offer_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('quote_offer_lines_price_non_negative', sql`${t.unitPrice} >= 0`),
  ],
);

/** The thread: messages and moves, both sides, oldest first. */
export const quoteEvents = pgTable(
  'quote_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<QuoteEventKind>().notNull(),
    side: text('side').$type<'buyer' | 'seller' | 'system'>().notNull(),
    authorUid: text('author_uid'),
    authorEmail: text('author_email'),
    authorName: text('author_name'),
    text: text('text').notNull().default(''),
    version: integer('version'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('quote_events_kind_known', sql`${t.kind} IN (${sql.raw(QUOTE_EVENT_KINDS.map((k) => `'${k}'`).join(', '))})`),
    check('quote_events_side_known', sql`${t.side} IN ('buyer', 'seller', 'system')`),
    check('quote_events_text_length', maxLength(t.text, QUOTE_LIMITS.message)),
    index('quote_events_quote_idx').on(t.quoteId, t.createdAt, t.id),
  ],
);

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteLineRow = typeof quoteLines.$inferSelect;
export type QuoteVersionRow = typeof quoteVersions.$inferSelect;
export type QuoteOfferLineRow = typeof quoteOfferLines.$inferSelect;
export type QuoteEventRow = typeof quoteEvents.$inferSelect;
