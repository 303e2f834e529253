import { z } from 'zod';
import { MAX_BRAND_FILTERS } from './facet-constants.js';

/**
 * Facets: the catalogue's narrowing filters (brand, price, rating, seller) and the counts
 * `GET /products/facets` returns for them. The names here are the API's contract; the constants
 * they use are in facet-constants.ts.
 */

export const facetSchema = z.object({
  value: z.string(),
  count: z.number().int().min(0),
  /**
   * True when `count` is an estimate: only when more than FACET_EXACT_LIMIT products match the
   * facet's other filters, and then the count may be below it ("about 420").
   */
  estimate: z.boolean(),
});
export type Facet = z.output<typeof facetSchema>;

export const facetsSchema = z.object({
  /** The top FACET_TOP_BRANDS brands by count; value is the brand as sellers wrote it. */
  brands: z.array(facetSchema),
  /** How many more brands match beyond those listed. */
  brandsMore: z.number().int().min(0),
  /** One entry per PRICE_BANDS band, in order, value as in PRICE_BANDS. */
  priceBands: z.array(facetSchema),
  /** One entry per RATING_FLOORS floor: value "4" counts products rated 4 and up. */
  ratings: z.array(facetSchema),
  /** value is a category id. */
  categories: z.array(facetSchema),
  /** value "true": products with quantity > AVAILABLE_THRESHOLD; "false": the rest. */
  available: z.array(facetSchema),
});
export type Facets = z.output<typeof facetsSchema>;

const money = z.coerce.number().min(0).max(9_999_999_999.99);

/**
 * The facet filters the product lists take, besides category, available and q. Each facet of
 * GET /products/facets counts with every filter but its own (the brands with the price range
 * but not the brands chosen), so the panel can offer a second brand after the first.
 */
export const facetFilterFields = {
  /** One or several brands (repeat the parameter), matched exactly. */
  brand: z
    .union([z.string().max(100), z.array(z.string().max(100)).max(MAX_BRAND_FILTERS)])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
  priceMin: money.optional(),
  /** Exclusive: products priced below it. */
  priceMax: money.optional(),
  ratingMin: z.coerce.number().min(0).max(5).optional(),
  /** A seller's uid. */
  seller: z.string().min(1).max(128).optional(),
};
