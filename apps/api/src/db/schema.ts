import { sql, type SQLWrapper } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { AVAILABLE_THRESHOLD, CATEGORY_VALUES, LIMITS, type Category } from '@b2b/shared';

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
  },
  (t) => [
    check('cart_items_buy_quantity_positive', sql`${t.buyQuantity} > 0`),
    check('cart_items_price_non_negative', sql`${t.price} >= 0`),
    // A cart is listed by the buyer's uid (an email can later belong to another account).
    index('cart_items_user_uid_idx').on(t.userUid, t.buyDate),
    index('cart_items_product_id_idx').on(t.productId),
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

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type CartItemRow = typeof cartItems.$inferSelect;
