import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES, type QuoteStatus } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { CursorPager, useCursorPages } from '@/components/ui/cursor-pager';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { StatusFilter } from '@/components/ui/status-filter';
import { paths } from '@/config/paths';
import { useQuotes } from '@/features/quotes/api/get-quotes';
import type { QuoteSide } from '@/features/quotes/api/query-keys';
import { QuoteTable } from '@/features/quotes/components/quote-table';

const PAGE_SIZE = 20;

/**
 * Requests for quote: the buyer's (Buying → Quotes: theirs, and their company's for its admins
 * and approvers) or the seller's to answer (Selling → Quotes), newest first, by status, a page at a time.
 */
export default function QuotesRoute() {
  const side: QuoteSide = useLocation().pathname === paths.salesQuotes ? 'seller' : 'buyer';
  const [status, setStatus] = useState<QuoteStatus | undefined>(undefined);
  const pages = useCursorPages();
  const { cursor } = pages;
  const quotes = useQuotes({ side, status, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) });
  const title = side === 'seller' ? 'Quote requests' : 'Quotes';

  let body;
  if (quotes.isPending) body = <LoadingState label="Loading quotes..." />;
  else if (quotes.isError) body = <ErrorState error={quotes.error} onRetry={() => void quotes.refetch()} />;
  else if (quotes.data.items.length === 0 && pages.first) {
    body = status ? (
      <EmptyState>{`No quotes with the status “${QUOTE_STATUS_LABELS[status]}”.`}</EmptyState>
    ) : side === 'seller' ? (
      <EmptyState>No requests for quote yet. A buyer’s request for your products appears here to answer.</EmptyState>
    ) : (
      <EmptyState>
        <p>You have not asked for a quote yet. Ask sellers for a price from your cart or a saved list.</p>
        <Link to={paths.lists} className="btn mt-4 btn-primary btn-sm">
          Go to my lists
        </Link>
      </EmptyState>
    );
  } else {
    const next = quotes.data.nextCursor;
    body = (
      <div
        className={`flex flex-col gap-4 ${quotes.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}
        aria-busy={quotes.isFetching}
      >
        {quotes.data.items.length > 0 ? (
          <QuoteTable quotes={quotes.data.items} side={side} />
        ) : (
          <EmptyState>No more quotes.</EmptyState>
        )}
        <CursorPager pages={pages} next={next} />
      </div>
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle page={title} />
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="max-w-3xl text-base-content/70">
          {side === 'seller'
            ? 'Buyers’ requests for a price on your products. Offer a unit price per line and how long it holds; every offer is kept.'
            : 'Your requests for a price and the sellers’ offers, newest first. Accept an offer to order at exactly its prices.'}
        </p>
      </header>
      <StatusFilter
        statuses={QUOTE_STATUSES}
        labels={QUOTE_STATUS_LABELS}
        value={status}
        onChange={(value) => {
          setStatus(value);
          pages.reset();
        }}
      />
      {body}
    </section>
  );
}
