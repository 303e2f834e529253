import type { ReactNode } from 'react';

// Whole class names, so Tailwind finds them when it scans the source.
const CONTROL_CLASSES = {
  input: ['input w-full', 'input w-full input-error'],
  select: ['select w-full', 'select w-full select-error'],
  textarea: ['textarea w-full', 'textarea w-full textarea-error'],
} as const;

export function inputClass(kind: keyof typeof CONTROL_CLASSES, error: string | undefined) {
  return CONTROL_CLASSES[kind][error ? 1 : 0];
}

type FieldProps = {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  wide?: boolean;
  children: ReactNode;
};

/** A label (marked required or optional), the control, its hint and its error. */
export function Field({ id, label, required = false, hint, error, wide = false, children }: FieldProps) {
  return (
    <div className={wide ? 'flex flex-col gap-1.5 md:col-span-2' : 'flex flex-col gap-1.5'}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required ? (
          <span className="ml-1 text-error" aria-hidden="true">
            *
          </span>
        ) : (
          <span className="ml-1 font-normal text-base-content/60">(optional)</span>
        )}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-base-content/60">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
