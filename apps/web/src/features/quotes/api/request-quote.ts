import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuoteFromSourceInput, QuoteRequestInput, QuoteRequestResult } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { quoteKeys } from './query-keys';

/**
 * Where a request's lines come from: typed line by line (POST /api/quotes), the cart (POST
 * /api/quotes/from-cart: its lines move into the request, the cart is emptied and its holds
 * released) or a saved list (POST /api/quotes/from-list/:id: the list stays as it is).
 */
export type QuoteSource = { from: 'lines' } | { from: 'cart' } | { from: 'list'; listId: string };

export type RequestQuoteVariables =
  | { source: { from: 'lines' }; body: QuoteRequestInput; idempotencyKey: string }
  | { source: Exclude<QuoteSource, { from: 'lines' }>; body: QuoteFromSourceInput; idempotencyKey: string };

const pathOf = (source: QuoteSource) =>
  source.from === 'cart'
    ? '/quotes/from-cart'
    : source.from === 'list'
      ? `/quotes/from-list/${encodeURIComponent(source.listId)}`
      : '/quotes';

/** Sends a request for quote; one quote comes back per seller. The key makes a retry of the same request safe. */
export function requestQuote({ source, body, idempotencyKey }: RequestQuoteVariables): Promise<QuoteRequestResult> {
  return apiFetch<QuoteRequestResult>(pathOf(source), {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** `invalidate` lists what the request changed outside this feature (the emptied cart, the stock it released). */
export function useRequestQuote(options: { invalidate?: readonly (readonly unknown[])[] } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestQuote,
    onSuccess: () =>
      Promise.all(
        [quoteKeys.all, ...(options.invalidate ?? [])].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
