import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, MAX_LIST_OFFSET, SORTS, type Sort } from '@b2b/shared';
import type { ListPage } from '@/components/ui/pagination';

export type ProductView = 'table' | 'card';

/** `null` is the list's default order: relevance while searching, else the API's default. */
type ListParamChanges = { available?: boolean; view?: ProductView; q?: string; sort?: Sort | null; offset?: number };
type UpdateOptions = { replace?: boolean };

/** The deepest page whose offset the API still accepts; past it, it answers 400. */
const MAX_PAGE = Math.floor(MAX_LIST_OFFSET / DEFAULT_PAGE_SIZE) + 1;
const MAX_OFFSET = (MAX_PAGE - 1) * DEFAULT_PAGE_SIZE;

/**
 * Filter, view, search, sort and page live in the URL, so a reload or a shared link shows the same
 * list. Changing the filter, the search or the sort goes back to the first page. A page past the
 * deepest one the API serves (an old or edited link) is read as that deepest page.
 */
export function useListParams(defaultView: ProductView = 'table') {
  const [params, setParams] = useSearchParams();
  const available = params.get('available') === 'true';
  const viewParam = params.get('view');
  const view: ProductView = viewParam === 'card' || viewParam === 'table' ? viewParam : defaultView;
  const q = params.get('q') ?? '';
  const sortParam = params.get('sort');
  // Relevance needs a search (the API refuses it without one): an old link falls back to the default.
  const sort: Sort | undefined =
    (SORTS as readonly string[]).includes(sortParam ?? '') && (sortParam !== 'relevance' || q !== '')
      ? (sortParam as Sort)
      : undefined;
  const requestedPage = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const page = Math.min(requestedPage, MAX_PAGE);
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
          if (changes.sort !== undefined) set('sort', changes.sort);
          // Without a search there is nothing to be relevant to.
          if (!next.get('q') && next.get('sort') === 'relevance') next.delete('sort');
          if (changes.available !== undefined || changes.q !== undefined || changes.sort !== undefined) {
            next.delete('page');
          }
          if (changes.offset !== undefined) {
            const nextPage = Math.min(Math.floor(changes.offset / DEFAULT_PAGE_SIZE) + 1, MAX_PAGE);
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

  useEffect(() => {
    if (requestedPage > MAX_PAGE) update({ offset: MAX_OFFSET }, { replace: true });
  }, [requestedPage, update]);

  return { available, view, q, sort, page, offset, limit: DEFAULT_PAGE_SIZE, maxOffset: MAX_OFFSET, update };
}

export type ListParams = ReturnType<typeof useListParams>;

/**
 * When the page in the URL is past the end of the list (its last row was deleted, or the
 * link is old), show the last page instead, replacing the URL rather than adding to history.
 * A lower-bound total says nothing about where the list ends, so only an empty page counts
 * as past the end then, and the way back never lands further on than the page before.
 */
export function useLastPageWhenPastEnd(
  page: ListPage | undefined,
  { offset, limit, update }: Pick<ReturnType<typeof useListParams>, 'offset' | 'limit' | 'update'>,
) {
  const total = page?.total ?? 0;
  const exact = page?.totalIsExact ?? true;
  const pastEnd = page !== undefined && total > 0 && (exact ? offset >= total : offset > 0 && page.items.length === 0);
  useEffect(() => {
    if (!pastEnd) return;
    const lastPageOffset = (Math.ceil(total / limit) - 1) * limit;
    update(
      { offset: exact ? lastPageOffset : Math.max(0, Math.min(lastPageOffset, offset - limit)) },
      { replace: true },
    );
  }, [pastEnd, total, exact, offset, limit, update]);
}
