import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { TOAST_MS, type Quote } from '@b2b/shared';
import { confirmDialog, showAlert } from '@/components/ui/dialogs';
import { errorMessage } from '@/lib/errors';
import { useMoveQuote } from '../api/move-quote';
import { OfferEditor } from './offer-editor';

/** The buyer waits for an offer: the editor is open. Otherwise (an offer stands, or has expired) it opens on demand. */
const AWAITING_OFFER: readonly Quote['status'][] = ['requested', 'revision_requested'];

const TITLE: Partial<Record<Quote['status'], string>> = {
  requested: 'Make an offer',
  revision_requested: 'The buyer asked for a revision',
  expired: 'Your offer expired',
};

/**
 * The seller's side: the offer editor when an offer may be made now, and Withdraw while the quote
 * is open. Mounted per status and version (QuoteView's key), so a sent offer closes the editor.
 */
export function SellerActions({ quote }: { quote: Quote }) {
  const id = useId();
  const move = useMoveQuote();
  const awaiting = AWAITING_OFFER.includes(quote.status);
  const [editing, setEditing] = useState(awaiting);
  const canOffer = quote.moves.includes('offered');
  const canWithdraw = quote.moves.includes('withdrawn');
  if (!canOffer && !canWithdraw) return null;

  const withdraw = async () => {
    const ok = await confirmDialog({
      title: `Withdraw ${quote.number}?`,
      text: 'The buyer can no longer accept an offer on it. This cannot be undone.',
      confirmText: 'Withdraw quote',
      cancelText: 'Keep it open',
      danger: true,
    });
    if (!ok) return;
    try {
      await move.mutateAsync({ id: quote._id, move: 'withdraw' });
      toast.success(`${quote.number} withdrawn.`, { duration: TOAST_MS });
    } catch (error) {
      await showAlert({ icon: 'error', title: 'The quote was not withdrawn', text: errorMessage(error) });
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={`${id}-title`} className="card-title text-lg">
            {TITLE[quote.status] ?? 'Your offer'}
          </h2>
          <div className="flex flex-wrap gap-2">
            {canOffer && !editing ? (
              <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing(true)}>
                {quote.status === 'expired' ? 'Offer again' : 'Revise the offer'}
              </button>
            ) : null}
            {canWithdraw ? (
              <button
                type="button"
                className="btn btn-outline btn-error btn-sm"
                disabled={move.isPending}
                onClick={() => void withdraw()}
              >
                Withdraw
              </button>
            ) : null}
          </div>
        </div>
        {canOffer && editing ? <OfferEditor quote={quote} onDone={() => setEditing(false)} /> : null}
      </div>
    </section>
  );
}
