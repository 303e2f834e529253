import { useId, useState, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { QUOTE_LIMITS, quoteRevisionSchema, TOAST_MS, type Quote } from '@b2b/shared';
import { promptDialog, showAlert } from '@/components/ui/dialogs';
import { errorMessage } from '@/lib/errors';
import { useMoveQuote } from '../api/move-quote';

type Panel = 'accept' | 'revise' | null;

/** Ask for a revision: what should change (required), to the seller, who offers again. */
function RevisionForm({ quote, onSent }: { quote: Quote; onSent: () => void }) {
  const id = useId();
  const move = useMoveQuote();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = quoteRevisionSchema.safeParse({ message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Say what should change.');
      return;
    }
    setError(null);
    try {
      await move.mutateAsync({ id: quote._id, move: 'revision', message: parsed.data.message });
      toast.success('Revision requested: the seller will offer again.', { duration: TOAST_MS });
      onSent();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-2">
      <label htmlFor={`${id}-message`} className="text-sm font-medium">
        What should change?
      </label>
      <textarea
        id={`${id}-message`}
        className={`textarea w-full ${error ? 'textarea-error' : ''}`}
        rows={3}
        maxLength={QUOTE_LIMITS.message}
        placeholder="e.g. We need 20 more of the lamps, and a better price on the paper."
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        required
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn self-start btn-primary" disabled={move.isPending}>
        {move.isPending ? <span className="loading loading-sm loading-spinner" aria-hidden="true" /> : null}
        Send request
      </button>
    </form>
  );
}

/**
 * The buyer's answers the quote allows now (its `moves`): Accept (the form the page gives, which
 * places the order), Ask for a revision (a message) and Decline (asks first; a reason may go with it).
 */
export function BuyerActions({ quote, acceptForm }: { quote: Quote; acceptForm: ReactNode }) {
  const id = useId();
  const move = useMoveQuote();
  const [panel, setPanel] = useState<Panel>(null);
  const canAccept = quote.moves.includes('accepted');
  const canRevise = quote.moves.includes('revision_requested');
  const canDecline = quote.moves.includes('declined');
  if (!canAccept && !canRevise && !canDecline) return null;

  const decline = async () => {
    const reason = await promptDialog({
      title: `Decline ${quote.number}?`,
      text: 'The seller is told, and the quote closes. This cannot be undone.',
      inputLabel: 'Reason (optional)',
      maxLength: QUOTE_LIMITS.message,
      optional: true,
      confirmText: 'Decline quote',
      cancelText: 'Keep it open',
    });
    if (reason === null) return;
    try {
      await move.mutateAsync({ id: quote._id, move: 'decline', message: reason });
      toast.success(`${quote.number} declined.`, { duration: TOAST_MS });
    } catch (error) {
      await showAlert({ icon: 'error', title: 'The quote was not declined', text: errorMessage(error) });
    }
  };

  const toggle = (to: Exclude<Panel, null>) => (
    <button
      type="button"
      className={`btn ${to === 'accept' ? 'btn-primary' : 'btn-outline btn-primary'} ${panel === to ? 'btn-active' : ''}`}
      aria-expanded={panel === to}
      aria-controls={panel === to ? `${id}-${to}` : undefined}
      onClick={() => setPanel(panel === to ? null : to)}
    >
      {to === 'accept' ? 'Accept offer' : 'Ask for a revision'}
    </button>
  );

  return (
    <section aria-labelledby={`${id}-title`} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 id={`${id}-title`} className="card-title text-lg">
          {canAccept ? 'Your answer' : 'Waiting for the seller’s offer'}
        </h2>
        <div className="flex flex-wrap gap-2">
          {canAccept ? toggle('accept') : null}
          {canRevise ? toggle('revise') : null}
          {canDecline ? (
            <button
              type="button"
              className="btn btn-outline btn-error"
              disabled={move.isPending}
              onClick={() => void decline()}
            >
              Decline
            </button>
          ) : null}
        </div>
        {panel === 'accept' && canAccept ? <div id={`${id}-accept`}>{acceptForm}</div> : null}
        {panel === 'revise' && canRevise ? (
          <div id={`${id}-revise`}>
            <RevisionForm quote={quote} onSent={() => setPanel(null)} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
