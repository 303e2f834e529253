import type { ProductField } from '@b2b/shared';

/**
 * Each product field's column type (db/schema.ts). An update casts a sent value to it before
 * comparing, so "10" and 10.00 (or a rating rounded by numeric(3,2)) compare equal when detecting
 * a change; an import's JSON recordset reads its rows as these types; a workbook writes the
 * numeric ones as numbers.
 */
export const PRODUCT_COLUMN_TYPE: Record<ProductField, string> = {
  image: 'text',
  name: 'text',
  quantity: 'integer',
  minSellQty: 'integer',
  brand: 'text',
  category: 'text',
  description: 'text',
  price: 'numeric(12,2)',
  rating: 'numeric(3,2)',
  content: 'text',
  sku: 'text',
  packSize: 'integer',
  maxOrderQty: 'integer',
  priceTiers: 'jsonb',
  taxRate: 'numeric(5,2)',
};
