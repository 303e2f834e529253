import { useMutation } from '@tanstack/react-query';
import type { Quote, QuoteOfferInput } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { useQuoteUpdated } from './use-quote-updated';

export type OfferQuoteVariables = { id: string; body: QuoteOfferInput };

/** The seller's offer: a unit price and quantity per line, valid until a day (POST /api/quotes/:id/offer). Each is a new version. */
export function offerQuote({ id, body }: OfferQuoteVariables): Promise<Quote> {
  return apiFetch<Quote>(`/quotes/${encodeURIComponent(id)}/offer`, { method: 'POST', body });
}

export function useOfferQuote() {
  const updated = useQuoteUpdated();
  return useMutation({ mutationFn: offerQuote, onSuccess: updated });
}
