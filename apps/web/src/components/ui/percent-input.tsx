import type { InputHTMLAttributes } from 'react';

/**
 * A percentage with up to two decimals (a tax rate, a discount): a number field that phones open
 * with a decimal keypad, from 0 to `max` (100 unless said), in steps of 0.01. The value stays the
 * text typed; the shared schemas judge it once it is sent.
 */
export function PercentInput({
  max = 100,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'min' | 'step'>) {
  return <input type="number" inputMode="decimal" min={0} max={max} step={0.01} {...props} />;
}
