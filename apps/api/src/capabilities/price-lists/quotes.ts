import { desc, eq, inArray } from 'drizzle-orm';
import {
  unitPriceFor,
  type PriceForCustomer,
  type PriceForCustomerRequest,
  type PricedLine,
  type PricesRequest,
} from '@b2b/shared';
import type { AppDb, AppTx } from '../../db/client.js';
import { accounts, companies, companyMembers, customers, products } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { openPriceBook, PRICED_COLUMNS } from '../../pricing/price-book.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import type { Seller } from '../companies/index.js';

/* Prices asked for: a buyer's own (POST /prices), and a seller's question about a customer. */

const invalid = (message: string) => new AppError('VALIDATION_ERROR', message);

/**
 * Whose an email is: the account that signed in with it last, and the company they are a member
 * of (none: they buy on their own). 404 for an email no one has signed in with.
 */
export async function whoIs(executor: AppDb | AppTx, email: string) {
  const address = email.trim().toLowerCase();
  const [person] = await executor
    .select({ uid: accounts.uid, name: accounts.name, email: accounts.email })
    .from(accounts)
    .where(eq(accounts.email, address))
    .orderBy(desc(accounts.seenAt))
    .limit(1);
  if (!person) {
    throw new AppError('NOT_FOUND', 'No user of the shop has signed in with that email: ask them to sign up first.');
  }
  const [member] = await executor
    .select({ companyId: companyMembers.companyId, companyName: companies.name })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.uid, person.uid));
  return { person, member };
}

/**
 * The seller's customer an email resolves to (docs/architecture.md, "Customers"): the company its
 * user belongs to, or the user without one; made the first time it is named. 400 for the seller
 * itself (`forWhat` ends the sentence: "a price list is for your customers"), 404 for an email no
 * user of the shop has signed in with.
 */
export async function customerByEmail(tx: AppTx, sellerId: string, email: string, forWhat: string) {
  const { person, member } = await whoIs(tx, email);
  let values: typeof customers.$inferInsert;
  if (member) {
    if (member.companyId === sellerId) throw invalid(`That is your own company: ${forWhat}.`);
    values = { sellerId, companyId: member.companyId, name: member.companyName };
  } else {
    if (person.uid === sellerId) throw invalid(`That is you: ${forWhat}.`);
    values = { sellerId, buyerUid: person.uid, name: person.name || person.email };
  }
  const [customer] = await tx
    .insert(customers)
    .values(values)
    .onConflictDoUpdate({
      target: values.companyId ? [customers.sellerId, customers.companyId] : [customers.sellerId, customers.buyerUid],
      set: { name: values.name },
    })
    .returning({ id: customers.id, companyId: customers.companyId, name: customers.name });
  if (!customer) throw new Error('the customer upsert returned nothing');
  return customer;
}

export function createQuotes(db: AppDb) {
  return {
    /**
     * What the customer an email belongs to pays for a quantity of one of the seller's products,
     * and why: the seller's own lists only (a line is always of the seller's product, a discount of
     * the seller's products), so nothing of another seller's agreements shows.
     */
    async priceFor(seller: Seller, request: PriceForCustomerRequest): Promise<PriceForCustomer> {
      const [product] = await db.select(PRICED_COLUMNS).from(products).where(eq(products.id, request.productId));
      if (!product) throw notFound('Product');
      if (product.sellerId !== seller.id) throw invalid('That product is not one of yours.');
      const { person, member } = await whoIs(db, request.email);
      const book = await openPriceBook(db, { uids: [person.uid], productIds: [product.id], held: [] });
      const { unitPrice, lineTotal, source, priceList } = book.quote(product, person.uid, request.quantity);
      return {
        customer: member
          ? { companyId: member.companyId, name: member.companyName }
          : { companyId: null, name: person.name || person.email },
        basePrice: unitPriceFor(product, request.quantity),
        line: {
          productId: product.id,
          quantity: request.quantity,
          unitPrice,
          lineTotal,
          source,
          ...(priceList ? { priceList } : {}),
        },
      };
    },

    /**
     * What the caller pays for each line's quantity of a product (the quantity alone, not added to
     * what their cart holds), by the price rule, and why. 404 when a product does not exist.
     */
    async prices(user: AuthUser, request: PricesRequest): Promise<PricedLine[]> {
      const ids = [...new Set(request.lines.map((line) => line.productId))];
      const [rows, book] = await Promise.all([
        db.select(PRICED_COLUMNS).from(products).where(inArray(products.id, ids)),
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
