import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { TOAST_MS, type QuoteFromSourceInput } from '@b2b/shared';
import { paths } from '@/config/paths';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useRequestQuote } from '../api/request-quote';
import { RequestQuoteDialog, type RequestLine } from './request-quote-dialog';

type RequestQuoteProps = {
  source: { from: 'cart' } | { from: 'list'; listId: string };
  lines: readonly RequestLine[];
  /** What the request changes outside this feature (the emptied cart, the released stock). */
  invalidate?: readonly (readonly unknown[])[];
  className?: string;
};

/**
 * "Request a quote" on the cart and on a saved list: the dialog, then the request, then the quote
 * (or, when the lines had several sellers, the Quotes page with one per seller).
 */
export function RequestQuote({
  source,
  lines,
  invalidate,
  className = 'btn btn-outline btn-primary',
}: RequestQuoteProps) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const request = useRequestQuote(invalidate ? { invalidate } : {});
  // One key per intended request: a retry of the same body after a lost answer reuses it.
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const onSubmit = async (body: QuoteFromSourceInput) => {
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized) attempt.current = { body: serialized, key: newIdempotencyKey() };
    const { quotes } = await request.mutateAsync({ source, body, idempotencyKey: attempt.current.key });
    attempt.current = null;
    setOpen(false);
    const only = quotes.length === 1 ? quotes[0] : undefined;
    toast.success(only ? `Quote ${only.number} requested.` : `${quotes.length} quotes requested, one per seller.`, {
      duration: TOAST_MS,
    });
    navigate(only ? paths.quote(only._id) : paths.quotes);
  };

  return (
    <>
      <button type="button" className={className} disabled={lines.length === 0} onClick={() => setOpen(true)}>
        Request a quote
      </button>
      {open ? (
        <RequestQuoteDialog
          lines={lines}
          from={source.from}
          sending={request.isPending}
          onSubmit={onSubmit}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
