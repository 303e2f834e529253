import fp from 'fastify-plugin';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  LIMITS,
  PRODUCT_FIELDS,
  tradeRuleIssues,
  type Product,
  type ProductData,
  type ProductUpdate,
} from '@b2b/shared';
import { onOneConnection, type AppDb, type AppTx } from '../../db/client.js';
import { products, skuKey, type ProductRow } from '../../db/schema.js';
import { AppError, forbidden, isUniqueViolation } from '../../lib/errors.js';
import { createFacetCounter, type FacetQuery } from './listing/facets.js';
import { matchCondition, type ListFilter } from './listing/conditions.js';
import { createProductLister } from './listing/lister.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import { PRODUCT_COLUMN_TYPE } from './columns.js';
import { actingSeller, type Seller } from '../companies/index.js';
import { recordActivity } from '../activity/index.js';
import { productCreated, productDeleted, productUpdated } from './activity.js';

/**
 * A row as the API sends it: the product input's fields plus id, owner email and timestamps.
 * A loop over the schema's fields, not a rest spread: on a page of rows the spread cost 5×.
 */
export function toProduct(row: ProductRow): Product {
  const product: Partial<Record<keyof Product, unknown>> = {
    _id: row.id,
    email: row.ownerEmail,
    seller: row.sellerName === null ? null : { companyId: row.sellerId, name: row.sellerName },
  };
  for (const field of PRODUCT_FIELDS) product[field] = row[field];
  product.createdAt = row.createdAt.toISOString();
  product.updatedAt = row.updatedAt.toISOString();
  return product as Product;
}

function differs(patch: ProductUpdate): SQL | undefined {
  const changes = PRODUCT_FIELDS.flatMap((field) => {
    const value = field === 'priceTiers' && patch.priceTiers ? JSON.stringify(patch.priceTiers) : patch[field];
    return value === undefined
      ? []
      : [sql`${products[field]} IS DISTINCT FROM ${value}::${sql.raw(PRODUCT_COLUMN_TYPE[field])}`];
  });
  return changes.length > 0 ? or(...changes) : undefined;
}

/** The rules across fields (pack, maximum, ladder) on the whole product an update would leave: 400 with each problem. */
function assertTradeRules(product: Parameters<typeof tradeRuleIssues>[0]): void {
  const issues = tradeRuleIssues(product);
  if (issues.length === 0) return;
  const details = issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  throw new AppError('VALIDATION_ERROR', details.map((d) => d.message).join(' '), details);
}

