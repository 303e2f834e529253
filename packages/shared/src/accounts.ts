import { z } from 'zod';
import { priceListCustomerInputSchema } from './price-lists.js';

/*
 * Accounts (docs/architecture.md, "Accounts"): what a seller agrees with one customer (a buyer
 * company, or a buyer without one) about paying: the terms and a credit limit. With net terms a
 * checkout's order for that seller goes on account when the available credit covers it.
 */

export const PAYMENT_TERMS = ['prepaid', 'net'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];
export const ACCOUNT_LIMITS = { days: 365, creditLimit: 1_000_000_000 } as const;

/** PUT /accounts/customers: the account with the customer an email resolves to, made or changed. */
export const accountInputSchema = z
  .object({
    email: priceListCustomerInputSchema.shape.email,
    terms: z.enum(PAYMENT_TERMS, { error: () => 'Terms must be prepaid or net.' }),
    days: z
      .number({ error: 'Days must be a whole number from 1 to 365.' })
      .int('Days must be a whole number from 1 to 365.')
      .min(1, 'Days must be a whole number from 1 to 365.')
      .max(ACCOUNT_LIMITS.days, 'Days must be a whole number from 1 to 365.')
      .optional(),
    creditLimit: z
      .number({ error: 'The credit limit must be an amount, or null for none.' })
      .min(0, 'The credit limit cannot be negative.')
      .max(ACCOUNT_LIMITS.creditLimit, 'The credit limit is at most 1,000,000,000.')
      .multipleOf(0.01, 'The credit limit has at most two decimals.')
      .nullable(),
  })
  .superRefine((input, ctx) => {
    if (input.terms === 'net' && input.days === undefined) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'Net terms need the days an invoice is due in.' });
    }
    if (input.terms === 'prepaid' && input.days !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'Prepaid terms have no days: leave them out.' });
    }
  });
export type AccountInput = z.input<typeof accountInputSchema>;

export const accountSchema = z.object({
  /** The customer's id (an account is one per customer). */
  id: z.uuid(),
  customer: z.object({ id: z.uuid(), companyId: z.uuid().nullable(), name: z.string() }),
  terms: z.enum(PAYMENT_TERMS),
  days: z.number().int().nullable(),
  creditLimit: z.number().nullable(),
  /** What the customer owes: their invoices' gross less what was credited. */
  balance: z.number(),
  /** The limit less the balance and the orders on account not invoiced yet; null without a limit. */
  available: z.number().nullable(),
});
export type Account = z.output<typeof accountSchema>;

/** "Net 30", "Prepaid": the terms as documents and screens say them. */
export function termsLabel(account: { terms: PaymentTerms; days: number | null }): string {
  return account.terms === 'net' ? `Net ${account.days ?? 0}` : 'Prepaid';
}
