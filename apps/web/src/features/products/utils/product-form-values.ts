import type { z } from 'zod';
import type { Product, ProductData, ProductUpdate } from '@b2b/shared';

/** What the form holds: every field as the text the user typed. */
export type ProductFormValues = {
  image: string;
  name: string;
  quantity: string;
  minSellQty: string;
  brand: string;
  category: string;
  description: string;
  price: string;
  rating: string;
  content: string;
};

export type ProductField = keyof ProductFormValues;
export type FieldErrors = Partial<Record<ProductField, string>>;

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  image: '',
  name: '',
  quantity: '',
  minSellQty: '',
  brand: '',
  category: '',
  description: '',
  price: '',
  rating: '',
  content: '',
};

export const FIELD_ORDER: ProductField[] = [
  'image',
  'name',
  'quantity',
  'minSellQty',
  'brand',
  'category',
  'description',
  'price',
  'rating',
  'content',
];

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

export function productToFormValues(product: Product): ProductFormValues {
  return {
    image: product.image,
    name: product.name,
    quantity: String(product.quantity),
    minSellQty: String(product.minSellQty),
    brand: product.brand,
    category: product.category,
    description: product.description,
    price: String(product.price),
    rating: product.rating === null ? '' : String(product.rating),
    content: product.content,
  };
}

/** Numbers are converted before validation and sending; an empty rating means "no rating". */
function toPayload(values: ProductFormValues, mode: ProductFormMode) {
  const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
  const payload: Record<string, unknown> = {
    image: values.image,
    name: values.name,
    quantity: number(values.quantity),
    minSellQty: number(values.minSellQty),
    brand: values.brand,
    category: values.category === '' ? undefined : values.category,
    description: values.description,
    price: number(values.price),
    rating: values.rating.trim() === '' ? null : Number(values.rating),
    content: values.content,
  };
  for (const field of FIELD_ORDER) {
    if (isKeptWhenEmpty(field, mode) && values[field].trim() === '') delete payload[field];
  }
  return payload;
}

function isProductField(key: unknown): key is ProductField {
  return typeof key === 'string' && (FIELD_ORDER as string[]).includes(key);
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
