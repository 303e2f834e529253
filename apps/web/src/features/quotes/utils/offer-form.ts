import {
  judgeQuantity,
  lineAmount,
  quoteOfferSchema,
  sumAmounts,
  type Quote,
  type QuoteLine,
  type QuoteOfferInput,
} from '@b2b/shared';
import { validityRange } from './validity';

/*
 * The offer editor's values: text as typed, per line, until sent. The body is checked with the
 * API's own schema, and each quantity with the product's trade rules (`judgeQuantity`), so what
 * the server would refuse is said beside the field before anything is sent.
 */

export type OfferLineValues = { quantity: string; unitPrice: string };
export type OfferValues = { lines: Record<string, OfferLineValues>; validUntil: string; message: string };
/** By `${productId}.quantity`, `${productId}.unitPrice`, `validUntil`, `message`. */
export type OfferErrors = Record<string, string>;

/** Each line starts at the standing offer's quantity and price, else at what was asked and the buyer's own price. */
export function initialOffer(quote: Quote, now = Date.now()): OfferValues {
  const previous = new Map(quote.versions.at(-1)?.lines.map((line) => [line.productId, line]));
  return {
    lines: Object.fromEntries(
      quote.lines.map((line) => {
        const before = previous.get(line.productId);
        return [
          line.productId,
          {
            quantity: String(before?.quantity ?? line.quantity),
            // Money as it is written: 38.50, not 38.5.
            unitPrice: (before?.unitPrice ?? line.yourPrice).toFixed(2),
          },
        ];
      }),
    ),
    validUntil: validityRange(now).proposed,
    message: '',
  };
}

const toNumber = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? Number.NaN : Number(value);

/** A line's rules in words: "Packs of 6 · at least 12 · at most 120". */
export function rulesHint(line: Pick<QuoteLine, 'packSize' | 'minSellQty' | 'maxOrderQty'>): string {
  const hint = [
    line.packSize > 1 ? `packs of ${line.packSize}` : null,
    line.minSellQty > 1 ? `at least ${line.minSellQty}` : null,
    line.maxOrderQty === null ? null : `at most ${line.maxOrderQty}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return hint.charAt(0).toUpperCase() + hint.slice(1);
}

/** The body to send, or what is wrong with the form. */
export function readOffer(
  quote: Quote,
  values: OfferValues,
): { ok: true; body: QuoteOfferInput } | { ok: false; errors: OfferErrors } {
  const body = {
    lines: quote.lines.map((line) => ({
      productId: line.productId,
      quantity: toNumber(values.lines[line.productId]?.quantity),
      unitPrice: toNumber(values.lines[line.productId]?.unitPrice),
    })),
    validUntil: values.validUntil,
    message: values.message,
  };
  const errors: OfferErrors = {};
  const parsed = quoteOfferSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[fieldOfPath(quote, issue.path.join('.'))] ??= issue.message;
  }
  quote.lines.forEach((line, i) => {
    const quantity = body.lines[i]?.quantity ?? Number.NaN;
    if (!Number.isInteger(quantity) || errors[`${line.productId}.quantity`]) return;
    const verdict = judgeQuantity({ ...line, price: 0, priceTiers: [] }, { quantity });
    if (!verdict.ok) errors[`${line.productId}.quantity`] = verdict.message;
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  // The day as typed: the API reads it as the end of that day (UTC).
  return { ok: true, body };
}

/** `lines.1.unitPrice` (the schema's or the API's path) → `${productId}.unitPrice`; other paths stay. */
export function fieldOfPath(quote: Quote, path: string): string {
  const match = /^lines\.(\d+)\.(quantity|unitPrice)$/.exec(path);
  const line = match ? quote.lines[Number(match[1])] : undefined;
  return line && match ? `${line.productId}.${match[2]}` : path;
}

/** A line's total as typed (null while a field is not a number). */
export function offerLineTotal(values: OfferLineValues | undefined): number | null {
  const quantity = toNumber(values?.quantity);
  const price = toNumber(values?.unitPrice);
  return Number.isFinite(quantity) && Number.isFinite(price) ? lineAmount(price, quantity) : null;
}

/** The offer's net as typed (null while a field is not a number). */
export function offerNet(quote: Quote, values: OfferValues): number | null {
  const totals = quote.lines.map((line) => offerLineTotal(values.lines[line.productId]));
  return totals.every((total) => total !== null) ? sumAmounts(totals as number[]) : null;
}
