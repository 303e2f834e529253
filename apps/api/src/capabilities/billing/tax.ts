import { sql, type SQL } from 'drizzle-orm';
import { billingDetails, products } from '../../db/schema.js';

/**
 * The tax rate a product is sold at (docs/architecture.md, "Money"): its own rate, or else its
 * seller's default from the billing details, or else 0. The cart shows it and checkout snapshots
 * it on each order line.
 */
export const productTaxRate: SQL<number> =
  sql<number>`coalesce(${products.taxRate}, (SELECT ${billingDetails.defaultTaxRate} FROM ${billingDetails} WHERE ${billingDetails.businessId} = ${products.sellerId}), 0)`.mapWith(
    Number,
  );
