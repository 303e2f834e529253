import { sql, type SQLWrapper } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  AVAILABLE_THRESHOLD,
  CATEGORY_VALUES,
  LIMITS,
  ORDER_LIMITS,
  ORDER_STATUSES,
  PROFILE_LIMITS,
  type Category,
  type OrderStatus,
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

const categoryList = sql.raw(CATEGORY_VALUES.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '));

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUid: text('owner_uid').notNull(),
    ownerEmail: text('owner_email').notNull(),
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
    // One index per sort order (see ORDER_BY in repositories/products.ts), and the same again
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
    index('products_owner_uid_idx').on(t.ownerUid, t.createdAt, t.id),
    // Substring and typo-tolerant search over name and brand (pg_trgm, on both engines).
    index('products_search_idx').using('gin', sql`${searchText(t.name, t.brand)} gin_trgm_ops`),
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
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    userUid: text('user_uid').notNull(),
    userEmail: text('user_email').notNull(),
    displayName: text('display_name').notNull(),
    buyQuantity: integer('buy_quantity').notNull(),
    buyDate: timestamp('buy_date', { withTimezone: true }).notNull().defaultNow(),
    // The product's owner when it was bought: checkout makes one order per seller, even for a
    // product deleted since.
    sellerUid: text('seller_uid').notNull(),
    sellerEmail: text('seller_email').notNull(),
    // The stock is held until then (buy date + CART_HOLD_HOURS); the hold sweep releases it after.
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('cart_items_buy_quantity_positive', sql`${t.buyQuantity} > 0`),
    check('cart_items_price_non_negative', sql`${t.price} >= 0`),
    // A cart is listed by the buyer's uid (an email can later belong to another account).
    index('cart_items_user_uid_idx').on(t.userUid, t.buyDate),
    index('cart_items_product_id_idx').on(t.productId),
    // The hold sweep takes the oldest expired holds first.
    index('cart_items_held_until_idx').on(t.heldUntil),
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
    sellerUid: text('seller_uid').notNull(),
    sellerEmail: text('seller_email').notNull(),
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
    // How many lines and units: fixed at placement, like the total, so lists need no join.
    lineCount: integer('line_count').notNull().default(0),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    cancelledBy: text('cancelled_by').$type<'buyer' | 'seller'>(),
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
        AND (${t.status} <> 'cancelled' OR (${t.cancelledAt} IS NOT NULL AND ${t.cancelledBy} IS NOT NULL))`,
    ),
    // My Orders and Sales, newest first, with and without a status filter (read backwards).
    index('orders_buyer_idx').on(t.buyerUid, t.placedAt, t.id),
    index('orders_buyer_status_idx').on(t.buyerUid, t.status, t.placedAt, t.id),
    index('orders_seller_idx').on(t.sellerUid, t.placedAt, t.id),
    index('orders_seller_status_idx').on(t.sellerUid, t.status, t.placedAt, t.id),
    index('orders_checkout_id_idx').on(t.checkoutId),
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
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    lineTotal: numeric('line_total', { precision: 24, scale: 2, mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`price * quantity`),
  },
  (t) => [
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('order_lines_price_non_negative', sql`${t.price} >= 0`),
    unique('order_lines_order_position_unique').on(t.orderId, t.position),
  ],
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

/** Every word of every product name and brand, kept by triggers: the vocabulary for typo correction. */
export const searchTerms = pgTable('search_terms', { term: text('term').primaryKey() }, (t) => [
  index('search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`),
]);

/**
 * The first answer to each Idempotency-Key, per user, for 24 hours (plugins/idempotency.ts):
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

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type CartItemRow = typeof cartItems.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
