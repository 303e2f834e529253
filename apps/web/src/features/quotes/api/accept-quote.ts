import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuoteAcceptInput, QuoteAcceptResult } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { quoteKeys } from './query-keys';

export type AcceptQuoteVariables = { id: string; body: QuoteAcceptInput; idempotencyKey: string };

/**
 * Accepts the standing offer: one order at exactly its prices, placed as checkout places one
 * (POST /api/quotes/:id/accept: ship-to, PO number, note). The Idempotency-Key makes a retry after
 * a lost answer safe: the server answers it with the first order instead of ordering twice.
 */
export function acceptQuote({ id, body, idempotencyKey }: AcceptQuoteVariables): Promise<QuoteAcceptResult> {
  return apiFetch<QuoteAcceptResult>(`/quotes/${encodeURIComponent(id)}/accept`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** `invalidate` lists what the order changed outside this feature (the orders, the products' stock). */
export function useAcceptQuote(options: { invalidate?: readonly (readonly unknown[])[] } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptQuote,
    // Refused too: an expired offer or a changed stock is shown as the quote now is.
    onSettled: () =>
      Promise.all(
        [quoteKeys.all, ...(options.invalidate ?? [])].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
