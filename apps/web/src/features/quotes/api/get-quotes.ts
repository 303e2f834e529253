import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QuotePage } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { quoteKeys, type QuoteListRequest } from './query-keys';

/** The buyer's requests (and their company's, for its approvers and admins) or the seller's, newest first (GET /api/quotes). */
export function getQuotes(query: QuoteListRequest, signal?: AbortSignal): Promise<QuotePage> {
  return apiFetch<QuotePage>('/quotes', { query: { ...query }, signal });
}

export function useQuotes(query: QuoteListRequest) {
  return useQuery({
    queryKey: quoteKeys.list(query),
    queryFn: ({ signal }) => getQuotes(query, signal),
    placeholderData: keepPreviousData,
  });
}
