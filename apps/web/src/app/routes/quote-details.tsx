import { Link, useParams } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useQuote } from '@/features/quotes/api/get-quote';
import { QuoteView } from '@/features/quotes/components/quote-view';
import { AcceptOffer } from './quote/accept-offer';

/** One quote, for its buyer (and their company's approvers and admins) or its seller's staff. */
export default function QuoteDetailsRoute() {
  const { id = '' } = useParams();
  const quote = useQuote(id);

  let body;
  if (quote.isPending) body = <LoadingState label="Loading quote..." />;
  else if (quote.isError) {
    const status = quote.error instanceof ApiError ? quote.error.status : 0;
    body =
      status === 404 || status === 403 || status === 400 ? (
        <EmptyState>
          <p>This quote does not exist, or it is not yours.</p>
          <Link to={paths.quotes} className="btn mt-4 btn-primary btn-sm">
            Go to my quotes
          </Link>
        </EmptyState>
      ) : (
        <ErrorState error={quote.error} onRetry={() => void quote.refetch()} />
      );
  } else body = <QuoteView quote={quote.data} acceptForm={<AcceptOffer quote={quote.data} />} />;

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle page={quote.data ? `Quote ${quote.data.number}` : 'Quote'} />
      {body}
    </section>
  );
}
