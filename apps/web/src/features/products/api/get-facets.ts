import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Category, Facets, ProductListQuery } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { toFacetParams } from './list-query';
import { productKeys } from './query-keys';

/** What the facet counts depend on: the list's filters and search, without paging or sort. */
export type FacetsQuery = Pick<
  ProductListQuery,
  'available' | 'q' | 'brand' | 'priceMin' | 'priceMax' | 'ratingMin' | 'seller'
> & { category?: Category | undefined };

export function getFacets(query: FacetsQuery, signal?: AbortSignal): Promise<Facets> {
  return apiFetch<Facets>('/products/facets', {
    query: {
      category: query.category,
      available: query.available === 'true' ? true : undefined,
      q: query.q?.trim() || undefined,
      ...toFacetParams(query),
    },
    signal,
  });
}

export function facetsQueryOptions(query: FacetsQuery) {
  return queryOptions({
    queryKey: productKeys.facets(query),
    queryFn: ({ signal }) => getFacets(query, signal),
  });
}

/** The counts for the filter panel; the previous counts stay on screen while new ones load. */
export function useFacets(query: FacetsQuery, enabled = true) {
  return useQuery({ ...facetsQueryOptions(query), placeholderData: keepPreviousData, enabled });
}
