import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import {
  contractTierIssues,
  formatPriceTiers,
  neutraliseCell,
  parsePriceTiers,
  PRICE_LIST_LIMITS,
  restoreCell,
  type PriceListLinesImport,
  type Customer,
  type PriceList,
  type PriceListCreate,
  type PriceListLineInput,
  type PriceListSummary,
  type PriceListUpdate,
  type PricedLine,
  type PricesRequest,
} from '@b2b/shared';
import type { AppDb, AppTx } from '../../db/client.js';
import type { SheetRow } from '../../lib/spreadsheet.js';
import { headerKey } from '../../lib/spreadsheet.js';
import {
  accounts,
  companies,
  companyMembers,
  customers,
  priceListCustomers,
  priceListLines,
  priceLists,
  products,
  skuKey,
} from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { openPriceBook } from '../../pricing/price-book.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import type { Seller } from '../companies/index.js';

/*
 * Price lists (docs/architecture.md, "Contract prices"): a seller's lists, their lines, discounts,
 * dates and customers. Every statement names the seller: another seller's list is not found,
 * exactly like one that does not exist. Prices themselves are decided by the pricing seam
 * (pricing/price-book.ts), which reads these tables.
 */

const invalid = (message: string) => new AppError('VALIDATION_ERROR', message);

/** The columns of a price list's file: the first three are read back; the others name the product. */
export const LINE_COLUMNS = ['sku', 'price', 'tiers', 'productId', 'name'] as const;

/** A file's rows as lines (`sku`, `price`, `tiers`, or `productId`), numbered as a spreadsheet shows them. */
export async function linesFromSheet(rows: AsyncGenerator<SheetRow>): Promise<PriceListLinesImport> {
  const out: PriceListLinesImport['rows'] = [];
  let columns: Record<string, number> = { sku: 0, price: 1, tiers: 2, productid: 3 };
  let first = true;
  for await (const { cells, row } of rows) {
    if (first) {
      first = false;
      const keys = cells.map(headerKey);
      if (keys.includes('price')) {
        columns = Object.fromEntries(['sku', 'price', 'tiers', 'productid'].map((k) => [k, keys.indexOf(k)]));
        continue;
      }
    }
    const cell = (key: string) => {
      const i = columns[key] ?? -1;
      return i < 0 ? '' : restoreCell(cells[i] ?? '').trim();
    };
    if (cells.every((c) => c.trim() === '')) continue;
    out.push({ row, sku: cell('sku'), price: cell('price'), tiers: cell('tiers'), productId: cell('productid') });
    if (out.length > PRICE_LIST_LIMITS.lines) break;
  }
  return { rows: out };
}

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

type ListRow = typeof priceLists.$inferSelect;

