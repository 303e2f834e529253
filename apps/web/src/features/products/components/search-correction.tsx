/**
 * When nothing matched the search as typed, the API answers for a corrected spelling; this
 * says which. The live region is always rendered, so a screen reader announces the notice
 * when it appears rather than only finding it later.
 */
type SearchCorrectionProps = {
  correctedQuery: string | null | undefined;
  /** Spacing for the notice when it shows. */
  className?: string;
};

export function SearchCorrection({ correctedQuery, className = '' }: SearchCorrectionProps) {
  return (
    <p
      role="status"
      aria-live="polite"
      className={correctedQuery ? `text-sm text-base-content/80 ${className}` : 'sr-only'}
    >
      {correctedQuery ? `Showing results for “${correctedQuery}”` : ''}
    </p>
  );
}
