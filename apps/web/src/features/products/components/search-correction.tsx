/**
 * When nothing matched the search as typed, the API answers for a corrected spelling; this
 * says which. The live region is always rendered, so a screen reader announces the notice
 * when it appears rather than only finding it later.
 */
export function SearchCorrection({ correctedQuery }: { correctedQuery: string | null | undefined }) {
  return (
    <p role="status" aria-live="polite" className={correctedQuery ? 'text-sm text-base-content/80' : 'sr-only'}>
      {correctedQuery ? `Showing results for “${correctedQuery}”` : ''}
    </p>
  );
}
