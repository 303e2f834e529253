import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, MAX_LIST_OFFSET, ORDER_STATUSES, type OrderStatus } from '@b2b/shared';

const MAX_PAGE = Math.floor(MAX_LIST_OFFSET / DEFAULT_PAGE_SIZE) + 1;
const isStatus = (value: string | null): value is OrderStatus =>
  value !== null && (ORDER_STATUSES as readonly string[]).includes(value);

/**
 * Company orders' filters and page live in the URL (?member=uid&status=placed&page=2), so a reload
 * or a shared link shows the same list; a new filter goes back to the first page.
 */
export function useCompanyOrderParams() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : null;
  const member = params.get('member') || null;
  const page = Math.min(MAX_PAGE, Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const offset = (page - 1) * DEFAULT_PAGE_SIZE;

  const setFilter = useCallback(
    (key: 'status' | 'member', value: string | null) =>
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
    member,
    offset,
    limit: DEFAULT_PAGE_SIZE,
    maxOffset: (MAX_PAGE - 1) * DEFAULT_PAGE_SIZE,
    query: { limit: DEFAULT_PAGE_SIZE, offset, ...(status ? { status } : {}), ...(member ? { member } : {}) },
    setStatus: (value: OrderStatus | null) => setFilter('status', value),
    setMember: (value: string | null) => setFilter('member', value),
    setOffset,
  };
}
