import { useEffect, useRef, type MouseEvent } from 'react';
import { TRADE_LIMITS } from '@b2b/shared';
import { formatCount, formatPrice } from '@/lib/format';
import {
  newTierRow,
  tierErrorKey,
  type FieldErrors,
  type LadderPreview,
  type TierPart,
  type TierRow,
} from '../utils/product-form-values';

type PriceTierEditorProps = {
  /** Prefix of every id inside, so the form can focus a row's box (`${idPrefix}-${row.key}-${part}`). */
  idPrefix: string;
  label: string;
  rows: TierRow[];
  errors: FieldErrors;
  preview: LadderPreview;
  disabled: boolean;
  onChange: (rows: TierRow[]) => void;
  onEdit: (row: TierRow, part: TierPart) => void;
  /** A box was left, or a row removed (`rows`: the rows left): the form checks the ladder again. */
  onLeave: (rows?: TierRow[]) => void;
};

/*
 * Leaving a tier box checks the ladder, and a message under a row moves everything below it. A
 * press on Add or Remove would take focus (and so leave the box) on mouse down and move the
 * button away before mouse up: the click would be lost. These buttons keep focus where it is
 * instead; they move it themselves (to the new row, or to Add), and the box is left then.
 */
const keepFocus = (event: MouseEvent<HTMLButtonElement>) => event.preventDefault();

export const tierInputId = (idPrefix: string, rowKey: string, part: TierPart) => `${idPrefix}-${rowKey}-${part}`;

const HINT =
  "Lower unit prices from a quantity on. A buyer's total of this product in their cart decides the price they pay.";

/** "Buyers pay $10.00 each, $9.20 each from 50 units, $8.50 each from 200 units." */
function previewText(preview: NonNullable<LadderPreview>): string {
  if (preview.state === 'incomplete') return 'Fill in the price and every tier to see what buyers pay.';
  if (preview.state === 'invalid') return 'Each tier needs a larger quantity and a lower price than the one before.';
  const steps = preview.tiers.map((tier) => `${formatPrice(tier.price)} each from ${formatCount(tier.minQty)} units`);
  return `Buyers pay ${[`${formatPrice(preview.price)} each`, ...steps].join(', ')}.`;
}

/**
 * The volume price ladder of the product form: up to TRADE_LIMITS.priceTiers rows of "from
 * quantity" and "unit price", each row's problems under it, and a preview of what buyers pay.
 */
export function PriceTierEditor({
  idPrefix,
  label,
  rows,
  errors,
  preview,
  disabled,
  onChange,
  onEdit,
  onLeave,
}: PriceTierEditorProps) {
  const addRef = useRef<HTMLButtonElement>(null);
  // The box to focus after the next render: a new row's quantity.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current === null) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const full = rows.length >= TRADE_LIMITS.priceTiers;
  const hintId = `${idPrefix}-hint`;
  const limitId = `${idPrefix}-limit`;
  const editorError = errors.priceTiers;

  const add = () => {
    const row = newTierRow();
    onChange([...rows, row]);
    focusNext.current = tierInputId(idPrefix, row.key, 'minQty');
  };
  const remove = (key: string) => {
    // Focus goes to Add first, so a box being left is checked on the ladder as it was…
    addRef.current?.focus();
    const next = rows.filter((row) => row.key !== key);
    onChange(next);
    // …and then the rows left are checked again: their numbers, and so their messages, change.
    onLeave(next);
  };
  const edit = (row: TierRow, part: TierPart, value: string) => {
    onChange(rows.map((r) => (r.key === row.key ? { ...r, [part]: value } : r)));
    onEdit(row, part);
  };

  return (
    <fieldset
      className="flex flex-col gap-3 rounded-box border border-base-300 p-4 md:col-span-2"
      aria-describedby={[hintId, editorError ? `${idPrefix}-error` : ''].filter(Boolean).join(' ')}
    >
      <legend className="px-1 text-sm font-medium">
        {label} <span className="font-normal text-base-content/60">(optional)</span>
      </legend>
      <p id={hintId} className="text-xs text-base-content/60">
        {HINT}
      </p>
      {rows.length > 0 ? (
        <ol className="flex flex-col gap-3">
          {rows.map((row, index) => {
            const tier = index + 1;
            const box = (part: TierPart, label: string) => {
              const id = tierInputId(idPrefix, row.key, part);
              return { part, label, id, error: errors[tierErrorKey(row.key, part)], errorId: `${id}-error` };
            };
            const boxes = [box('minQty', 'From quantity'), box('price', 'Unit price (USD)')];
            return (
              <li key={row.key} className="flex flex-col gap-1.5">
                {/* Phones: "Tier n" and Remove on a line, the two boxes below; wider: all on one line. */}
                <div className="grid grid-cols-2 items-end gap-x-3 gap-y-1.5 sm:grid-cols-[3.5rem_1fr_1fr_auto]">
                  <span className="self-center text-sm font-semibold sm:self-end sm:pb-2.5">Tier {tier}</span>
                  <button
                    type="button"
                    className="btn justify-self-end btn-ghost text-error btn-sm sm:order-last sm:mb-1"
                    onMouseDown={keepFocus}
                    onClick={() => remove(row.key)}
                    disabled={disabled}
                    aria-label={`Remove tier ${tier}`}
                  >
                    Remove
                  </button>
                  {boxes.map(({ part, label, id, error, errorId }) => (
                    <div key={part} className="flex min-w-0 flex-col gap-1">
                      <label htmlFor={id} className="text-xs text-base-content/70">
                        <span className="sr-only">Tier {tier}: </span>
                        {label}
                      </label>
                      <input
                        id={id}
                        type="number"
                        inputMode={part === 'price' ? 'decimal' : 'numeric'}
                        min={part === 'price' ? 0 : 2}
                        step={part === 'price' ? 0.01 : 1}
                        value={row[part]}
                        disabled={disabled}
                        onChange={(event) => edit(row, part, event.currentTarget.value)}
                        onBlur={(event) => {
                          // Submit checks every row itself; marking them now would move Submit from under the pointer.
                          const next = event.relatedTarget;
                          if (!(next instanceof HTMLButtonElement && next.type === 'submit')) onLeave();
                        }}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? errorId : undefined}
                        className={error ? 'input w-full input-error' : 'input w-full'}
                      />
                    </div>
                  ))}
                </div>
                {boxes.map(({ part, error, errorId }) =>
                  error ? (
                    <p key={part} id={errorId} className="text-sm text-error">
                      {error}
                    </p>
                  ) : null,
                )}
              </li>
            );
          })}
        </ol>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <button
          ref={addRef}
          id={`${idPrefix}-add`}
          type="button"
          className="btn btn-outline btn-primary btn-sm"
          onMouseDown={keepFocus}
          onClick={add}
          disabled={disabled || full}
          aria-describedby={full ? limitId : undefined}
        >
          Add a tier
        </button>
        <p id={limitId} className="text-xs text-base-content/60">
          {full ? `That is the most: ${TRADE_LIMITS.priceTiers} tiers.` : `Up to ${TRADE_LIMITS.priceTiers} tiers.`}
        </p>
      </div>
      {editorError ? (
        <p id={`${idPrefix}-error`} className="text-sm text-error">
          {editorError}
        </p>
      ) : null}
      {/* Always in the page, so screen readers hear the preview change as the ladder is typed. */}
      <p aria-live="polite" className={preview ? 'rounded-box bg-base-200 px-3 py-2 text-sm' : 'sr-only'}>
        {preview ? previewText(preview) : ''}
      </p>
    </fieldset>
  );
}
