import type { z } from 'zod';
import {
  PRODUCT_FIELDS,
  type Product,
  type ProductData,
  type ProductField,
  type ProductInput,
  type ProductUpdate,
} from '@b2b/shared';
import { formatUnits } from '@/lib/format';

export type { ProductField };

/** What the form holds: every field of a product input as the text the user typed. */
export type ProductFormValues = Record<ProductField, string>;
export type FieldErrors = Partial<Record<ProductField, string>>;

/** The schema's field order is the form's order. */
export const FIELD_ORDER: readonly ProductField[] = PRODUCT_FIELDS;

export const EMPTY_PRODUCT_FORM = Object.fromEntries(FIELD_ORDER.map((field) => [field, ''])) as ProductFormValues;

/** Add sends a whole product; Update sends only what is filled in (spec: only category is required). */
export type ProductFormMode = 'create' | 'update';

const CATEGORY_REQUIRED = 'Please choose a category.';
const REQUIRED: Record<ProductFormMode, Partial<Record<ProductField, string>>> = {
  create: {
    name: 'Name is required.',
    quantity: 'Quantity is required.',
    minSellQty: 'Min sell quantity is required.',
    category: CATEGORY_REQUIRED,
    price: 'Price is required.',
  },
  update: { category: CATEGORY_REQUIRED },
};

export function isRequired(field: ProductField, mode: ProductFormMode): boolean {
  return REQUIRED[mode][field] !== undefined;
}

/**
 * On update, emptying a field that Add requires means "leave it as it is", so it is not sent.
 * The other fields are sent even when empty: emptying them clears them.
 */
export function isKeptWhenEmpty(field: ProductField, mode: ProductFormMode): boolean {
  return mode === 'update' && isRequired(field, 'create') && !isRequired(field, 'update');
}

const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text));
const asText = (value: string | number | null) => (value === null ? '' : String(value));

/**
 * How each field's text becomes the value sent (numbers are converted before validation and
 * sending; an empty rating means "no rating"). A field added to the schema must be added here:
 * the mapped type makes tsc say so.
 */
const FROM_TEXT: { [K in ProductField]-?: (text: string) => ProductInput[K] | undefined } = {
  image: (text) => text,
  name: (text) => text,
  quantity: numberOrUndefined,
  minSellQty: numberOrUndefined,
  brand: (text) => text,
  // Any text: the schema refuses what is not a category, with its own message.
  category: (text) => (text === '' ? undefined : (text as ProductInput['category'])),
  description: (text) => text,
  price: numberOrUndefined,
  rating: (text) => (text.trim() === '' ? null : Number(text)),
  content: (text) => text,
};

export function productToFormValues(product: Product): ProductFormValues {
  return Object.fromEntries(FIELD_ORDER.map((field) => [field, asText(product[field])])) as ProductFormValues;
}

/** On update, a field kept when empty is left out, so the server keeps its value. */
function toPayload(values: ProductFormValues, mode: ProductFormMode): Partial<Record<ProductField, unknown>> {
  const payload: Partial<Record<ProductField, unknown>> = {};
  for (const field of FIELD_ORDER) {
    if (isKeptWhenEmpty(field, mode) && values[field].trim() === '') continue;
    payload[field] = FROM_TEXT[field](values[field]);
  }
  return payload;
}

function isProductField(key: unknown): key is ProductField {
  return typeof key === 'string' && (FIELD_ORDER as readonly string[]).includes(key);
}

/** First message per field; the API's `details` use the same field names. */
export function toFieldErrors(issues: { field: unknown; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of issues) {
    if (isProductField(field) && !errors[field]) errors[field] = message;
  }
  return errors;
}

type Validation<T> = { success: true; data: T } | { success: false; errors: FieldErrors };

export function validateProductForm<T extends ProductData | ProductUpdate>(
  values: ProductFormValues,
  schema: z.ZodType<T>,
  mode: ProductFormMode,
): Validation<T> {
  const required: FieldErrors = {};
  for (const [field, message] of Object.entries(REQUIRED[mode]) as [ProductField, string][]) {
    if (values[field].trim() === '') required[field] = message;
  }
  const parsed = schema.safeParse(toPayload(values, mode));
  const schemaErrors = parsed.success
    ? {}
    : toFieldErrors(parsed.error.issues.map((issue) => ({ field: issue.path[0], message: issue.message })));
  const errors = { ...schemaErrors, ...required };
  if (parsed.success && Object.keys(errors).length === 0) return { success: true, data: parsed.data };
  return { success: false, errors };
}

/** A whole number typed in a field, or null while it holds none. */
function wholeNumber(text: string): number | null {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) ? n : null;
}

/**
 * The sentence a seller sees when the minimum order is larger than the stock, or null. On
 * Update an emptied field keeps the stored value, so that value counts.
 */
export function minimumAboveStock(values: ProductFormValues, kept: ProductFormValues): string | null {
  const quantity = wholeNumber(values.quantity) ?? wholeNumber(kept.quantity);
  const minimum = wholeNumber(values.minSellQty) ?? wholeNumber(kept.minSellQty);
  if (quantity === null || minimum === null || minimum <= quantity) return null;
  return `The minimum order (${formatUnits(minimum)}) is more than the stock (${formatUnits(quantity)}): buyers cannot order this until you add stock.`;
}
