import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Quote } from '@b2b/shared';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useNow } from '../hooks/use-now';
import { OtherParty } from './quote-table';
import { BuyerActions } from './buyer-actions';
import { QuoteLines } from './quote-lines';
import { QuoteStatusBadge } from './quote-status-badge';
import { QuoteThread } from './quote-thread';
import { QuoteVersions } from './quote-versions';
import { SellerActions } from './seller-actions';
import { expiresSoon, validityText } from '../utils/validity';

/** Where the standing offer is: until when it holds, or why it no longer does. */
function Standing({ quote }: { quote: Quote }) {
  const now = useNow();
  const offer = quote.versions.at(-1);
  if (quote.status === 'accepted' && quote.orderId) {
    return (
      <p className="alert alert-soft alert-success">
        <span>
          Accepted: ordered as{' '}
          <Link to={paths.order(quote.orderId)} className="link font-medium">
            {quote.orderNumber ?? 'an order'}
          </Link>
          .
        </span>
      </p>
    );
  }
  if (!offer) {
    return (
      <p className="text-base-content/70">
        No offer yet: {quote.side === 'buyer' ? 'the seller' : 'you'} will answer with prices.
      </p>
    );
  }
  const soon = quote.status === 'offered' && expiresSoon(offer.validUntil, now);
  const dated = quote.status === 'offered' || quote.status === 'expired';
  return (
    <div
      className={`flex flex-col gap-1 rounded-box border p-4 ${soon ? 'border-warning bg-warning/10' : 'border-base-300 bg-base-100'}`}
    >
      {dated ? (
        <p className={`text-lg font-semibold ${soon ? 'text-amber-800' : ''}`}>{validityText(offer.validUntil, now)}</p>
      ) : null}
      <p className="text-sm text-base-content/80">
        Version {offer.version}, offered by {offer.offeredBy.name || offer.offeredBy.email} on{' '}
        <time dateTime={offer.offeredAt}>{formatDateTime(offer.offeredAt)}</time>.
      </p>
      {offer.message ? <p className="text-sm break-words whitespace-pre-line">“{offer.message}”</p> : null}
    </div>
  );
}

type QuoteViewProps = {
  quote: Quote;
  /** The buyer's Accept form (ship-to, PO number, note), which the page composes from the checkout's. */
  acceptForm: ReactNode;
};

/**
 * One quote for either side: number, status and the other party; the lines with the standing
 * offer; the caller's moves (the seller's offer editor and Withdraw, the buyer's Accept, revision
 * and Decline); the earlier offers; and the thread.
 */
export function QuoteView({ quote, acceptForm }: QuoteViewProps) {
  const buyer = quote.side === 'buyer';
  const back = buyer ? { to: paths.quotes, label: 'Quotes' } : { to: paths.salesQuotes, label: 'Quote requests' };
  return (
    <>
      <header className="flex flex-col gap-2">
        <p className="text-sm">
          <Link to={back.to} className="link link-primary">
            {back.label}
          </Link>
        </p>
        <h1 className="flex flex-wrap items-center gap-3 text-3xl font-bold">
          Quote {quote.number} <QuoteStatusBadge status={quote.status} />
        </h1>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-base-content/70">{buyer ? 'Seller' : 'Buyer'}</dt>
          <dd className="break-words">
            <OtherParty quote={quote} side={quote.side} />
            {buyer ? null : <span className="text-base-content/70"> · {quote.buyer.email}</span>}
          </dd>
          <dt className="text-base-content/70">Requested</dt>
          <dd>
            <time dateTime={quote.createdAt}>{formatDateTime(quote.createdAt)}</time>
          </dd>
        </dl>
      </header>
      <Standing quote={quote} />
      {/* Before the first offer the seller's editor shows every line as asked: the table would say it twice. */}
      {!buyer && quote.versions.length === 0 && quote.moves.includes('offered') ? null : <QuoteLines quote={quote} />}
      {buyer ? (
        <BuyerActions key={`${quote.status}-${quote.version}`} quote={quote} acceptForm={acceptForm} />
      ) : (
        <SellerActions key={`${quote.status}-${quote.version}`} quote={quote} />
      )}
      <QuoteVersions quote={quote} />
      <QuoteThread quote={quote} />
    </>
  );
}
