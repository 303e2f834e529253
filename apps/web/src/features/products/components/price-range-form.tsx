import { useId, useState, type FormEvent } from 'react';
import type { ListFilters, ListParamChanges } from '../hooks/use-list-params';

const PRICE_PATTERN = /^\d{0,10}(\.\d{0,2})?$/;

/**
 * A typed price range. "Under" is exclusive, as the bands are ("$10 – $25" lists $10.00 up to
 * $24.99), so a range typed here lists what the band with the same edges counts.
 */
export function PriceRangeForm({
  filters,
  onChange,
}: {
  filters: ListFilters;
  onChange: (changes: ListParamChanges) => void;
}) {
  const [min, setMin] = useState(filters.price.min === undefined ? '' : String(filters.price.min));
  const [max, setMax] = useState(filters.price.max === undefined ? '' : String(filters.price.max));
  const [error, setError] = useState<string | null>(null);
  // The fields follow the URL (a band chosen, a chip removed, Back) until the user types again.
  const [shown, setShown] = useState(filters.price);
  if (shown.min !== filters.price.min || shown.max !== filters.price.max) {
    setShown(filters.price);
    setMin(filters.price.min === undefined ? '' : String(filters.price.min));
    setMax(filters.price.max === undefined ? '' : String(filters.price.max));
    setError(null);
  }
  const minId = useId();
  const maxId = useId();
  const errorId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const low = min.trim();
    const high = max.trim();
    if (!PRICE_PATTERN.test(low) || !PRICE_PATTERN.test(high)) {
      setError('Enter prices as numbers, e.g. 10 or 24.99.');
      return;
    }
    const lowValue = low === '' ? undefined : Number(low);
    const highValue = high === '' ? undefined : Number(high);
    if (lowValue !== undefined && highValue !== undefined && lowValue >= highValue) {
      setError('“Under” must be more than “From”.');
      return;
    }
    setError(null);
    onChange({ price: lowValue === undefined && highValue === undefined ? null : { min: lowValue, max: highValue } });
  }

  return (
    <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-2 px-2" aria-label="Price range">
      <div className="flex items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={minId} className="text-xs text-base-content/70">
            From ($)
          </label>
          <input
            id={minId}
            inputMode="decimal"
            className="input w-full input-sm"
            value={min}
            onChange={(event) => setMin(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={maxId} className="text-xs text-base-content/70">
            Under ($)
          </label>
          <input
            id={maxId}
            inputMode="decimal"
            className="input w-full input-sm"
            value={max}
            onChange={(event) => setMax(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <button type="submit" className="btn btn-outline btn-primary btn-sm">
          Apply
        </button>
      </div>
      {error ? (
        <p id={errorId} className="text-xs text-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
