import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import {
  PRICE_LIST_LIMITS,
  type Customer,
  type PriceList,
  type PriceListCreate,
  type PriceListLineInput,
  type PriceListLinesImport,
  type PriceListSummary,
  type PriceListUpdate,
} from '@b2b/shared';
import type { AppDb, AppTx } from '../../db/client.js';
import { companies, customers, priceListCustomers, priceListLines, priceLists, products } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Seller } from '../companies/index.js';
import { exportRows, importRows, touch } from './lines-file.js';
import { createQuotes, customerByEmail } from './quotes.js';

/*
 * Price lists (docs/architecture.md, "Contract prices"): a seller's lists, their lines, discounts,
 * dates and customers. Every statement names the seller: another seller's list is not found,
 * exactly like one that does not exist. Prices themselves are decided by the pricing seam
 * (pricing/price-book.ts), which reads these tables.
 */

const invalid = (message: string) => new AppError('VALIDATION_ERROR', message);

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

type ListRow = typeof priceLists.$inferSelect;

export function createPriceListRepository(db: AppDb) {
  const quotes = createQuotes(db);
  /** The seller's list, locked for the rest of the transaction; 404 for anyone else's. */
  async function ownList(tx: AppTx, seller: Seller, id: string): Promise<ListRow> {
    const [list] = await tx
      .select()
      .from(priceLists)
      .where(and(eq(priceLists.id, id), eq(priceLists.sellerId, seller.id)))
      .for('update');
    if (!list) throw notFound('Price list');
    return list;
  }

  /** The customers of these lists, by list. */
  async function customersOf(executor: AppDb | AppTx, listIds: string[]): Promise<Map<string, Customer[]>> {
    const byList = new Map<string, Customer[]>();
    if (listIds.length === 0) return byList;
    const rows = await executor
      .select({
        listId: priceListCustomers.priceListId,
        id: customers.id,
        companyId: customers.companyId,
        name: sql<string>`coalesce(${companies.name}, ${customers.name})`,
      })
      .from(priceListCustomers)
      .innerJoin(customers, eq(customers.id, priceListCustomers.customerId))
      .leftJoin(companies, eq(companies.id, customers.companyId))
      .where(inArray(priceListCustomers.priceListId, listIds))
      .orderBy(asc(customers.name), asc(customers.id));
    for (const { listId, ...customer } of rows) byList.set(listId, [...(byList.get(listId) ?? []), customer]);
    return byList;
  }

  const summaryOf = (list: ListRow, lineCount: number, listCustomers: Customer[]): PriceListSummary => ({
    id: list.id,
    name: list.name,
    validFrom: list.validFrom,
    validUntil: list.validUntil,
    discountPercent: list.discountPercent,
    lineCount,
    customers: listCustomers,
    createdAt: iso(list.createdAt),
    updatedAt: iso(list.updatedAt),
  });

  return {
    async create(seller: Seller, input: PriceListCreate): Promise<{ id: string }> {
      const [row] = await db
        .insert(priceLists)
        .values({
          sellerId: seller.id,
          name: input.name,
          validFrom: input.validFrom ?? null,
          validUntil: input.validUntil ?? null,
          discountPercent: input.discountPercent ?? null,
        })
        .returning({ id: priceLists.id });
      return { id: (row as { id: string }).id };
    },

    /** The seller's lists by name, each with its customers and how many lines it has. */
    async list(seller: Seller): Promise<PriceListSummary[]> {
      const rows = await db
        .select({
          list: priceLists,
          lineCount: sql<number>`(select count(*)::int from ${priceListLines} l where l.price_list_id = ${priceLists.id})`,
        })
        .from(priceLists)
        .where(eq(priceLists.sellerId, seller.id))
        .orderBy(asc(priceLists.name), asc(priceLists.id));
      const byList = await customersOf(
        db,
        rows.map((r) => r.list.id),
      );
      return rows.map(({ list, lineCount }) => summaryOf(list, Number(lineCount), byList.get(list.id) ?? []));
    },

    /** One of the seller's lists with its lines (by product name); null for anyone else's. */
    async get(seller: Seller, id: string): Promise<PriceList | null> {
      const [list] = await db
        .select()
        .from(priceLists)
        .where(and(eq(priceLists.id, id), eq(priceLists.sellerId, seller.id)));
      if (!list) return null;
      const [lines, byList] = await Promise.all([
        db
          .select({
            productId: priceListLines.productId,
            name: products.name,
            sku: products.sku,
            listPrice: products.price,
            price: priceListLines.price,
            tiers: priceListLines.tiers,
          })
          .from(priceListLines)
          .innerJoin(products, eq(products.id, priceListLines.productId))
          .where(eq(priceListLines.priceListId, id))
          .orderBy(asc(products.name), asc(products.id)),
        customersOf(db, [id]),
      ]);
      return { ...summaryOf(list, lines.length, byList.get(id) ?? []), lines };
    },

    async update(seller: Seller, id: string, patch: PriceListUpdate): Promise<PriceListSummary> {
      await db.transaction(async (tx) => {
        const list = await ownList(tx, seller, id);
        const validFrom = patch.validFrom === undefined ? list.validFrom : patch.validFrom;
        const validUntil = patch.validUntil === undefined ? list.validUntil : patch.validUntil;
        if (validFrom && validUntil && validFrom > validUntil) {
          throw invalid(`Valid until (${validUntil}) must not be before valid from (${validFrom}).`);
        }
        await tx
          .update(priceLists)
          .set({
            ...(patch.name === undefined ? {} : { name: patch.name }),
            ...(patch.discountPercent === undefined ? {} : { discountPercent: patch.discountPercent }),
            validFrom,
            validUntil,
            updatedAt: sql`now()`,
          })
          .where(eq(priceLists.id, id));
      });
      const summary = (await this.list(seller)).find((l) => l.id === id);
      if (!summary) throw notFound('Price list');
      return summary;
    },

    /** Deletes the seller's list with its lines and assignments; false when there is none. */
    async remove(seller: Seller, id: string): Promise<boolean> {
      const deleted = await db
        .delete(priceLists)
        .where(and(eq(priceLists.id, id), eq(priceLists.sellerId, seller.id)))
        .returning({ id: priceLists.id });
      return deleted.length > 0;
    },

    /** Sets the list's price of one of the seller's products (a new line or a changed one). */
    async putLine(seller: Seller, id: string, productId: string, input: PriceListLineInput) {
      return db.transaction(async (tx) => {
        await ownList(tx, seller, id);
        const [product] = await tx
          .select({ sellerId: products.sellerId, name: products.name, sku: products.sku, price: products.price })
          .from(products)
          .where(eq(products.id, productId));
        if (!product) throw notFound('Product');
        if (product.sellerId !== seller.id) {
          throw invalid('That product is not one of yours: a price list covers only your own products.');
        }
        const [{ lines } = { lines: 0 }] = await tx
          .select({ lines: count() })
          .from(priceListLines)
          .where(and(eq(priceListLines.priceListId, id), sql`${priceListLines.productId} <> ${productId}`));
        if (lines >= PRICE_LIST_LIMITS.lines) {
          throw invalid(`A price list holds at most ${PRICE_LIST_LIMITS.lines.toLocaleString('en-US')} products.`);
        }
        const tiers = input.tiers ?? [];
        await tx
          .insert(priceListLines)
          .values({ priceListId: id, productId, price: input.price, tiers })
          .onConflictDoUpdate({
            target: [priceListLines.priceListId, priceListLines.productId],
            set: { price: input.price, tiers },
          });
        await touch(tx, id);
        return { productId, name: product.name, sku: product.sku, listPrice: product.price, price: input.price, tiers };
      });
    },

    async removeLine(seller: Seller, id: string, productId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await ownList(tx, seller, id);
        const deleted = await tx
          .delete(priceListLines)
          .where(and(eq(priceListLines.priceListId, id), eq(priceListLines.productId, productId)))
          .returning({ productId: priceListLines.productId });
        if (deleted.length > 0) await touch(tx, id);
        return deleted.length > 0;
      });
    },

    /**
     * Assigns the list to the customer an email resolves to: the company its user belongs to (every
     * member gets the list), or the user when they have none. The answer names that customer and
     * nothing else of them. 404 for an email no user of the shop has signed in with.
     */
    async addCustomer(seller: Seller, id: string, email: string): Promise<Customer> {
      return db.transaction(async (tx) => {
        await ownList(tx, seller, id);
        const added = await customerByEmail(tx, seller.id, email, 'a price list is for your customers');
        await tx.insert(priceListCustomers).values({ priceListId: id, customerId: added.id }).onConflictDoNothing();
        await touch(tx, id);
        return added;
      });
    },

    /** The list's lines as a file's rows (lines-file.ts); null for anyone else's list. */
    async exportLines(seller: Seller, id: string): Promise<string[][] | null> {
      const list = await this.get(seller, id);
      return list ? exportRows(list) : null;
    },

    /** Sets the list's lines from a file's rows (lines-file.ts), in one transaction. */
    async importLines(seller: Seller, id: string, file: PriceListLinesImport) {
      return db.transaction(async (tx) => {
        await ownList(tx, seller, id);
        return importRows(tx, seller, id, file);
      });
    },

    priceFor: quotes.priceFor,
    prices: quotes.prices,

    async removeCustomer(seller: Seller, id: string, customerId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await ownList(tx, seller, id);
        const deleted = await tx
          .delete(priceListCustomers)
          .where(and(eq(priceListCustomers.priceListId, id), eq(priceListCustomers.customerId, customerId)))
          .returning({ customerId: priceListCustomers.customerId });
        if (deleted.length > 0) await touch(tx, id);
        return deleted.length > 0;
      });
    },
  };
}

export type PriceListRepository = ReturnType<typeof createPriceListRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Price lists and contract prices (capabilities/price-lists). */
    priceListRepository: PriceListRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('priceListRepository', createPriceListRepository(app.db));
  },
  { name: 'price-list-repository', dependencies: ['db'] },
);
