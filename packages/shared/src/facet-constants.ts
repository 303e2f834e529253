/**
 * The facets' constants (`facets.ts` has their schemas). They live apart from the schemas so a
 * page that only draws the filter panel does not load the validation library: a module that
 * defines zod schemas at its top level is kept whole by the bundler.
 */

/** Counts below this are exact; at or above it a count may be an estimate (`estimate: true`). */
export const FACET_EXACT_LIMIT = 10_000;
/** How many brands the facets list (by count); `brandsMore` says how many more there are. */
export const FACET_TOP_BRANDS = 20;
/** At most this many `brand` values in one query. */
export const MAX_BRAND_FILTERS = 20;

/**
 * The price bands' lower edges, in the shop's currency; each band runs to the next edge
 * (exclusive) and the last has no upper edge. A band's value is `"min-max"`, or `"min-"` for
 * the last, and selecting it sets priceMin=min and priceMax=max. priceMax is exclusive, like the
 * bands: priceMin=10&priceMax=25 lists what the band "10-25" counts.
 */
export const PRICE_BAND_EDGES = [0, 10, 25, 50, 100, 250, 500, 1000] as const;
/** The rating facet: "N stars and up". */
export const RATING_FLOORS = [4, 3, 2, 1] as const;

export interface PriceBand {
  value: string;
  min: number;
  max: number | null;
}

export const PRICE_BANDS: readonly PriceBand[] = PRICE_BAND_EDGES.map((min, i) => {
  const max = PRICE_BAND_EDGES[i + 1] ?? null;
  return { value: `${min}-${max ?? ''}`, min, max };
});
