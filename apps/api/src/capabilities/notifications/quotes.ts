import { formatPrice, formatQuoteNumber, type NotificationKind } from '@b2b/shared';
import type { AppTx } from '../../db/client.js';
import type { QuoteRow } from '../../db/schema.js';
import { sellerStaff } from './accounts.js';
import { formatTime, write } from './events.js';

/*
 * The quotes' notifications (docs/architecture.md, "Quotes"): the seller's admins and order desk
 * hear of a request, an acceptance, a decline and a revision request; the buyer (and, in a company,
 * nobody else: their colleagues see the quote, but it is the requester's) hears of an offer and of
 * its coming expiry. Nobody is told of their own move. The key holds the quote, the kind and the
 * version, so a retried move or two sweeping processes write each once.
 */

export type QuoteNotice = Extract<
  NotificationKind,
  | 'quote_requested'
  | 'quote_offered'
  | 'quote_expiring'
  | 'quote_accepted'
  | 'quote_declined'
  | 'quote_revision_requested'
  | 'quote_withdrawn'
>;

const TO_SELLER: readonly QuoteNotice[] = [
  'quote_requested',
  'quote_accepted',
  'quote_declined',
  'quote_revision_requested',
];

function wording(kind: QuoteNotice, quote: QuoteRow, net: number | null): { title: string; body: string } {
  const number = formatQuoteNumber(quote.number);
  const buyer = quote.companyName ? `${quote.buyerName} (${quote.companyName})` : quote.buyerName;
  const seller = quote.sellerName ?? quote.sellerEmail;
  const until = quote.validUntil ? formatTime(quote.validUntil) : '';
  const amount = net === null ? '' : ` (${formatPrice(net)} net)`;
  switch (kind) {
    case 'quote_requested':
      return { title: `${buyer} asks for a quote`, body: `Quote ${number}: answer with your prices.` };
    case 'quote_offered':
      return {
        title: quote.version > 1 ? `A revised offer from ${seller}` : `An offer from ${seller}`,
        body: `Version ${quote.version} of quote ${number}${amount}, valid until ${until}: accept it, ask for a revision or decline.`,
      };
    case 'quote_expiring':
      return {
        title: `Quote ${number} expires soon`,
        body: `The offer of ${seller} on quote ${number}${amount} is valid until ${until}.`,
      };
    case 'quote_accepted':
      return {
        title: `${buyer} accepted quote ${number}`,
        body: `Version ${quote.version}${amount} is now an order.`,
      };
    case 'quote_declined':
      return { title: `${buyer} declined quote ${number}`, body: `The quote is closed.` };
    case 'quote_revision_requested':
      return { title: `${buyer} asks to revise quote ${number}`, body: `Offer again with new prices.` };
    case 'quote_withdrawn':
      return {
        title: `${seller} withdrew quote ${number}`,
        body: `The quote is closed: ask again if you still need it.`,
      };
  }
}

/**
 * Writes `kind` of `quote` to its recipients, less `actor` (nobody hears of their own move), in
 * the move's transaction. `net`: the standing offer's total, where the message names it.
 */
export async function notifyQuote(
  tx: AppTx,
  kind: QuoteNotice,
  quote: QuoteRow,
  { actorUid, net = null }: { actorUid: string | null; net?: number | null },
): Promise<void> {
  const recipients = TO_SELLER.includes(kind)
    ? await sellerStaff(tx, quote.sellerId, 'quotes')
    : [{ uid: quote.buyerUid, email: quote.buyerEmail }];
  const { title, body } = wording(kind, quote, net);
  await write(
    tx,
    recipients
      .filter((recipient) => recipient.uid !== actorUid)
      .map((recipient) => ({
        key: `${kind}:${quote.id}:${quote.version}:${recipient.uid}`,
        userUid: recipient.uid,
        userEmail: recipient.email,
        kind,
        title,
        body,
        link: `/quotes/${quote.id}`,
        data: {},
      })),
  );
}
