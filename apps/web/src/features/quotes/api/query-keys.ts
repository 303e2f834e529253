import type { QuoteStatus } from '@b2b/shared';

export type QuoteSide = 'buyer' | 'seller';
/** One page of GET /api/quotes, as the client asks for it. */
export type QuoteListRequest = { side: QuoteSide; status?: QuoteStatus; cursor?: string; limit?: number };

/** Every quote query lives under `quotes`, so one invalidation refreshes the lists and the open quote. */
export const quoteKeys = {
  all: ['quotes'] as const,
  lists: () => ['quotes', 'list'] as const,
  list: (query: QuoteListRequest) => ['quotes', 'list', query] as const,
  detail: (id: string) => ['quotes', 'detail', id] as const,
};
