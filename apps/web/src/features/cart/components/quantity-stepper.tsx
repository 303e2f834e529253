import { useState } from 'react';
import { LIMITS } from '@b2b/shared';

type QuantityStepperProps = {
  id: string;
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  /** Ids of the texts that explain the field (the minimum order, the pack, a problem). */
  describedBy?: string;
  invalid?: boolean;
  /** What plus and minus move by: 1, or the pack size. */
  step?: number;
  /** Minus stops here: 1 (the spec), or the minimum order for packs. */
  min?: number;
};

const clamp = (n: number) => Math.min(LIMITS.quantity, Math.max(1, Math.floor(n)));

/**
 * Plus/minus buttons around a number field; the value never goes below 1. With a step, the
 * buttons move to the next multiple of it up or down (from 7 in packs of 6: 12 and 6), while a
 * typed value stays as typed: the dialog explains why it cannot be bought instead of changing it.
 */
export function QuantityStepper({
  id,
  value,
  onChange,
  disabled = false,
  describedBy,
  invalid = false,
  step = 1,
  min = 1,
}: QuantityStepperProps) {
  /*
   * The text is kept apart from the number so the field can be emptied while typing a new
   * value. Whenever it holds a number, that number is the stored one: 0, -3 or 2.5 are
   * replaced at once by what would be bought.
   */
  const [text, setText] = useState(String(value));
  // A value set from outside (e.g. "Buy the minimum") replaces what the field shows.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }
  const set = (next: number) => {
    const clamped = clamp(next);
    setText(String(clamped));
    setShown(clamped);
    onChange(clamped);
  };
  const offStep = value % step;
  const down = Math.max(min, offStep === 0 ? value - step : value - offStep);
  const up = value - offStep + step;
  return (
    <div className="join">
      <button
        type="button"
        className="btn join-item"
        aria-label="Decrease quantity"
        disabled={disabled || value <= Math.max(1, min)}
        onClick={() => set(down)}
      >
        −
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={Math.max(1, min)}
        step={step}
        // No browser spinner: the buttons on either side are the stepper.
        className={`input join-item w-24 [appearance:textfield] text-center [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none ${invalid ? 'input-error' : ''}`}
        value={text}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          const raw = event.currentTarget.value;
          const parsed = Number(raw);
          if (raw.trim() === '' || !Number.isFinite(parsed)) setText(raw);
          else set(parsed);
        }}
        onBlur={() => setText(String(value))}
      />
      <button
        type="button"
        className="btn join-item"
        aria-label="Increase quantity"
        disabled={disabled || up > LIMITS.quantity}
        onClick={() => set(up)}
      >
        +
      </button>
    </div>
  );
}
