import { z } from 'zod';
import { toCents } from './money.js';
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
  /** What the customer owes: their invoices' gross less credit notes and payments (below 0: a credit). */
  balance: z.number(),
  /** The limit less the balance and the orders on account not invoiced yet; null without a limit. */
  available: z.number().nullable(),
  /** What is left to pay of invoices past their due date. */
  overdue: z.number(),
  /** What is left to pay of the open invoices by days past due. */
  aging: z.object({
    current: z.number(),
    days1to30: z.number(),
    days31to60: z.number(),
    days61to90: z.number(),
    over90: z.number(),
  }),
});
export type Account = z.output<typeof accountSchema>;

export const AGING_LABELS: Record<keyof Account['aging'], string> = {
  current: 'Current',
  days1to30: '1–30 days',
  days31to60: '31–60 days',
  days61to90: '61–90 days',
  over90: '90+ days',
};

/** "Net 30", "Prepaid": the terms as documents and screens say them. */
export function termsLabel(account: { terms: PaymentTerms; days: number | null }): string {
  return account.terms === 'net' ? `Net ${account.days ?? 0}` : 'Prepaid';
}

/** POST /accounts/:id/payments: a payment received, allocated to invoices oldest first unless it names them. */
export const paymentInputSchema = z.object({
  amount: z
    .number({ error: 'The amount must be a number.' })
    .positive('The amount must be more than 0.')
    .max(ACCOUNT_LIMITS.creditLimit, 'The amount is at most 1,000,000,000.')
    .multipleOf(0.01, 'The amount has at most two decimals.'),
  date: z.iso.date({ error: 'The date must be a day, e.g. 2026-11-29.' }),
  reference: z.string().trim().max(200, 'The reference is at most 200 characters.').default(''),
  invoiceIds: z
    .array(z.uuid({ error: 'Each invoice id must be a UUID.' }))
    .min(1)
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, 'Name each invoice once.')
    .optional(),
});
export type PaymentInput = z.input<typeof paymentInputSchema>;

export const paymentReverseSchema = z.object({
  reason: z.string().trim().min(1, 'Give the reason for reversing the payment.').max(500),
});

export const paymentSchema = z.object({
  id: z.uuid(),
  amount: z.number(),
  date: z.iso.date(),
  reference: z.string(),
  /** The payment this one reverses (its amount is then negative). */
  reverses: z.uuid().nullable(),
  allocations: z.array(z.object({ invoiceId: z.uuid(), number: z.string(), amount: z.number() })),
  /** What of it no invoice took yet: the next invoice uses it. */
  unapplied: z.number(),
});
export type Payment = z.output<typeof paymentSchema>;

export const INVOICE_PAYMENT_STATUSES = ['open', 'partially_paid', 'paid', 'overdue'] as const;
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number];
export const INVOICE_PAYMENT_LABELS: Record<InvoicePaymentStatus, string> = {
  open: 'Open',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  overdue: 'Overdue',
};

/**
 * Where an invoice stands with its payment on `today` (YYYY-MM-DD): paid once nothing is left of
 * its gross after credit notes and payments; overdue once its due date has passed unpaid.
 */
export function paymentStatusOf(
  invoice: { gross: number; credited: number; paid: number; dueDate: string | null },
  today: string,
): InvoicePaymentStatus {
  const left = toCents(invoice.gross) - toCents(invoice.credited) - toCents(invoice.paid);
  if (left <= 0n) return 'paid';
  if (invoice.dueDate !== null && invoice.dueDate < today) return 'overdue';
  return invoice.paid > 0 ? 'partially_paid' : 'open';
}

export const LEDGER_KINDS = ['invoice', 'credit_note', 'payment', 'reversal'] as const;
export const ledgerLineSchema = z.object({
  date: z.iso.date(),
  kind: z.enum(LEDGER_KINDS),
  /** The document's number, or the payment's reference. */
  number: z.string(),
  description: z.string(),
  /** What it adds to what the customer owes (an invoice, a reversal) or takes off (a credit note, a payment). */
  debit: z.number(),
  credit: z.number(),
  balance: z.number(),
});
export type LedgerLine = z.output<typeof ledgerLineSchema>;

export const statementQuerySchema = z.object({
  from: z.iso.date({ error: 'from must be a day, e.g. 2026-11-01.' }).optional(),
  to: z.iso.date({ error: 'to must be a day, e.g. 2026-11-30.' }).optional(),
});

export const statementSchema = z.object({
  customer: z.string(),
  seller: z.string(),
  from: z.iso.date().nullable(),
  to: z.iso.date().nullable(),
  opening: z.number(),
  lines: z.array(ledgerLineSchema),
  closing: z.number(),
});
export type Statement = z.output<typeof statementSchema>;

/** GET /account-balances: the buyer's side of one seller's account. */
export const accountBalanceSchema = z.object({
  sellerId: z.string(),
  seller: z.string(),
  terms: z.enum(PAYMENT_TERMS),
  days: z.number().int().nullable(),
  creditLimit: z.number().nullable(),
  balance: z.number(),
  available: z.number().nullable(),
  overdue: z.number(),
  openInvoices: z.array(
    z.object({
      id: z.uuid(),
      number: z.string(),
      issuedAt: z.iso.datetime(),
      dueDate: z.iso.date().nullable(),
      left: z.number(),
      status: z.enum(INVOICE_PAYMENT_STATUSES),
    }),
  ),
});
export type AccountBalance = z.output<typeof accountBalanceSchema>;

/**
 * GET /account-balances/credit: the credit the caller's business has with each seller that gave
 * it an account, for the checkout (any member may read it: they order on it). `sellerKey` is how
 * the cart names the seller: its company's id, or the email of a seller without one.
 */
export const accountCreditSchema = z.object({
  sellerKey: z.string(),
  seller: z.string(),
  terms: z.enum(PAYMENT_TERMS),
  days: z.number().int().nullable(),
  available: z.number().nullable(),
});
export type AccountCredit = z.output<typeof accountCreditSchema>;
