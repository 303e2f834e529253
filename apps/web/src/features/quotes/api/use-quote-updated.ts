import { useQueryClient } from '@tanstack/react-query';
import type { Quote } from '@b2b/shared';
import { quoteKeys } from './query-keys';

/** After a change the API answers with the quote as it now is: the page shows it at once, the lists refresh. */
export function useQuoteUpdated() {
  const queryClient = useQueryClient();
  return (quote: Quote) => {
    queryClient.setQueryData(quoteKeys.detail(quote._id), quote);
    return queryClient.invalidateQueries({ queryKey: quoteKeys.lists() });
  };
}
