import fp from 'fastify-plugin';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  Account,
  AccountBalance,
  AccountCredit,
  AccountInput,
  Payment,
  PaymentInput,
  Statement,
} from '@b2b/shared';
import type { AppDb, AppTx } from '../../db/client.js';
import { accounts, companies, customerAccounts, customers } from '../../db/schema.js';
import { companyNames, isCompanySeller, type Seller } from '../companies/index.js';
import { customerByEmail } from '../price-lists/index.js';
import {
  ACCOUNT_COLUMNS,
  accountOf,
  customerIs,
  exposureOf,
  openInvoicesOf,
  type AccountRow,
  type Buyer,
} from './credit.js';
import { statementOf } from './ledger.js';
import { recordPayment, reversePayment } from './payments.js';

/*
 * A seller's accounts with its customers (docs/architecture.md, "Accounts"). Every statement
 * names the seller, so another seller's account is not found.
 */

const COLUMNS = {
  ...ACCOUNT_COLUMNS,
  // The company's name now; a person's as when they became a customer.
  name: sql<string>`coalesce(${companies.name}, ${customers.name})`,
};

/** Sellers' names for their customers: the company's, or a sole trader's name (else email). */
async function sellerNames(executor: AppDb, ids: string[]): Promise<Map<string, string>> {
  const names = await companyNames(executor, ids);
  const people = ids.filter((id) => !names.has(id));
  if (people.length > 0) {
    const rows = await executor
      .select({ uid: accounts.uid, name: accounts.name, email: accounts.email })
      .from(accounts)
      .where(inArray(accounts.uid, people));
    for (const row of rows) names.set(row.uid, row.name || row.email);
  }
  return names;
}

export function createAccountRepository(db: AppDb) {
  async function toAccount(executor: AppDb | AppTx, row: AccountRow & { name: string }): Promise<Account> {
    const { balance, available } = await exposureOf(executor, row);
    const { overdue, aging } = await openInvoicesOf(executor, row);
    return {
      id: row.customerId,
      customer: { id: row.customerId, companyId: row.companyId, name: row.name },
      terms: row.terms,
      days: row.days,
      creditLimit: row.creditLimit,
      balance,
      available,
      overdue,
      aging,
    };
  }

  /** The buyer's accounts with their sellers, and the sellers' names. */
  async function ofBuyer(buyer: Buyer) {
    const rows = await select(db).where(customerIs(buyer));
    return {
      rows,
      names: await sellerNames(
        db,
        rows.map((row) => row.sellerId),
      ),
    };
  }

  /** The seller's account by its id, locked for the rest of the transaction; null (404) for another's. */
  async function lockedAccount(tx: AppTx, seller: Seller, id: string) {
    const [row] = await select(tx)
      .where(and(eq(customerAccounts.customerId, id), eq(customerAccounts.sellerId, seller.id)))
      .for('update', { of: customerAccounts });
    return row ?? null;
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

    /** POST /accounts/:id/payments. Null: not an account of the seller's. */
    async pay(seller: Seller, id: string, input: PaymentInput): Promise<Payment | null> {
      return db.transaction(async (tx) => {
        const account = await lockedAccount(tx, seller, id);
        return account ? recordPayment(tx, account, input, seller.user.uid) : null;
      });
    },

    /** POST /accounts/:id/payments/:paymentId/reverse. Null: no such payment of the account's. */
    async reverse(seller: Seller, id: string, paymentId: string, reason: string): Promise<Payment | null> {
      return db.transaction(async (tx) => {
        const account = await lockedAccount(tx, seller, id);
        return account ? reversePayment(tx, account, paymentId, reason, seller.user.uid) : null;
      });
    },

    /** GET /accounts/:id/statement. */
    async statement(seller: Seller, id: string, range: { from?: string; to?: string }): Promise<Statement | null> {
      const [row] = await select(db).where(
        and(eq(customerAccounts.customerId, id), eq(customerAccounts.sellerId, seller.id)),
      );
      if (!row) return null;
      return statementOf(db, row, { customer: row.name, seller: seller.name ?? seller.user.email }, range);
    },

    /**
     * GET /account-balances: the caller's business's accounts with its sellers (their company's,
     * or their own without one), each with what is owed, available and open.
     */
    async balances(buyer: Buyer): Promise<AccountBalance[]> {
      const { rows, names } = await ofBuyer(buyer);
      return Promise.all(
        rows.map(async (row) => {
          const { balance, available } = await exposureOf(db, row);
          const { open, overdue } = await openInvoicesOf(db, row);
          return {
            sellerId: row.sellerId,
            seller: names.get(row.sellerId) ?? 'Seller',
            terms: row.terms,
            days: row.days,
            creditLimit: row.creditLimit,
            balance,
            available,
            overdue,
            openInvoices: open,
          };
        }),
      );
    },

    /** GET /account-balances/credit: what the checkout shows of each account. */
    async credit(buyer: Buyer): Promise<AccountCredit[]> {
      const { rows, names } = await ofBuyer(buyer);
      const people = await db
        .select({ uid: accounts.uid, email: accounts.email })
        .from(accounts)
        .where(
          inArray(
            accounts.uid,
            rows.map((row) => row.sellerId).filter((id) => !isCompanySeller(id)),
          ),
        );
      const emails = new Map(people.map((person) => [person.uid, person.email]));
      return Promise.all(
        rows.map(async (row) => ({
          sellerKey: isCompanySeller(row.sellerId) ? row.sellerId : (emails.get(row.sellerId) ?? row.sellerId),
          seller: names.get(row.sellerId) ?? 'Seller',
          terms: row.terms,
          days: row.days,
          available: (await exposureOf(db, row)).available,
        })),
      );
    },

    /** GET /account-balances/:sellerId/statement. Null: no account with that seller. */
    async buyerStatement(buyer: Buyer, sellerId: string, range: { from?: string; to?: string }) {
      const account = await accountOf(db, sellerId, buyer);
      if (!account) return null;
      const names = await sellerNames(db, [sellerId]);
      const [customer] = await db
        .select({ name: COLUMNS.name })
        .from(customers)
        .leftJoin(companies, eq(companies.id, customers.companyId))
        .where(eq(customers.id, account.customerId));
      return statementOf(
        db,
        account,
        { customer: customer?.name ?? '', seller: names.get(sellerId) ?? 'Seller' },
        range,
      );
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
