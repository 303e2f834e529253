import type { Facet } from '@b2b/shared';
import { formatCount, formatWholePrice } from '@/lib/format';
import type { ListFilters, PriceRange } from '../hooks/use-list-params';

/** "$10", "$1,000", "$12.50": whole amounts without cents. */
export const formatMoney = formatWholePrice;

/** A price range as a buyer reads it: "Under $10", "$10 – $25", "$1,000 & up". */
export function priceRangeLabel({ min, max }: PriceRange): string {
  if (max === undefined) return `${formatMoney(min ?? 0)} & up`;
  if (min === undefined || min === 0) return `Under ${formatMoney(max)}`;
  return `${formatMoney(min)} – ${formatMoney(max)}`;
}

/** "4 ★ & up". */
export function ratingLabel(floor: number): string {
  return `${floor} ★ & up`;
}

/** A facet's count: "1,234", or "about 12,400" when the API estimated it. */
export function facetCount(facet: Pick<Facet, 'count' | 'estimate'>): string {
  return facet.estimate ? `about ${formatCount(facet.count)}` : formatCount(facet.count);
}

export type FilterChip = {
  /** Unique among the chips, e.g. `brand:Acme`. */
  key: string;
  label: string;
  /** What removing the chip sends to the URL hook. */
  remove: { brands: string[] } | { price: null } | { ratingMin: null } | { available: false };
};

/** One chip per active filter, in the panel's order: availability, brands, price, rating. */
export function filterChips(filters: ListFilters, availableLabel: string): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.available) chips.push({ key: 'available', label: availableLabel, remove: { available: false } });
  for (const brand of filters.brands) {
    chips.push({
      key: `brand:${brand}`,
      label: `Brand: ${brand}`,
      remove: { brands: filters.brands.filter((other) => other !== brand) },
    });
  }
  if (filters.price.min !== undefined || filters.price.max !== undefined) {
    chips.push({ key: 'price', label: `Price: ${priceRangeLabel(filters.price)}`, remove: { price: null } });
  }
  if (filters.ratingMin !== undefined) {
    chips.push({ key: 'rating', label: `Rating: ${ratingLabel(filters.ratingMin)}`, remove: { ratingMin: null } });
  }
  return chips;
}
