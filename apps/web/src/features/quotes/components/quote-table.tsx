import { Link } from 'react-router';
import type { QuoteSummary } from '@b2b/shared';
import { SellerName } from '@/components/ui/seller-name';
import { paths } from '@/config/paths';
import { formatDateTime, formatPrice } from '@/lib/format';
import type { QuoteSide } from '../api/query-keys';
import { useNow } from '../hooks/use-now';
import { expiresSoon, timeLeft, validityText } from '../utils/validity';
import { QuoteStatusBadge } from './quote-status-badge';

const lines = (n: number) => `${n} ${n === 1 ? 'line' : 'lines'}`;

/** Who is on the other side: the seller (their company's name, else their own) for the buyer, the buyer and their company for the seller. */
export function OtherParty({ quote, side }: { quote: QuoteSummary; side: QuoteSide }) {
  if (side === 'buyer') return <SellerName email={quote.seller.email} company={quote.seller.name} />;
  const buyer = quote.buyer.name || quote.buyer.email;
  return <>{quote.companyName ? `${buyer} (${quote.companyName})` : buyer}</>;
}

/** What stands: the offer's net and until when, or what the quote waits for. */
function Offer({ quote, now }: { quote: QuoteSummary; now: number }) {
  if (quote.offerNet === null) {
    return <span className="text-base-content/70">{quote.status === 'requested' ? 'Awaiting offer' : '–'}</span>;
  }
  const open = quote.status === 'offered' && quote.validUntil;
  const small = 'block text-xs whitespace-nowrap';
  return (
    <>
      <span className="font-medium whitespace-nowrap">{formatPrice(quote.offerNet)}</span>
      <span className={`${small} text-base-content/70`}>net · version {quote.version}</span>
      {open && quote.validUntil ? (
        <span
          className={`${small} ${expiresSoon(quote.validUntil, now) ? 'font-semibold text-amber-800' : 'text-base-content/70'}`}
        >
          {/* The day itself from 640 px; a phone has room for how long is left. */}
          <span className="sm:hidden">{timeLeft(quote.validUntil, now)}</span>
          <span className="hidden sm:inline">{validityText(quote.validUntil, now)}</span>
        </span>
      ) : null}
      {quote.orderNumber ? <span className={`${small} text-base-content/70`}>Order {quote.orderNumber}</span> : null}
    </>
  );
}

/**
 * A page of quotes: number (its page) and date, the other party, status, the standing offer. It
 * scrolls sideways in a focusable region when a phone is too narrow; the party and the status go
 * under the number there.
 */
export function QuoteTable({ quotes, side }: { quotes: QuoteSummary[]; side: QuoteSide }) {
  const now = useNow();
  const caption = side === 'seller' ? 'Requests for quote to answer' : 'Your requests for quote';
  return (
    <div
      className="overflow-x-auto rounded-box border border-base-300 bg-base-100"
      // Focusable so keyboard users can scroll the table sideways on narrow screens.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label={`${caption} (scrolls sideways)`}
    >
      <table className="table table-sm md:table-md">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Quote</th>
            <th scope="col" className="hidden md:table-cell">
              {side === 'seller' ? 'Buyer' : 'Seller'}
            </th>
            <th scope="col" className="hidden sm:table-cell">
              Status
            </th>
            <th scope="col" className="text-right">
              Offer
            </th>
          </tr>
        </thead>
        <tbody>
          {quotes.map((quote) => (
            <tr key={quote._id}>
              <td className="align-top">
                <Link to={paths.quote(quote._id)} className="link font-medium whitespace-nowrap link-primary">
                  {quote.number}
                </Link>
                <p className="text-xs text-base-content/70">
                  {lines(quote.lineCount)} · <time dateTime={quote.createdAt}>{formatDateTime(quote.createdAt)}</time>
                </p>
                <p className="text-xs break-words text-base-content/70 md:hidden">
                  <OtherParty quote={quote} side={side} />
                </p>
                <p className="mt-1 sm:hidden">
                  <QuoteStatusBadge status={quote.status} />
                </p>
              </td>
              <td className="hidden align-top break-words md:table-cell">
                <OtherParty quote={quote} side={side} />
              </td>
              <td className="hidden align-top sm:table-cell">
                <QuoteStatusBadge status={quote.status} />
              </td>
              <td className="text-right align-top tabular-nums">
                <Offer quote={quote} now={now} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
