import { useMutation } from '@tanstack/react-query';
import type { Quote, QuoteMessageInput } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { useQuoteUpdated } from './use-quote-updated';

export type QuoteMessageVariables = { id: string } & QuoteMessageInput;

/** A message in the quote's thread, from either side (POST /api/quotes/:id/messages). */
export function postQuoteMessage({ id, text }: QuoteMessageVariables): Promise<Quote> {
  return apiFetch<Quote>(`/quotes/${encodeURIComponent(id)}/messages`, { method: 'POST', body: { text } });
}

export function usePostQuoteMessage() {
  const updated = useQuoteUpdated();
  return useMutation({ mutationFn: postQuoteMessage, onSuccess: updated });
}