export function createProductRepository(db: AppDb) {
  /** Turns the unique index's refusal into 409 SKU_TAKEN, naming the product that has the SKU. */
  async function skuTaken(
    error: unknown,
    seller: Seller | undefined,
    sku: string | null | undefined,
  ): Promise<unknown> {
    if (!seller || !sku || !isUniqueViolation(error, 'products_sku_owner_unique')) return error;
    const [holder] = await db
      .select({ name: products.name })
      .from(products)
      .where(and(sql`${skuKey(products.sku)} = lower(${sku})`, eq(products.sellerId, seller.id)));
    return new AppError(
      'SKU_TAKEN',
      `You already have a product with SKU ${sku}${holder ? `: “${holder.name}”` : ''}. SKUs must be unique among your products.`,
      [{ field: 'sku', message: `You already use SKU ${sku}${holder ? ` for “${holder.name}”` : ''}.` }],
    );
  }

  const lister = createProductLister(db, toProduct);
  const facetCounter = createFacetCounter(db, matchCondition);
  // The most frequent query: its SQL is built once and, on PostgreSQL, parsed and planned once per connection.
  const byId = db
    .select()
    .from(products)
    .where(eq(products.id, sql.placeholder('id')))
    .prepare('product_by_id');
  /**
   * The product, if it exists (null otherwise), locked for the change: 403 when the caller's role
   * may not keep the catalogue, or when the product is another seller's (another company's).
   */
  async function writableRow(tx: AppTx, id: string, seller: Seller): Promise<ProductRow | null> {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!row) return null;
    if (row.sellerId !== seller.id) throw forbidden('Only the owner of this product can change it.');
    return row;
  }

  return {
    // A list and the facets are several statements (words, tiers, counts): one wait for a connection each.
    list: (filter: ListFilter) => onOneConnection(db, () => lister.list(filter)),

    /** GET /products/facets: with a misspelt search, the facets of the corrected one the list shows. */
    facets(filter: FacetQuery) {
      const listed = { ...filter, limit: 0, offset: 0, sort: 'oldest' as const };
      return onOneConnection(db, async () => facetCounter.facets({ ...filter, q: await lister.searchShown(listed) }));
    },

    async get(id: string): Promise<Product | null> {
      const [row] = await byId.execute({ id });
      return row ? toProduct(row) : null;
    },

    async create(user: AuthUser, data: ProductData): Promise<string> {
      assertTradeRules(data);
      let seller: Seller | undefined;
      return db
        .transaction(async (tx) => {
          seller = await actingSeller(tx, user, 'catalogue');
          const [row] = await tx
            .insert(products)
            .values({ ...data, sellerId: seller.id, sellerName: seller.name, ownerEmail: user.email })
            .returning();
          if (!row) throw new Error('insert returned no row');
          await recordActivity(tx, seller, productCreated(row));
          return row.id;
        })
        .catch(async (error: unknown) => {
          throw await skuTaken(error, seller, data.sku);
        });
    },

    /** matchedCount 1 once ownership is proven; modifiedCount 1 only when a value really changed. Null: no such product. */
    async update(
      id: string,
      user: AuthUser,
      patch: ProductUpdate,
    ): Promise<{ matched: number; modified: number } | null> {
      let seller: Seller | undefined;
      return db
        .transaction(async (tx) => {
          seller = await actingSeller(tx, user, 'catalogue');
          const row = await writableRow(tx, id, seller);
          if (!row) return null;
          const changed = differs(patch);
          if (!changed) return { matched: 1, modified: 0 };
          assertTradeRules({ ...row, ...patch });
          const [updated] = await tx
            .update(products)
            .set({ ...patch, updatedAt: sql`now()` })
            .where(and(eq(products.id, id), changed))
            .returning();
          if (updated) await recordActivity(tx, seller, productUpdated(row, updated));
          return { matched: 1, modified: updated ? 1 : 0 };
        })
        .catch(async (error: unknown) => {
          throw await skuTaken(error, seller, patch.sku);
        });
    },

    /** How many were deleted; null: no such product. */
    async remove(id: string, user: AuthUser): Promise<number | null> {
      return db.transaction(async (tx) => {
        const seller = await actingSeller(tx, user, 'catalogue');
        const row = await writableRow(tx, id, seller);
        if (!row) return null;
        const deleted = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
        await recordActivity(tx, seller, productDeleted(row));
        return deleted.length;
      });
    },

    /**
     * One conditional UPDATE, so concurrent adjustments can never drive stock below zero or
     * above LIMITS.quantity (computed in bigint: no integer overflow on the way). Null: no such product.
     */
    async adjustQuantity(id: string, user: AuthUser, decBy: number): Promise<number | null> {
      return db.transaction(async (tx) => {
        const seller = await actingSeller(tx, user, 'catalogue');
        const row = await writableRow(tx, id, seller);
        if (!row) return null;
        const next = row.quantity - decBy;
        // A positive decBy can only fail the lower bound, a negative one only the upper.
        if (next > LIMITS.quantity) {
          const room = Math.max(0, LIMITS.quantity - row.quantity);
          throw new AppError(
            'STOCK_LIMIT_EXCEEDED',
            `Stock cannot exceed ${LIMITS.quantity.toLocaleString('en-US')} units: ` +
              `${row.quantity} are in stock, so at most ${room} more can be added.`,
          );
        }
        if (next < 0) {
          throw new AppError('INSUFFICIENT_STOCK', `Stock cannot go below 0: only ${row.quantity} units are in stock.`);
        }
        const [updated] = await tx
          .update(products)
          .set({ quantity: next, updatedAt: sql`now()` })
          .where(eq(products.id, id))
          .returning();
        if (!updated) throw new Error('the locked product changed underneath');
        if (decBy !== 0) await recordActivity(tx, seller, productUpdated(row, updated));
        return updated.quantity;
      });
    },
  };
}

export type ProductRepository = ReturnType<typeof createProductRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue's products: listing, search, facets, a seller's own listings. */
    productRepository: ProductRepository;
  }
}

/** The repository as a plugin: routes and other plugins reach it as `app.productRepository`. */
export default fp(
  async (app) => {
    app.decorate('productRepository', createProductRepository(app.db));
  },
  { name: 'product-repository', dependencies: ['db'] },
);
