import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SkuSuggestion } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';

/** SKUs that start with what the buyer has typed (GET /api/skus?prefix=). */
export function getSkuSuggestions(prefix: string, signal?: AbortSignal): Promise<SkuSuggestion[]> {
  return apiFetch<SkuSuggestion[]>('/skus', { query: { prefix, limit: 10 }, signal });
}

export function skuSuggestionsQueryOptions(prefix: string) {
  return queryOptions({
    queryKey: ['skus', prefix] as const,
    queryFn: ({ signal }) => getSkuSuggestions(prefix, signal),
    staleTime: 60_000,
  });
}

/** `prefix` is the debounced text; nothing is asked for an empty one. */
export function useSkuSuggestions(prefix: string) {
  return useQuery({
    ...skuSuggestionsQueryOptions(prefix),
    enabled: prefix.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}
