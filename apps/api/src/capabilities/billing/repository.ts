import fp from 'fastify-plugin';
import { eq, sql } from 'drizzle-orm';
import { missingBilling, type BillingDetails, type BillingDetailsInput } from '@b2b/shared';
import type { AppDb, AppTx } from '../../db/client.js';
import { billingDetails } from '../../db/schema.js';
import type { Seller } from '../companies/index.js';

/*
 * Billing details (docs/architecture.md, "Billing details"), one row per business: the caller's
 * company, or the caller without one. The caller is resolved (and their role checked) by the
 * route, so this module only ever reads or writes the business it is handed.
 */

const EMPTY = {
  legalName: '',
  address: '',
  taxId: '',
  defaultTaxRate: 0,
  invoiceFooter: '',
  invoicePrefix: 'INV',
  creditNotePrefix: 'CN',
  numberWithYear: true,
};

function toDetails(business: Seller, row: typeof billingDetails.$inferSelect | undefined): BillingDetails {
  const fields = row
    ? {
        legalName: row.legalName,
        address: row.address,
        taxId: row.taxId,
        defaultTaxRate: row.defaultTaxRate,
        invoiceFooter: row.invoiceFooter,
        invoicePrefix: row.invoicePrefix,
        creditNotePrefix: row.creditNotePrefix,
        numberWithYear: row.numberWithYear,
      }
    : EMPTY;
  return {
    ...fields,
    companyName: business.name,
    missing: missingBilling(fields),
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/** A business's details by id (a company's id or a user's uid); empty fields before they were saved. */
export async function billingOf(executor: AppDb | AppTx, businessId: string) {
  const [row] = await executor.select().from(billingDetails).where(eq(billingDetails.businessId, businessId));
  const fields = row ?? { ...EMPTY };
  return { ...fields, missing: missingBilling(fields) };
}

export function createBillingRepository(db: AppDb) {
  return {
    /** The business's details (empty, with what is missing, before they were first saved). */
    async get(business: Seller): Promise<BillingDetails> {
      const [row] = await db.select().from(billingDetails).where(eq(billingDetails.businessId, business.id));
      return toDetails(business, row);
    },

    /** Saves every field at once (the form sends them all). */
    async put(business: Seller, input: BillingDetailsInput): Promise<BillingDetails> {
      const values = {
        legalName: input.legalName,
        address: input.address,
        taxId: input.taxId ?? '',
        defaultTaxRate: input.defaultTaxRate ?? 0,
        invoiceFooter: input.invoiceFooter ?? '',
        invoicePrefix: input.invoicePrefix ?? EMPTY.invoicePrefix,
        creditNotePrefix: input.creditNotePrefix ?? EMPTY.creditNotePrefix,
        numberWithYear: input.numberWithYear ?? true,
        updatedByUid: business.user.uid,
      };
      const [row] = await db
        .insert(billingDetails)
        .values({ businessId: business.id, ...values })
        .onConflictDoUpdate({ target: billingDetails.businessId, set: { ...values, updatedAt: sql`now()` } })
        .returning();
      return toDetails(business, row);
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Billing details (capabilities/billing). */
    billingRepository: BillingRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('billingRepository', createBillingRepository(app.db));
  },
  { name: 'billing-repository', dependencies: ['db'] },
);
