import { useState } from 'react';

/**
 * The pages of a list read by cursor (the API's `nextCursor`): the cursor of the page shown, and
 * the cursors of the pages before it, for "Previous". `reset` goes back to the first page (a new filter).
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<string[]>([]);
  return {
    cursor: cursors.at(-1),
    first: cursors.length === 0,
    next: (cursor: string) => setCursors([...cursors, cursor]),
    previous: () => setCursors(cursors.slice(0, -1)),
    reset: () => setCursors([]),
  };
}

/** Previous and Next under a list read by cursor; nothing when there is one page. */
export function CursorPager({ pages, next }: { pages: ReturnType<typeof useCursorPages>; next: string | null }) {
  if (pages.first && !next) return null;
  return (
    <nav aria-label="Pages" className="flex justify-between">
      <button type="button" className="btn btn-outline btn-sm" disabled={pages.first} onClick={pages.previous}>
        Previous
      </button>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={!next}
        onClick={() => next && pages.next(next)}
      >
        Next
      </button>
    </nav>
  );
}
