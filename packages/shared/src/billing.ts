import { z } from 'zod';
import { boundedText, taxRateSchema } from './schemas.js';

/*
 * Billing details (docs/architecture.md, "Billing details"): what a business puts on its
 * documents, kept for the caller's business (their company, or themselves without one). A
 * seller's invoices need the legal name and the address; its default tax rate applies to every
 * product of its catalogue without a rate of its own.
 */

export const BILLING_LIMITS = { legalName: 200, address: 1000, taxId: 100, invoiceFooter: 2000, prefix: 10 } as const;

/** A document number's prefix: capitals, digits, "/" and "-" ("INV", "RC/INV"). */
const prefixSchema = (label: string, fallback: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .regex(
      new RegExp(`^[A-Z0-9][A-Z0-9/-]{0,${BILLING_LIMITS.prefix - 1}}$`),
      `${label}: 1 to ${BILLING_LIMITS.prefix} capital letters or digits (and / or -), e.g. ${fallback}.`,
    )
    // "INV-2026" without the year would number as "INV" with it: INV-2026-000001 twice.
    .refine(
      (prefix) => !/-\d{4}$/.test(prefix),
      `${label} cannot end in a dash and a year: the year is added by itself.`,
    )
    .default(fallback);

export const billingDetailsInputSchema = z
  .object({
    legalName: boundedText(BILLING_LIMITS.legalName).min(1, 'Enter the legal name.'),
    address: boundedText(BILLING_LIMITS.address).min(1, 'Enter the billing address.'),
    taxId: boundedText(BILLING_LIMITS.taxId).default(''),
    defaultTaxRate: taxRateSchema('The default tax rate').default(0),
    invoiceFooter: boundedText(BILLING_LIMITS.invoiceFooter).default(''),
    /**
     * How the seller's documents are numbered: INV-2026-000001 and CN-2026-000001 by default; the
     * prefixes are theirs, and without the year the sequence runs on across years (INV-000001).
     */
    invoicePrefix: prefixSchema('The invoice prefix', 'INV'),
    creditNotePrefix: prefixSchema('The credit note prefix', 'CN'),
    numberWithYear: z.boolean({ error: 'numberWithYear must be true or false.' }).default(true),
  })
  .refine((input) => (input.invoicePrefix ?? 'INV') !== (input.creditNotePrefix ?? 'CN'), {
    path: ['creditNotePrefix'],
    message: 'Invoices and credit notes need different prefixes: their numbers must never be the same.',
  });
export type BillingDetailsInput = z.input<typeof billingDetailsInputSchema>;

/** What an invoice needs that may still be empty. */
export const BILLING_REQUIRED = ['legalName', 'address'] as const;
export type BillingRequired = (typeof BILLING_REQUIRED)[number];

export const BILLING_FIELD_LABELS: Record<BillingRequired, string> = {
  legalName: 'the legal name',
  address: 'the billing address',
};

export const billingDetailsSchema = z.object({
  legalName: z.string(),
  address: z.string(),
  taxId: z.string(),
  defaultTaxRate: z.number(),
  invoiceFooter: z.string(),
  invoicePrefix: z.string(),
  creditNotePrefix: z.string(),
  numberWithYear: z.boolean(),
  /** Whose details these are: the company's name, or null for a business of one. */
  companyName: z.string().nullable(),
  /** What an invoice still needs (empty when the details are complete). */
  missing: z.array(z.enum(BILLING_REQUIRED)),
  updatedAt: z.iso.datetime().nullable(),
});
export type BillingDetails = z.output<typeof billingDetailsSchema>;

/** The required fields still empty, in the form's order. */
export function missingBilling(details: Pick<BillingDetails, BillingRequired>): BillingRequired[] {
  return BILLING_REQUIRED.filter((field) => details[field].trim() === '');
}
