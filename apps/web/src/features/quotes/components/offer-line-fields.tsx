import type { QuoteLine } from '@b2b/shared';
import { formatCount, formatPrice } from '@/lib/format';
import { productMeta } from './quote-lines';
import { offerLineTotal, rulesHint, type OfferErrors, type OfferLineValues } from '../utils/offer-form';

type OfferLineFieldsProps = {
  line: QuoteLine;
  values: OfferLineValues;
  errors: OfferErrors;
  disabled: boolean;
  idPrefix: string;
  onChange: (field: keyof OfferLineValues, value: string) => void;
};

/**
 * One line of the offer: what the buyer asked (quantity, target, list and their own price) beside
 * the quantity and unit price to offer, and the line's total. Stacked on a phone; one row from 640 px.
 */
export function OfferLineFields({ line, values, errors, disabled, idPrefix, onChange }: OfferLineFieldsProps) {
  const id = (field: keyof OfferLineValues) => `${idPrefix}-${line.productId}-${field}`;
  const total = offerLineTotal(values);
  const rules = rulesHint(line);
  const field = (name: keyof OfferLineValues, label: string, input: { step: number; min: number; max?: number }) => {
    const error = errors[`${line.productId}.${name}`];
    return (
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={id(name)} className="text-sm font-medium">
          {label}
          <span className="sr-only"> of {line.name}</span>
        </label>
        <input
          id={id(name)}
          type="number"
          inputMode={name === 'unitPrice' ? 'decimal' : 'numeric'}
          className={`input w-full tabular-nums ${error ? 'input-error' : ''}`}
          value={values[name]}
          step={input.step}
          min={input.min}
          max={input.max}
          disabled={disabled}
          onChange={(event) => onChange(name, event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id(name)}-error` : undefined}
        />
        {error ? (
          <p id={`${id(name)}-error`} className="text-xs text-error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <li className="grid grid-cols-2 gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-[minmax(0,1fr)_7rem_8rem_7rem] sm:items-start">
      <div className="col-span-2 min-w-0 sm:col-span-1">
        <p className="font-medium break-words">{line.name}</p>
        <p className="text-xs break-all text-base-content/70">{productMeta(line)}</p>
        <p className="text-xs text-base-content/70 tabular-nums">
          Asked {formatCount(line.quantity)} · target {line.targetPrice === null ? '–' : formatPrice(line.targetPrice)}{' '}
          · list {formatPrice(line.listPrice)} · their price {formatPrice(line.yourPrice)}
        </p>
        {rules ? <p className="text-xs text-base-content/70">{rules}</p> : null}
        {/* What the API said of the line as a whole (its field is the product's id). */}
        {errors[line.productId] ? <p className="text-xs text-error">{errors[line.productId]}</p> : null}
      </div>
      {field('quantity', 'Quantity', {
        step: line.packSize,
        min: line.minSellQty,
        ...(line.maxOrderQty === null ? {} : { max: line.maxOrderQty }),
      })}
      {field('unitPrice', 'Unit price', { step: 0.01, min: 0 })}
      <p className="col-span-2 flex justify-between gap-2 text-sm sm:col-span-1 sm:flex-col sm:items-end sm:gap-1">
        <span className="font-medium sm:text-sm">Line total</span>
        <span className="font-semibold tabular-nums sm:pt-2">{total === null ? '–' : formatPrice(total)}</span>
      </p>
    </li>
  );
}
