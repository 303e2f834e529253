import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@b2b/shared';

export type ProductView = 'table' | 'card';

type ListParamChanges = { available?: boolean; view?: ProductView; q?: string; offset?: number };
type UpdateOptions = { replace?: boolean };

/**
 * Filter, view, search and page live in the URL, so a reload or a shared link shows the same
 * list. Changing the filter or the search goes back to the first page.
 */
export function useListParams(defaultView: ProductView = 'table') {
  const [params, setParams] = useSearchParams();
  const available = params.get('available') === 'true';
  const viewParam = params.get('view');
  const view: ProductView = viewParam === 'card' || viewParam === 'table' ? viewParam : defaultView;
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const offset = (page - 1) * DEFAULT_PAGE_SIZE;

  const update = useCallback(
    (changes: ListParamChanges, options: UpdateOptions = {}) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          const set = (key: string, value: string | null) => (value === null ? next.delete(key) : next.set(key, value));
          if (changes.available !== undefined) set('available', changes.available ? 'true' : null);
          if (changes.view !== undefined) set('view', changes.view === defaultView ? null : changes.view);
          if (changes.q !== undefined) set('q', changes.q.trim() === '' ? null : changes.q.trim());
          if (changes.available !== undefined || changes.q !== undefined) next.delete('page');
          if (changes.offset !== undefined) {
            const nextPage = Math.floor(changes.offset / DEFAULT_PAGE_SIZE) + 1;
            set('page', nextPage > 1 ? String(nextPage) : null);
          }
          return next;
        },
        // Only a page change is worth its own history entry.
        { replace: options.replace ?? changes.offset === undefined },
      );
    },
    [setParams, defaultView],
  );

  return { available, view, q, page, offset, limit: DEFAULT_PAGE_SIZE, update };
}

/**
 * When the page in the URL is past the end of the list (its last row was deleted, or the
 * link is old), show the last page instead, replacing the URL rather than adding to history.
 */
export function useLastPageWhenPastEnd(
  total: number | undefined,
  { offset, limit, update }: Pick<ReturnType<typeof useListParams>, 'offset' | 'limit' | 'update'>,
) {
  useEffect(() => {
    if (total === undefined || total === 0 || offset < total) return;
    update({ offset: (Math.ceil(total / limit) - 1) * limit }, { replace: true });
  }, [total, offset, limit, update]);
}
