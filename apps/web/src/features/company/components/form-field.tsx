import type { ReactNode } from 'react';
import type { z } from 'zod';

/** A label, the control, an optional hint and the field's error, wired with aria-describedby. */
export function FormField({
  id,
  label,
  hint,
  error,
  className = '',
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  className?: string;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children(describedBy)}
      {hint ? (
        <p id={hintId} className="text-xs text-base-content/70">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The first message of each top-level field of a failed shared-schema parse. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    found[key] ??= issue.message;
  }
  return found;
}
