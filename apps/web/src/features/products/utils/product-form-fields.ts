import type { ErrorKey, FieldErrors, ProductField, TierPart, TierRow } from './product-form-values';
import { tierErrorKey } from './product-form-values';

/*
 * What the product form shows beside its controls, and which control a message is about: the
 * form's wiring, kept out of the component (validation itself is in product-form-values.ts, on
 * the shared rules).
 */

/** Every field of the shared product schema has a label here, so a new field cannot be forgotten. */
export const LABELS: Record<ProductField, string> = {
  image: 'Image URL',
  name: 'Product name',
  quantity: 'Quantity',
  minSellQty: 'Min sell quantity',
  brand: 'Brand',
  category: 'Category',
  description: 'Description',
  price: `Price (${__SHOP_CURRENCY__}, net)`,
  rating: 'Rating',
  content: 'Product content',
  sku: 'SKU',
  packSize: 'Pack size',
  maxOrderQty: 'Max per order',
  priceTiers: 'Volume prices',
  taxRate: 'Tax rate, %',
};

export const HINTS: Partial<Record<ProductField, string>> = {
  image: 'https://… or /images/…; leave empty for a placeholder.',
  rating: 'From 0 to 5. Leave empty if not rated yet.',
  content: 'What is in the box, materials, packaging.',
  sku: 'Your part number: letters, digits and . _ - / (up to 64). Buyers can search for it.',
  packSize: 'Buyers order whole packs: every quantity is a multiple of this. 1 sells single units.',
  maxOrderQty: 'The most one buyer may have in their cart at once. Leave empty for no limit.',
  taxRate: 'Added to the net price on invoices. Leave empty for your default rate (billing details).',
};

/** The order the fields are shown in: the first one with a problem gets the cursor. */
export const FORM_ORDER: readonly ProductField[] = [
  'name',
  'sku',
  'category',
  'brand',
  'quantity',
  'minSellQty',
  'packSize',
  'maxOrderQty',
  'price',
  'rating',
  'taxRate',
  'priceTiers',
  'image',
  'description',
  'content',
];
export const KEEP_HINT = 'Leave empty to keep the current value.';

/**
 * The control each message is about, in the order the form shows them (the first with a problem
 * gets the cursor): a field's own control, or a tier row's box, or the ladder's Add button.
 */
export function controlIds(
  rows: readonly TierRow[],
  idOf: (field: ProductField) => string,
  tierInputId: (tiersId: string, rowKey: string, part: TierPart) => string,
): [ErrorKey, string][] {
  const tiersId = idOf('priceTiers');
  return FORM_ORDER.flatMap((field): [ErrorKey, string][] =>
    field === 'priceTiers'
      ? [
          ...rows.flatMap((row) =>
            (['minQty', 'price'] as const).map((part): [ErrorKey, string] => [
              tierErrorKey(row.key, part),
              tierInputId(tiersId, row.key, part),
            ]),
          ),
          ['priceTiers', `${tiersId}-add`],
        ]
      : [[field, idOf(field)]],
  );
}

/**
 * Leaving a tier box checks the ladder again, so a row that breaks it is marked at once rather
 * than at Submit: the rows' messages become `fresh`'s, except that an empty box keeps what it
 * had (a row being typed is not wrong yet).
 */
export function tierErrorsOnLeave(previous: FieldErrors, fresh: FieldErrors, rows: readonly TierRow[]): FieldErrors {
  const next = { ...previous };
  for (const row of rows) {
    for (const part of ['minQty', 'price'] as const) {
      const key = tierErrorKey(row.key, part);
      next[key] = row[part].trim() === '' ? previous[key] : fresh[key];
    }
  }
  return next;
}
