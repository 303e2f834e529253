import { useState } from 'react';
import { LIMITS } from '@b2b/shared';

type QuantityStepperProps = {
  id: string;
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  /** Id of the text that explains the field (e.g. the minimum order). */
  describedBy?: string;
};

const clamp = (n: number) => Math.min(LIMITS.quantity, Math.max(1, Math.floor(n)));

/** Plus/minus buttons around a number field; the value never goes below 1. */
export function QuantityStepper({ id, value, onChange, disabled = false, describedBy }: QuantityStepperProps) {
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
  return (
    <div className="join">
      <button
        type="button"
        className="btn join-item"
        aria-label="Decrease quantity"
        disabled={disabled || value <= 1}
        onClick={() => set(value - 1)}
      >
        −
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        // No browser spinner: the buttons on either side are the stepper.
        className="input join-item w-24 [appearance:textfield] text-center [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        value={text}
        disabled={disabled}
        aria-describedby={describedBy}
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
        disabled={disabled || value >= LIMITS.quantity}
        onClick={() => set(value + 1)}
      >
        +
      </button>
    </div>
  );
}