export function createPriceListRepository(db: AppDb) {
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
        await tx
          .update(priceLists)
          .set({ updatedAt: sql`now()` })
          .where(eq(priceLists.id, id));
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
        if (deleted.length > 0)
          await tx
            .update(priceLists)
            .set({ updatedAt: sql`now()` })
            .where(eq(priceLists.id, id));
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
        const address = email.trim().toLowerCase();
        const [person] = await tx
          .select({ uid: accounts.uid, name: accounts.name })
          .from(accounts)
          .where(eq(accounts.email, address))
          .orderBy(desc(accounts.seenAt))
          .limit(1);
        if (!person) {
          throw new AppError(
            'NOT_FOUND',
            'No user of the shop has signed in with that email: ask them to sign up first.',
          );
        }
        const [member] = await tx
          .select({ companyId: companyMembers.companyId, companyName: companies.name })
          .from(companyMembers)
          .innerJoin(companies, eq(companies.id, companyMembers.companyId))
          .where(eq(companyMembers.uid, person.uid));
        let values: typeof customers.$inferInsert;
        if (member) {
          if (member.companyId === seller.id)
            throw invalid('That is your own company: a price list is for your customers.');
          values = { sellerId: seller.id, companyId: member.companyId, name: member.companyName };
        } else {
          if (person.uid === seller.id) throw invalid('That is you: a price list is for your customers.');
          values = { sellerId: seller.id, buyerUid: person.uid, name: person.name || address };
        }
        const [customer] = await tx
          .insert(customers)
          .values(values)
          .onConflictDoUpdate({
            target: values.companyId
              ? [customers.sellerId, customers.companyId]
              : [customers.sellerId, customers.buyerUid],
            set: { name: values.name },
          })
          .returning({ id: customers.id, companyId: customers.companyId, name: customers.name });
        const added = customer as Customer;
        await tx.insert(priceListCustomers).values({ priceListId: id, customerId: added.id }).onConflictDoNothing();
        await tx
          .update(priceLists)
          .set({ updatedAt: sql`now()` })
          .where(eq(priceLists.id, id));
        return added;
      });
    },

    async removeCustomer(seller: Seller, id: string, customerId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await ownList(tx, seller, id);
        const deleted = await tx
          .delete(priceListCustomers)
          .where(and(eq(priceListCustomers.priceListId, id), eq(priceListCustomers.customerId, customerId)))
          .returning({ customerId: priceListCustomers.customerId });
        if (deleted.length > 0)
          await tx
            .update(priceLists)
            .set({ updatedAt: sql`now()` })
            .where(eq(priceLists.id, id));
        return deleted.length > 0;
      });
    },

    /** The list's lines as CSV rows (`sku,price,tiers,productId,name`), text neutralised against formulas. */
    async exportLines(seller: Seller, id: string): Promise<string[][] | null> {
      const list = await this.get(seller, id);
      if (!list) return null;
      return [
        [...LINE_COLUMNS],
        ...list.lines.map((line) => [
          neutraliseCell(line.sku ?? ''),
          line.price.toFixed(2),
          formatPriceTiers(line.tiers),
          line.productId,
          neutraliseCell(line.name),
        ]),
      ];
    },

    /**
     * Sets the list's lines from a file's rows (`sku,price,tiers`, or `productId` for a product
     * without a SKU): every valid row in one transaction, each invalid one reported by its row
     * number, nothing written for it.
     */
    async importLines(seller: Seller, id: string, file: PriceListLinesImport) {
      return db.transaction(async (tx) => {
        await ownList(tx, seller, id);
        const failed: { row: number; message: string }[] = [];
        const wanted = file.rows.filter((r) => r.sku !== '').map((r) => r.sku.toLowerCase());
        const bySku = new Map<string, string>();
        if (wanted.length > 0) {
          const found = await tx
            .select({ id: products.id, key: sql<string>`${skuKey(products.sku)}` })
            .from(products)
            .where(and(eq(products.sellerId, seller.id), inArray(skuKey(products.sku), [...new Set(wanted)])));
          for (const row of found) bySku.set(row.key, row.id);
        }
        const ids = file.rows.filter((r) => r.sku === '' && r.productId !== '').map((r) => r.productId);
        const own = new Set<string>();
        const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
        if (ids.length > 0) {
          const found = await tx
            .select({ id: products.id })
            .from(products)
            .where(
              and(
                eq(products.sellerId, seller.id),
                inArray(
                  products.id,
                  ids.filter((v) => uuid.test(v)),
                ),
              ),
            );
          for (const row of found) own.add(row.id);
        }
        const lines = new Map<string, { price: number; tiers: { minQty: number; price: number }[] }>();
        for (const r of file.rows) {
          const fail = (message: string) => failed.push({ row: r.row, message });
          const productId =
            r.sku !== '' ? bySku.get(r.sku.toLowerCase()) : own.has(r.productId) ? r.productId : undefined;
          if (!productId) {
            fail(r.sku !== '' ? `You sell no product with the SKU ${r.sku}.` : 'Give the SKU of one of your products.');
            continue;
          }
          const price = Number(r.price.replace(',', '.'));
          if (
            r.price.trim() === '' ||
            !Number.isFinite(price) ||
            price < 0 ||
            Math.round(price * 100) / 100 !== price
          ) {
            fail(`“${r.price}” is not a price (a number with at most 2 decimals).`);
            continue;
          }
          const parsed = parsePriceTiers(r.tiers);
          if ('error' in parsed) {
            fail(parsed.error);
            continue;
          }
          const issue = contractTierIssues({ price, tiers: parsed.tiers })[0];
          if (issue) {
            fail(issue.message);
            continue;
          }
          lines.set(productId, { price, tiers: parsed.tiers });
        }
        const [{ lines: existing } = { lines: 0 }] = await tx
          .select({ lines: count() })
          .from(priceListLines)
          .where(
            and(
              eq(priceListLines.priceListId, id),
              lines.size > 0
                ? sql`${priceListLines.productId} <> all(${sql.param([...lines.keys()])}::uuid[])`
                : undefined,
            ),
          );
        if (existing + lines.size > PRICE_LIST_LIMITS.lines) {
          throw invalid(`A price list holds at most ${PRICE_LIST_LIMITS.lines.toLocaleString('en-US')} products.`);
        }
        const values = [...lines].map(([productId, line]) => ({ priceListId: id, productId, ...line }));
        for (let i = 0; i < values.length; i += 1000) {
          await tx
            .insert(priceListLines)
            .values(values.slice(i, i + 1000))
            .onConflictDoUpdate({
              target: [priceListLines.priceListId, priceListLines.productId],
              set: { price: sql`excluded.price`, tiers: sql`excluded.tiers` },
            });
        }
        if (values.length > 0)
          await tx
            .update(priceLists)
            .set({ updatedAt: sql`now()` })
            .where(eq(priceLists.id, id));
        return { updated: values.length, failed };
      });
    },

    /**
     * What the caller pays for each line's quantity of a product (the quantity alone, not added to
     * what their cart holds), by the price rule, and why. 404 when a product does not exist.
     */
    async prices(user: AuthUser, request: PricesRequest): Promise<PricedLine[]> {
      const ids = [...new Set(request.lines.map((line) => line.productId))];
      const [rows, book] = await Promise.all([
        db
          .select({
            id: products.id,
            sellerId: products.sellerId,
            price: products.price,
            priceTiers: products.priceTiers,
          })
          .from(products)
          .where(inArray(products.id, ids)),
        openPriceBook(db, { uids: [user.uid], productIds: ids, held: [] }),
      ]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return request.lines.map(({ productId, quantity }) => {
        const product = byId.get(productId);
        if (!product) throw notFound(`Product ${productId}`);
        const { unitPrice, source, priceList, lineTotal } = book.quote(product, user.uid, quantity);
        return { productId, quantity, unitPrice, lineTotal, source, ...(priceList ? { priceList } : {}) };
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
