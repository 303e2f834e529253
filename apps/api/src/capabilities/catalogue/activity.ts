import { formatPrice, PRODUCT_FIELDS, type ProductField } from '@b2b/shared';
import type { ProductRow } from '../../db/schema.js';
import { changedFields, type Activity } from '../activity/index.js';

/* What a product change writes to the company's activity log: the fields before and after, and a sentence. */

const FIELD_NAMES: Record<ProductField, string> = {
  image: 'image',
  name: 'name',
  quantity: 'stock',
  minSellQty: 'minimum order',
  brand: 'brand',
  category: 'category',
  description: 'description',
  price: 'price',
  rating: 'rating',
  content: 'content',
  sku: 'SKU',
  packSize: 'pack size',
  maxOrderQty: 'maximum per order',
  priceTiers: 'price tiers',
  taxRate: 'tax rate',
};

function snapshot(row: ProductRow): Record<string, unknown> {
  return Object.fromEntries(PRODUCT_FIELDS.map((field) => [field, row[field]]));
}

const subject = (row: ProductRow) => ({ subjectId: row.id, subjectLabel: row.name });

export function productCreated(row: ProductRow): Activity {
  return {
    kind: 'product',
    action: 'created',
    ...subject(row),
    summary: `Added “${row.name}” at ${formatPrice(row.price)} with ${row.quantity} in stock.`,
    after: snapshot(row),
  };
}

export function productDeleted(row: ProductRow): Activity {
  return {
    kind: 'product',
    action: 'deleted',
    ...subject(row),
    summary: `Deleted “${row.name}”.`,
    before: snapshot(row),
  };
}

/** One entry for the change: `stock` when only the stock changed, else `product` naming each changed field. */
export function productUpdated(before: ProductRow, after: ProductRow): Activity {
  const diff = changedFields(snapshot(before), snapshot(after));
  const fields = diff.fields as ProductField[];
  if (fields.length === 1 && fields[0] === 'quantity') {
    return {
      kind: 'stock',
      action: 'changed',
      ...subject(after),
      summary: `Changed the stock of “${after.name}” from ${before.quantity} to ${after.quantity}.`,
      before: diff.before,
      after: diff.after,
    };
  }
  const described = fields.map((field) =>
    field === 'price'
      ? `the price from ${formatPrice(before.price)} to ${formatPrice(after.price)}`
      : field === 'quantity'
        ? `the stock from ${before.quantity} to ${after.quantity}`
        : `the ${FIELD_NAMES[field]}`,
  );
  const list = described.length > 1 ? `${described.slice(0, -1).join(', ')} and ${described.at(-1)}` : described[0];
  return {
    kind: 'product',
    action: 'updated',
    ...subject(after),
    summary: `Changed ${list ?? 'nothing'} of “${after.name}”.`,
    before: diff.before,
    after: diff.after,
  };
}
