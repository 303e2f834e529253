import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Quote } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { quoteKeys } from './query-keys';

/** One quote with its lines, offers and thread, for either party (GET /api/quotes/:id; 404 for anyone else). */
export function getQuote(id: string, signal?: AbortSignal): Promise<Quote> {
  return apiFetch<Quote>(`/quotes/${encodeURIComponent(id)}`, { signal });
}

export function quoteQueryOptions(id: string) {
  return queryOptions({
    queryKey: quoteKeys.detail(id),
    queryFn: ({ signal }) => getQuote(id, signal),
    // The other side may have answered meanwhile.
    refetchOnWindowFocus: true,
  });
}

export function useQuote(id: string) {
  return useQuery(quoteQueryOptions(id));
}
