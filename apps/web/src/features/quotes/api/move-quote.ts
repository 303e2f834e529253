import { useMutation } from '@tanstack/react-query';
import type { Quote } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { useQuoteUpdated } from './use-quote-updated';

/**
 * The moves that place no order: the buyer asks for a revision (a message is required) or
 * declines (a message may go with it); the seller withdraws an open quote.
 */
export type QuoteMove =
  | { id: string; move: 'revision'; message: string }
  | { id: string; move: 'decline'; message: string }
  | { id: string; move: 'withdraw' };

export function moveQuote(variables: QuoteMove): Promise<Quote> {
  const path = `/quotes/${encodeURIComponent(variables.id)}/${variables.move}`;
  return apiFetch<Quote>(path, {
    method: 'POST',
    ...(variables.move === 'withdraw' ? {} : { body: { message: variables.message } }),
  });
}

export function useMoveQuote() {
  const updated = useQuoteUpdated();
  return useMutation({ mutationFn: moveQuote, onSuccess: updated });
}
