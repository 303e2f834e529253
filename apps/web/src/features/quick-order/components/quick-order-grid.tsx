import { useEffect, useId, useState } from 'react';
import { SellerName } from '@/components/ui/seller-name';
import { useSkuSuggestions } from '../api/get-sku-suggestions';
import type { DraftLine } from '../utils/parse-lines';

type QuickOrderGridProps = {
  lines: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
};

/** What the buyer typed, once they pause: one SKU lookup per pause, not per key. */
function useDebounced(value: string, ms = 250): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The SKU suggestions of the row being typed in, as a native datalist: the browser draws the
 * list, filters it as the buyer types and reads it to screen readers, on phones too.
 */
function SkuSuggestions({ id, prefix }: { id: string; prefix: string }) {
  const suggestions = useSkuSuggestions(useDebounced(prefix.trim()));
  return (
    <datalist id={id}>
      {(suggestions.data ?? []).map((s) => (
        <option key={s.productId} value={s.sku}>
          {`${s.name} (pack ${s.packSize}, min ${s.minSellQty})`}
        </option>
      ))}
    </datalist>
  );
}

/**
 * Rows of SKU and quantity, typed one by one. Below 640 px each row stacks (SKU over quantity),
 * so the grid never scrolls sideways.
 */
export function QuickOrderGrid({ lines, onChange }: QuickOrderGridProps) {
  const listId = useId();
  const [active, setActive] = useState<number | null>(null);
  const update = (index: number, change: Partial<DraftLine>) =>
    onChange(
      lines.map((line, i) => {
        if (i !== index) return line;
        const next = { ...line, ...change };
        // A new SKU is a new product: the seller chosen for the old one no longer applies.
        if (change.sku !== undefined && change.sku !== line.sku) delete next.sellerEmail;
        return next;
      }),
    );

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 font-semibold">Type lines</legend>
      <ol className="flex flex-col gap-3">
        {lines.map((line, index) => {
          const n = index + 1;
          return (
            <li
              key={index}
              className="grid grid-cols-[1fr_auto] items-end gap-2 max-sm:rounded-box max-sm:border max-sm:border-base-300 max-sm:p-3 sm:grid-cols-[2rem_minmax(0,1fr)_8rem_auto]"
            >
              <span className="hidden pb-2 text-sm text-base-content/60 sm:block" aria-hidden="true">
                {n}
              </span>
              <label className="flex min-w-0 flex-col gap-1 text-sm max-sm:col-span-2">
                <span>Row {n}: SKU</span>
                <input
                  className="input w-full"
                  value={line.sku}
                  list={active === index ? listId : undefined}
                  autoComplete="off"
                  spellCheck={false}
                  onFocus={() => setActive(index)}
                  onChange={(event) => update(index, { sku: event.target.value })}
                />
              </label>
              <label className="flex flex-col gap-1 text-sm">
                <span>Row {n}: Quantity</span>
                <input
                  className="input w-full"
                  inputMode="numeric"
                  value={line.quantity}
                  onChange={(event) => update(index, { quantity: event.target.value })}
                />
              </label>
              <button
                type="button"
                className="btn btn-ghost"
                aria-label={`Remove row ${n}`}
                onClick={() => onChange(lines.filter((_, i) => i !== index))}
              >
                ✕
              </button>
              {line.sellerEmail ? (
                <p className="text-xs text-base-content/70 max-sm:col-span-2 sm:col-start-2 sm:col-end-5">
                  Seller: <SellerName email={line.sellerEmail} />
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <SkuSuggestions id={listId} prefix={active === null ? '' : (lines[active]?.sku ?? '')} />
      <button
        type="button"
        className="btn self-start btn-outline btn-sm"
        onClick={() => onChange([...lines, { sku: '', quantity: '' }])}
      >
        Add a row
      </button>
    </fieldset>
  );
}
