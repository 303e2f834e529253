import { z } from 'zod';
import { formatAmount } from './money.js';
import { boundedText, moneySchema, priceTierSchema, wholeQuantitySchema } from './schemas.js';
import { TRADE_LIMITS, type PriceTier } from './trade-rules.js';

/*
 * Contract prices (docs/architecture.md, "Contract prices"): a seller's price lists, each with
 * lines (one of the seller's products at a unit price, with tiers of its own) or a discount on
 * every other product of the seller, assigned to customers (a buyer company, or a buyer without
 * one). The price rule, in one sentence (the README says it too):
 *
 *   A buyer pays, for a quantity of a product, the lowest of the base price for that quantity
 *   (the product's price or its volume tier) and the price of every valid list assigned to them
 *   that covers the product (its line's price or tier for that quantity, or its discount).
 *
 * A list is valid on the days from `validFrom` to `validUntil` (both included, either open), by
 * the shop's calendar (UTC).
 */

export const PRICE_LIST_LIMITS = {
  name: 120,
  /** Lines per list. */
  lines: 10_000,
  /** Lines per POST /prices. */
  pricedLines: 100,
} as const;

/** Where a unit price comes from: the product's own price, a tier of its volume ladder, or a price list. */
export const PRICE_SOURCES = ['base', 'tier', 'contract'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day, `YYYY-MM-DD`, that exists. */
const daySchema = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD).` })
    .regex(DATE, `${label} must be a date (YYYY-MM-DD).`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    }, `${label} is not a day of the calendar.`);

const discountSchema = z
  .number({ error: 'Discount must be a number.' })
  .gt(0, 'Discount must be more than 0%.')
  .lt(100, 'Discount must be less than 100%.')
  .refine((n) => Math.round(n * 100) / 100 === n, 'Discount can have at most 2 decimals.');

const priceListFields = {
  name: boundedText(PRICE_LIST_LIMITS.name).min(1, 'Name is required.'),
  validFrom: daySchema('Valid from').nullable(),
  validUntil: daySchema('Valid until').nullable(),
  discountPercent: discountSchema.nullable(),
};

const datesInOrder = (list: { validFrom?: string | null; validUntil?: string | null }, ctx: z.RefinementCtx) => {
  if (list.validFrom && list.validUntil && list.validFrom > list.validUntil) {
    ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'Valid until must not be before valid from.' });
  }
};

export const priceListCreateSchema = z
  .object({
    name: priceListFields.name,
    validFrom: priceListFields.validFrom.optional(),
    validUntil: priceListFields.validUntil.optional(),
    discountPercent: priceListFields.discountPercent.optional(),
  })
  .superRefine(datesInOrder);
export type PriceListCreate = z.input<typeof priceListCreateSchema>;

/** PATCH: any of the fields; the dates are checked again against the list's others by the API. */
export const priceListUpdateSchema = z.object(priceListFields).partial().superRefine(datesInOrder);
export type PriceListUpdate = z.input<typeof priceListUpdateSchema>;

/** The ladder of a line: increasing quantities (from 2), each price below the one before and below the line's. */
export function contractTierIssues(line: { price: number; tiers: readonly PriceTier[] }) {
  const issues: { path: (string | number)[]; message: string }[] = [];
  line.tiers.forEach((tier, index) => {
    const row = index + 1;
    const previous = line.tiers[index - 1];
    if (previous && tier.minQty <= previous.minQty) {
      issues.push({
        path: ['tiers', index, 'minQty'],
        message: `Tier ${row}: the quantity must be more than tier ${row - 1}'s (${previous.minQty}).`,
      });
    }
    if (previous ? tier.price >= previous.price : tier.price >= line.price) {
      issues.push({
        path: ['tiers', index, 'price'],
        message: previous
          ? `Tier ${row}: the price must be less than tier ${row - 1}'s (${formatAmount(previous.price)}).`
          : `Tier ${row}: the price must be less than the line's price (${formatAmount(line.price)}).`,
      });
    }
  });
  return issues;
}

