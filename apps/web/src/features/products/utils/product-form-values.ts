import {
  PRODUCT_FIELDS,
  productInputSchema,
  productUpdateSchema,
  tradeRuleIssues,
  type PriceTier,
  type Product,
  type ProductData,
  type ProductField,
  type ProductInput,
  type ProductUpdate,
} from '@b2b/shared';

export type { ProductField };

/** Every field but the price ladder is one text box. */
export type ScalarField = Exclude<ProductField, 'priceTiers'>;

/** One row of the tier editor as typed; `key` stays with the row when rows above it are removed. */
export type TierRow = { key: string; minQty: string; price: string };
export type TierPart = 'minQty' | 'price';

/** What the form holds: the text the user typed in each field, and the tier editor's rows. */
export type ProductFormValues = Record<ScalarField, string> & { priceTiers: TierRow[] };

/** Where a message is shown: under a field (`priceTiers`: under the whole editor), or under one box of a tier row. */
export type ErrorKey = ProductField | `tier:${string}:${TierPart}`;
export type FieldErrors = Partial<Record<ErrorKey, string>>;

export const tierErrorKey = (rowKey: string, part: TierPart): ErrorKey => `tier:${rowKey}:${part}`;

let rowSequence = 0;
export function newTierRow(minQty = '', price = ''): TierRow {
  rowSequence += 1;
  return { key: `tier-${rowSequence}`, minQty, price };
}

/** The schema's field order. */
export const FIELD_ORDER: readonly ProductField[] = PRODUCT_FIELDS;

const SCALAR_FIELDS = FIELD_ORDER.filter((field): field is ScalarField => field !== 'priceTiers');

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  ...(Object.fromEntries(SCALAR_FIELDS.map((field) => [field, ''])) as Record<ScalarField, string>),
  // Shown as 1 rather than empty: a new product sells single units until the seller says otherwise.
  packSize: '1',
  priceTiers: [],
};

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

/** The trade rules (docs/architecture.md, "Trade rules"): on Update they are sent only when changed. */
const TRADE_FIELDS = ['sku', 'packSize', 'maxOrderQty', 'priceTiers'] as const satisfies readonly ProductField[];
const isTradeField = (field: ProductField) => (TRADE_FIELDS as readonly ProductField[]).includes(field);

const blank = (text: string) => text.trim() === '';
const numberOrUndefined = (text: string) => (blank(text) ? undefined : Number(text));

/**
 * How each field's text becomes the value sent (numbers are converted before validation and
 * sending; an empty rating means "no rating"). A field added to the schema must be added here:
 * the mapped type makes tsc say so.
 */
const FROM_TEXT: { [K in ScalarField]-?: (text: string) => ProductInput[K] | undefined } = {
  image: (text) => text,
  name: (text) => text,
  quantity: numberOrUndefined,
  minSellQty: numberOrUndefined,
  brand: (text) => text,
  // Any text: the schema refuses what is not a category, with its own message.
  category: (text) => (text === '' ? undefined : (text as ProductInput['category'])),
  description: (text) => text,
  price: numberOrUndefined,
  rating: (text) => (blank(text) ? null : Number(text)),
  content: (text) => text,
  sku: (text) => (blank(text) ? null : text),
  // Empty is the default, single units (also on Update: emptying it goes back to 1).
  packSize: (text) => (blank(text) ? 1 : Number(text)),
  maxOrderQty: (text) => (blank(text) ? null : Number(text)),
  // Empty: the seller's default rate.
  taxRate: (text) => (blank(text) ? null : Number(text)),
};

/** A row left wholly empty means nothing: it is not sent (an added row the seller did not fill). */
export const filledTierRows = (rows: TierRow[]) => rows.filter((row) => !blank(row.minQty) || !blank(row.price));

/** An empty box of a filled row is missing, so the schema says it must be a number. */
function tiersFromRows(rows: TierRow[]): { minQty: number | undefined; price: number | undefined }[] {
  return rows.map((row) => ({ minQty: numberOrUndefined(row.minQty), price: numberOrUndefined(row.price) }));
}

export function productToFormValues(product: Product): ProductFormValues {
  const scalars = Object.fromEntries(
    SCALAR_FIELDS.map((field) => {
      const value = product[field];
      return [field, value === null ? '' : String(value)];
    }),
  ) as Record<ScalarField, string>;
  return {
    ...scalars,
    priceTiers: product.priceTiers.map((tier) => newTierRow(String(tier.minQty), tier.price.toFixed(2))),
  };
}

type Payload = Partial<Record<ProductField, unknown>>;

