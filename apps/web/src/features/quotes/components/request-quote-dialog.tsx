import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { QUOTE_LIMITS, quoteFromSourceSchema, type QuoteFromSourceInput } from '@b2b/shared';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { formatCount, formatPrice } from '@/lib/format';

/** A line the request asks a price for, as its source (the cart, a list) shows it. */
export type RequestLine = {
  productId: string;
  name: string;
  sku: string | null;
  quantity: number;
  /** What the buyer pays for it now (the cart's price, or the list's). */
  price: number;
  /** Its seller: one quote goes to each. */
  seller: string;
};

type RequestQuoteDialogProps = {
  lines: readonly RequestLine[];
  /** What happens to the source: the cart's lines move into the request; a list stays. */
  from: 'cart' | 'list';
  sending: boolean;
  /** Sends the request; throws when the server refuses (shown here). */
  onSubmit: (body: QuoteFromSourceInput) => Promise<void>;
  onClose: () => void;
};

const toNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/**
 * "Request a quote": an optional target unit price per line and a message for the sellers. Says
 * before anything is sent what becomes of the source (the cart is emptied: a quote holds no
 * stock). Mounted while open; a native modal <dialog> traps focus, closes on Escape and makes
 * the page behind it inert.
 */
export function RequestQuoteDialog({ lines, from, sending, onSubmit, onClose }: RequestQuoteDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [targets, setTargets] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const sellers = new Set(lines.map((line) => line.seller)).size;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const typed = lines.filter((line) => (targets[line.productId] ?? '').trim() !== '');
    const body = {
      targets: typed.map((line) => ({
        productId: line.productId,
        targetPrice: toNumber(targets[line.productId] ?? ''),
      })),
      message,
    };
    const parsed = quoteFromSourceSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const [first, index] = issue.path;
        const line = first === 'targets' ? typed[Number(index)] : undefined;
        next[line ? line.productId : String(first ?? 'form')] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await onSubmit(body);
    } catch (error) {
      setFailure(errorMessage(error));
      if (error instanceof ApiError && error.details) {
        setErrors(Object.fromEntries(error.details.map((detail) => [detail.field, detail.message])));
      }
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={`${id}-title`}
      onClose={onClose}
    >
      <div className="modal-box max-w-2xl">
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          Request a quote
        </h2>
        <form noValidate className="mt-3 flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
          <p className="text-sm text-base-content/80">
            Ask {sellers === 1 ? 'the seller' : `the ${sellers} sellers`} for a price on{' '}
            {lines.length === 1 ? 'this line' : `these ${lines.length} lines`}, with a target unit price where you have
            one. {sellers > 1 ? `Each seller gets their own quote (${sellers} quotes). ` : ''}You order at the offered
            prices when you accept an offer.
          </p>
          <p
            role="note"
            className={`alert text-sm ${from === 'cart' ? 'alert-soft alert-warning' : 'alert-soft alert-info'}`}
          >
            {from === 'cart'
              ? 'The items in your cart move into the request: your cart will be empty and their stock goes back on sale, because a quote holds no stock.'
              : 'The list stays as it is.'}
          </p>
          <ul
            aria-label="Lines to price"
            className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300"
          >
            {lines.map((line) => {
              const inputId = `${id}-${line.productId}`;
              const error = errors[line.productId];
              return (
                <li
                  key={line.productId}
                  className="grid grid-cols-1 gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_9rem] sm:items-start"
                >
                  <div className="min-w-0 text-sm">
                    <p className="font-medium break-words">{line.name}</p>
                    <p className="text-xs break-words text-base-content/70 tabular-nums">
                      {line.sku ? `SKU: ${line.sku} · ` : ''}
                      {formatCount(line.quantity)} × {formatPrice(line.price)} · {line.seller}
                    </p>
                  </div>
                  <div className="flex flex-col gap-1">
                    <label htmlFor={inputId} className="text-xs font-medium">
                      Target price <span className="font-normal text-base-content/60">(optional)</span>
                      <span className="sr-only"> for {line.name}</span>
                    </label>
                    <input
                      id={inputId}
                      type="number"
                      inputMode="decimal"
                      min={0}
                      step={0.01}
                      className={`input w-full tabular-nums input-sm ${error ? 'input-error' : ''}`}
                      placeholder={String(line.price)}
                      value={targets[line.productId] ?? ''}
                      onChange={(event) => {
                        const value = event.target.value;
                        setTargets((previous) => ({ ...previous, [line.productId]: value }));
                      }}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${inputId}-error` : undefined}
                    />
                    {error ? (
                      <p id={`${inputId}-error`} className="text-xs text-error">
                        {error}
                      </p>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-message`} className="text-sm font-medium">
              Message to the {sellers === 1 ? 'seller' : 'sellers'}{' '}
              <span className="font-normal text-base-content/60">(optional)</span>
            </label>
            <textarea
              id={`${id}-message`}
              className="textarea w-full"
              rows={3}
              maxLength={QUOTE_LIMITS.message}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
            {errors.message ? <p className="text-xs text-error">{errors.message}</p> : null}
          </div>
          {failure ? (
            <p role="alert" className="alert text-sm alert-error">
              {failure}
            </p>
          ) : null}
          <div className="modal-action mt-0">
            <button type="button" className="btn btn-ghost" onClick={onClose} disabled={sending}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={sending}>
              {sending ? <span className="loading loading-sm loading-spinner" aria-hidden="true" /> : null}
              Send request
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}
