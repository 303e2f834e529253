import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, MAX_LIST_OFFSET, ORDER_STATUSES, type OrderStatus } from '@b2b/shared';

const MAX_PAGE = Math.floor(MAX_LIST_OFFSET / DEFAULT_PAGE_SIZE) + 1;
const isStatus = (value: string | null): value is OrderStatus =>
  value !== null && (ORDER_STATUSES as readonly string[]).includes(value);

/**
 * The status filter and the page of an order list live in the URL (?status=placed&page=2), so
 * a reload or a shared link shows the same list. A new filter goes back to the first page.
 */
export function useOrderListParams() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : null;
  const page = Math.min(MAX_PAGE, Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const offset = (page - 1) * DEFAULT_PAGE_SIZE;

  /** Sets or clears one filter of the URL (`status`, or another list's own), back to page 1. */
  const setFilter = useCallback(
    (key: string, value: string | null) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          if (value) updated.set(key, value);
          else updated.delete(key);
          updated.delete('page');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setStatus = useCallback((next: OrderStatus | null) => setFilter('status', next), [setFilter]);

  const setOffset = useCallback(
    (nextOffset: number) =>
      setParams((previous) => {
        const updated = new URLSearchParams(previous);
        const nextPage = Math.min(MAX_PAGE, Math.floor(nextOffset / DEFAULT_PAGE_SIZE) + 1);
        if (nextPage > 1) updated.set('page', String(nextPage));
        else updated.delete('page');
        return updated;
      }),
    [setParams],
  );

  return {
    status,
    offset,
    limit: DEFAULT_PAGE_SIZE,
    maxOffset: (MAX_PAGE - 1) * DEFAULT_PAGE_SIZE,
    query: { limit: DEFAULT_PAGE_SIZE, offset, ...(status ? { status } : {}) },
    setStatus,
    setOffset,
    params,
    setFilter,
  };
}
