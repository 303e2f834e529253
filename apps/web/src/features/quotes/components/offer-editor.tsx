import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { QUOTE_LIMITS, TOAST_MS, type Quote } from '@b2b/shared';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { formatPrice } from '@/lib/format';
import { useOfferQuote } from '../api/offer-quote';
import {
  fieldOfPath,
  initialOffer,
  offerNet,
  readOffer,
  type OfferErrors,
  type OfferValues,
} from '../utils/offer-form';
import { validityRange } from '../utils/validity';
import { OfferLineFields } from './offer-line-fields';

const EMPTY_LINE = { quantity: '', unitPrice: '' };

type OfferEditorProps = {
  quote: Quote;
  /** After the offer is sent, or on Cancel (when the editor was opened by hand). */
  onDone?: () => void;
};

/**
 * The seller's offer: per line a quantity (within the product's trade rules) and a unit price,
 * prefilled from the standing offer or the buyer's own price; until when it holds (proposed:
 * today + DEFAULT_QUOTE_VALIDITY_DAYS) and a message. Each offer sent is a new version.
 */
export function OfferEditor({ quote, onDone }: OfferEditorProps) {
  const idPrefix = useId();
  const offer = useOfferQuote();
  const [values, setValues] = useState<OfferValues>(() => initialOffer(quote));
  const [errors, setErrors] = useState<OfferErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const range = validityRange();
  const net = offerNet(quote, values);
  const again = quote.versions.length > 0;

  const clear = (key: string) => setErrors(({ [key]: _cleared, ...rest }) => rest);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const read = readOffer(quote, values);
    if (!read.ok) {
      setErrors(read.errors);
      // The first field in the form's order, as it is read.
      const order = [
        ...quote.lines.flatMap((l) => [`${l.productId}.quantity`, `${l.productId}.unitPrice`]),
        'validUntil',
      ];
      const first = order.find((key) => read.errors[key]);
      if (first) document.getElementById(`${idPrefix}-${first.replace('.', '-')}`)?.focus();
      return;
    }
    setErrors({});
    try {
      const updated = await offer.mutateAsync({ id: quote._id, body: read.body });
      toast.success(`Offer sent to ${quote.buyer.name || quote.buyer.email} (version ${updated.version ?? 1}).`, {
        duration: TOAST_MS,
      });
      onDone?.();
    } catch (error) {
      const details = error instanceof ApiError ? (error.details ?? []) : [];
      if (details.length > 0) {
        setErrors(Object.fromEntries(details.map((detail) => [fieldOfPath(quote, detail.field), detail.message])));
      }
      setFailure(errorMessage(error));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <ul aria-label="Prices to offer" className="flex flex-col gap-3">
        {quote.lines.map((line) => (
          <OfferLineFields
            key={line.productId}
            line={line}
            values={values.lines[line.productId] ?? EMPTY_LINE}
            errors={errors}
            disabled={offer.isPending}
            idPrefix={idPrefix}
            onChange={(field, value) => {
              setValues((previous) => ({
                ...previous,
                lines: {
                  ...previous.lines,
                  [line.productId]: { ...(previous.lines[line.productId] ?? EMPTY_LINE), [field]: value },
                },
              }));
              clear(`${line.productId}.${field}`);
            }}
          />
        ))}
      </ul>
      {errors.lines ? <p className="text-sm text-error">{errors.lines}</p> : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${idPrefix}-validUntil`} className="text-sm font-medium">
            Valid until
          </label>
          <input
            id={`${idPrefix}-validUntil`}
            type="date"
            className={`input w-full ${errors.validUntil ? 'input-error' : ''}`}
            value={values.validUntil}
            min={range.min}
            max={range.max}
            required
            disabled={offer.isPending}
            onChange={(event) => {
              const validUntil = event.target.value;
              setValues((previous) => ({ ...previous, validUntil }));
              clear('validUntil');
            }}
            aria-invalid={errors.validUntil ? true : undefined}
            aria-describedby={`${idPrefix}-validUntil-hint`}
          />
          <p
            id={`${idPrefix}-validUntil-hint`}
            className={`text-xs ${errors.validUntil ? 'text-error' : 'text-base-content/70'}`}
          >
            {errors.validUntil ?? 'To the end of that day (UTC).'}
          </p>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${idPrefix}-message`} className="text-sm font-medium">
            Message to the buyer <span className="font-normal text-base-content/60">(optional)</span>
          </label>
          <textarea
            id={`${idPrefix}-message`}
            className="textarea w-full"
            rows={2}
            maxLength={QUOTE_LIMITS.message}
            value={values.message}
            disabled={offer.isPending}
            onChange={(event) => {
              const message = event.target.value;
              setValues((previous) => ({ ...previous, message }));
            }}
          />
          {errors.message ? <p className="text-xs text-error">{errors.message}</p> : null}
        </div>
      </div>
      {failure ? (
        <p role="alert" className="alert text-sm alert-error">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">
          Net total <span className="font-semibold tabular-nums">{net === null ? '–' : formatPrice(net)}</span>
          <span className="block text-xs text-base-content/70">Prices are net; tax is added to the order.</span>
        </p>
        <div className="flex flex-wrap gap-2">
          {onDone && again ? (
            <button type="button" className="btn btn-ghost" onClick={onDone} disabled={offer.isPending}>
              Cancel
            </button>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={offer.isPending}>
            {offer.isPending ? <span className="loading loading-sm loading-spinner" aria-hidden="true" /> : null}
            {again ? 'Send new offer' : 'Send offer'}
          </button>
        </div>
      </div>
    </form>
  );
}