/** Every field's value as it would be sent, before the update rules leave some out. */
function allValues(values: ProductFormValues): Payload {
  const payload: Payload = {};
  for (const field of SCALAR_FIELDS) payload[field] = FROM_TEXT[field](values[field]);
  payload.priceTiers = tiersFromRows(filledTierRows(values.priceTiers));
  return payload;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What is sent. Add: everything. Update: an emptied field that Add requires is left out (the
 * server keeps it), and the trade rules go only when the seller changed them, so an Update
 * never writes back rules it merely displayed (a page opened before another tab or an import
 * changed the ladder must not restore the old one).
 */
function toPayload(values: ProductFormValues, mode: ProductFormMode, initial: ProductFormValues): Payload {
  const current = allValues(values);
  if (mode === 'create') return current;
  const before = allValues(initial);
  const payload: Payload = {};
  for (const field of FIELD_ORDER) {
    if (field !== 'priceTiers' && isKeptWhenEmpty(field, mode) && blank(values[field])) continue;
    if (isTradeField(field) && same(current[field], before[field])) continue;
    payload[field] = current[field];
  }
  return payload;
}

function isProductField(key: unknown): key is ProductField {
  return typeof key === 'string' && (FIELD_ORDER as readonly string[]).includes(key);
}

/** A zod path (['priceTiers', 1, 'price']) or an API detail's field ('priceTiers.1.price'). */
type IssuePath = readonly PropertyKey[] | string;

/**
 * Where a message belongs. Tier paths count the rows that were sent (`rows`), so the message
 * lands on the row the seller sees, whatever empty rows were left out.
 */
export function errorKeyOf(path: IssuePath, rows: readonly TierRow[]): ErrorKey | null {
  const parts = typeof path === 'string' ? path.split('.') : path;
  const [field, index, part] = parts;
  if (!isProductField(field)) return null;
  if (field !== 'priceTiers' || index === undefined) return field;
  const row = rows[Number(index)];
  if (!row) return field;
  return tierErrorKey(row.key, part === 'price' ? 'price' : 'minQty');
}

/** First message per place; the API's `details` use the same field names and paths. */
export function toFieldErrors(
  issues: readonly { field: IssuePath; message: string }[],
  rows: readonly TierRow[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of issues) {
    const key = errorKeyOf(field, rows);
    if (key && !errors[key]) errors[key] = message;
  }
  return errors;
}

/** The fields the rules across fields are about, with their defaults (packSize 1, no maximum, no tiers). */
const ruleFieldsSchema = productInputSchema.pick({
  price: true,
  minSellQty: true,
  packSize: true,
  maxOrderQty: true,
  priceTiers: true,
});

/**
 * The shared rules across fields (pack, maximum, ladder) on the product as saving would leave
 * it: on Update an emptied price or minimum counts as the stored one. Checked once the five
 * fields are each valid; until then their own messages come first.
 */
function ruleIssues(values: ProductFormValues, mode: ProductFormMode, initial: ProductFormValues) {
  const current = allValues(values);
  const kept = allValues(initial);
  const pick = (field: 'price' | 'minSellQty') =>
    mode === 'update' && blank(values[field]) ? kept[field] : current[field];
  const rules = ruleFieldsSchema.safeParse({
    price: pick('price'),
    minSellQty: pick('minSellQty'),
    packSize: current.packSize,
    maxOrderQty: current.maxOrderQty,
    priceTiers: current.priceTiers,
  });
  return rules.success ? tradeRuleIssues(rules.data) : [];
}

type Validation<T> = { success: true; data: T } | { success: false; errors: FieldErrors };

function validate<T>(
  values: ProductFormValues,
  mode: ProductFormMode,
  initial: ProductFormValues,
  parse: (payload: Payload) => { success: true; data: T } | { success: false; error: { issues: IssueLike[] } },
): Validation<T> {
  const rows = filledTierRows(values.priceTiers);
  const required: FieldErrors = {};
  for (const [field, message] of Object.entries(REQUIRED[mode]) as [ScalarField, string][]) {
    if (blank(values[field])) required[field] = message;
  }
  const parsed = parse(toPayload(values, mode, initial));
  const issues = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => ({ field: issue.path, message: issue.message }))),
    ...ruleIssues(values, mode, initial).map((issue) => ({ field: issue.path, message: issue.message })),
  ];
  const errors = { ...toFieldErrors(issues, rows), ...required };
  if (parsed.success && Object.keys(errors).length === 0) return { success: true, data: parsed.data };
  return { success: false, errors };
}

type IssueLike = { path: PropertyKey[]; message: string };

/** Add: the whole product, with the shared schema's defaults. */
export function validateNewProduct(values: ProductFormValues): Validation<ProductData> {
  return validate(values, 'create', EMPTY_PRODUCT_FORM, (payload) => productInputSchema.safeParse(payload));
}

/** Update: the fields to send; `initial` is what the form was opened with (the stored product). */
export function validateProductUpdate(
  values: ProductFormValues,
  initial: ProductFormValues,
): Validation<ProductUpdate> {
  return validate(values, 'update', initial, (payload) => productUpdateSchema.safeParse(payload));
}

export type LadderPreview =
  { state: 'ready'; price: number; tiers: PriceTier[] } | { state: 'incomplete' } | { state: 'invalid' } | null;

export function ladderPreview(
  values: ProductFormValues,
  kept: ProductFormValues,
  mode: ProductFormMode,
): LadderPreview {
  const rows = filledTierRows(values.priceTiers);
  if (rows.length === 0) return null;
  const price = mode === 'update' && blank(values.price) ? kept.price : values.price;
  const rules = ruleFieldsSchema.safeParse({
    price: numberOrUndefined(price),
    minSellQty: numberOrUndefined(mode === 'update' && blank(values.minSellQty) ? kept.minSellQty : values.minSellQty),
    packSize: FROM_TEXT.packSize(values.packSize),
    maxOrderQty: FROM_TEXT.maxOrderQty(values.maxOrderQty),
    priceTiers: tiersFromRows(rows),
  });
  if (!rules.success) return { state: 'incomplete' };
  const ladderBroken = tradeRuleIssues(rules.data).some((issue) => issue.path[0] === 'priceTiers');
  if (ladderBroken) return { state: 'invalid' };
  return { state: 'ready', price: rules.data.price, tiers: rules.data.priceTiers };
}