export const priceListLineInputSchema = z
  .object({
    price: moneySchema('Price'),
    tiers: z
      .array(priceTierSchema)
      .max(TRADE_LIMITS.priceTiers, `At most ${TRADE_LIMITS.priceTiers} price tiers.`)
      .default([]),
  })
  .superRefine((line, ctx) => {
    for (const issue of contractTierIssues(line)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type PriceListLineInput = z.input<typeof priceListLineInputSchema>;

export const priceListCustomerInputSchema = z.object({
  email: z.email({ error: 'Email must be an email address.' }).max(320, 'Email must be at most 320 characters.'),
});

/** A customer of a seller: a buyer company (`companyId`), or a buyer without one (`companyId` null). */
export const customerSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid().nullable(),
  /** The company's name, or the person's name (their email when they gave none). */
  name: z.string(),
});
export type Customer = z.output<typeof customerSchema>;

export const priceListLineSchema = z.object({
  productId: z.uuid(),
  name: z.string(),
  sku: z.string().nullable(),
  /** The product's own price, for comparison. */
  listPrice: z.number(),
  price: z.number(),
  tiers: z.array(z.object({ minQty: z.number().int(), price: z.number() })),
});
export type PriceListLine = z.output<typeof priceListLineSchema>;

export const priceListSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  discountPercent: z.number().nullable(),
  lineCount: z.number().int(),
  customers: z.array(customerSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PriceListSummary = z.output<typeof priceListSummarySchema>;

export const priceListSchema = priceListSummarySchema.extend({ lines: z.array(priceListLineSchema) });
export type PriceList = z.output<typeof priceListSchema>;

export const priceListLineParamsSchema = z.object({
  id: z.uuid({ error: 'Id must be a UUID.' }),
  productId: z.uuid({ error: 'Product id must be a UUID.' }),
});
export const priceListCustomerParamsSchema = z.object({
  id: z.uuid({ error: 'Id must be a UUID.' }),
  customerId: z.uuid({ error: 'Customer id must be a UUID.' }),
});

export const pricesRequestSchema = z.object({
  lines: z
    .array(
      z.object({
        productId: z.uuid({ error: 'Product id must be a UUID.' }),
        quantity: wholeQuantitySchema('Quantity', 1),
      }),
    )
    .min(1, 'Ask for at least one line.')
    .max(PRICE_LIST_LIMITS.pricedLines, `At most ${PRICE_LIST_LIMITS.pricedLines} lines per request.`),
});
export type PricesRequest = z.input<typeof pricesRequestSchema>;

/** The price list a contract price comes from, with the days it is valid (null: open). */
export const priceListRefSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
});

export const pricedLineSchema = z.object({
  productId: z.uuid(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  lineTotal: z.number(),
  source: z.enum(PRICE_SOURCES),
  priceList: priceListRefSchema.optional(),
});
export type PricedLine = z.output<typeof pricedLineSchema>;

export const pricesResponseSchema = z.object({ lines: z.array(pricedLineSchema) });
export type PricesResponse = z.output<typeof pricesResponseSchema>;

/** A price list's file as the API reads it (a CSV or .xlsx upload, or this JSON): one entry per row. */
export const priceListLinesImportSchema = z.object({
  rows: z
    .array(
      z.object({
        /** The row's number in the file (the header is row 1). */
        row: z.number().int(),
        sku: z.string().max(200),
        price: z.string().max(50),
        tiers: z.string().max(500),
        productId: z.string().max(100),
      }),
    )
    .max(PRICE_LIST_LIMITS.lines, `At most ${PRICE_LIST_LIMITS.lines.toLocaleString('en-US')} rows per file.`),
});
export type PriceListLinesImport = z.output<typeof priceListLinesImportSchema>;

export const priceListLinesImportResultSchema = z.object({
  /** Lines set (new or changed). */
  updated: z.number().int(),
  /** The rows that were not, each with why. */
  failed: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type PriceListLinesImportResult = z.output<typeof priceListLinesImportResultSchema>;

/** A seller asks what a customer pays: by the customer's email, for a quantity of one of the seller's products. */
export const priceForCustomerRequestSchema = z.object({
  email: z.email({ error: 'Email must be an email address.' }).max(320, 'Email must be at most 320 characters.'),
  productId: z.uuid({ error: 'Product id must be a UUID.' }),
  quantity: wholeQuantitySchema('Quantity', 1),
});
export type PriceForCustomerRequest = z.input<typeof priceForCustomerRequestSchema>;

export const priceForCustomerSchema = z.object({
  /** Who the email belongs to, as a customer: their company, or themselves. */
  customer: z.object({ companyId: z.uuid().nullable(), name: z.string() }),
  /** What the product's own ladder asks for that quantity. */
  basePrice: z.number(),
  line: pricedLineSchema,
});
export type PriceForCustomer = z.output<typeof priceForCustomerSchema>;
