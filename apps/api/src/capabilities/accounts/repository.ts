import fp from 'fastify-plugin';
import { asc, eq, sql } from 'drizzle-orm';
import type { Account, AccountInput } from '@b2b/shared';
import type { AppDb, AppTx } from '../../db/client.js';
import { companies, customerAccounts, customers } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { Seller } from '../companies/index.js';
import { customerByEmail } from '../price-lists/index.js';
import { exposureOf, type AccountRow } from './credit.js';

/*
 * A seller's accounts with its customers (docs/architecture.md, "Accounts"). Every statement
 * names the seller, so another seller's account is not found.
 */

const COLUMNS = {
  customerId: customerAccounts.customerId,
  sellerId: customerAccounts.sellerId,
  terms: customerAccounts.terms,
  days: customerAccounts.days,
  creditLimit: customerAccounts.creditLimit,
  companyId: customers.companyId,
  buyerUid: customers.buyerUid,
  // The company's name now; a person's as when they became a customer.
  name: sql<string>`coalesce(${companies.name}, ${customers.name})`,
};

export function createAccountRepository(db: AppDb) {
  async function toAccount(executor: AppDb | AppTx, row: AccountRow & { name: string }): Promise<Account> {
    const { balance, available } = await exposureOf(executor, row);
    return {
      id: row.customerId,
      customer: { id: row.customerId, companyId: row.companyId, name: row.name },
      terms: row.terms,
      days: row.days,
      creditLimit: row.creditLimit,
      balance,
      available,
    };
  }

  const select = (executor: AppDb | AppTx) =>
    executor
      .select(COLUMNS)
      .from(customerAccounts)
      .innerJoin(customers, eq(customers.id, customerAccounts.customerId))
      .leftJoin(companies, eq(companies.id, customers.companyId));

  return {
    /** Gives the customer an email resolves to an account, or changes theirs. */
    async put(seller: Seller, input: AccountInput): Promise<Account> {
      if (input.terms === 'prepaid') {
        throw new AppError(
          'VALIDATION_ERROR',
          'Prepaid terms come with recording payments, which the shop does not do yet: give this customer net terms, or no account.',
          [{ field: 'terms', message: 'Not available yet.' }],
        );
      }
      return db.transaction(async (tx) => {
        const customer = await customerByEmail(tx, seller.id, input.email, 'an account is for your customers');
        const values = { terms: input.terms, days: input.days ?? null, creditLimit: input.creditLimit };
        await tx
          .insert(customerAccounts)
          .values({ customerId: customer.id, sellerId: seller.id, updatedByUid: seller.user.uid, ...values })
          .onConflictDoUpdate({
            target: customerAccounts.customerId,
            set: { ...values, updatedByUid: seller.user.uid, updatedAt: sql`now()` },
          });
        const [row] = await select(tx).where(eq(customerAccounts.customerId, customer.id));
        if (!row) throw new Error('the account just written is not there');
        return toAccount(tx, row);
      });
    },

    /** The seller's accounts, by customer name. */
    async list(seller: Seller): Promise<Account[]> {
      const rows = await select(db)
        .where(eq(customerAccounts.sellerId, seller.id))
        .orderBy(asc(COLUMNS.name), asc(customerAccounts.customerId));
      return Promise.all(rows.map((row) => toAccount(db, row)));
    },

    /** One of the seller's accounts; null (404) for another seller's or none. */
    async get(seller: Seller, id: string): Promise<Account | null> {
      const [row] = await select(db).where(eq(customerAccounts.customerId, id));
      return row && row.sellerId === seller.id ? toAccount(db, row) : null;
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts: payment terms and credit limits of a seller's customers (capabilities/accounts). */
    accountRepository: AccountRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('accountRepository', createAccountRepository(app.db));
  },
  { name: 'account-repository', dependencies: ['db'] },
);
