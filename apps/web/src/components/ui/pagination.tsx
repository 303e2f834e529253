import type { ApiPage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';

/** What a pager needs to know of the page on screen. */
export type ListPage = Pick<ApiPage<unknown>, 'items' | 'total' | 'totalIsExact' | 'nextCursor'> &
  Partial<Pick<ApiPage<unknown>, 'totalIsEstimate'>>;

type PaginationProps = {
  page: ListPage;
  limit: number;
  offset: number;
  /** The deepest offset the server accepts: no page that starts past it is offered. */
  maxOffset?: number;
  onChange: (offset: number) => void;
};

/**
 * What is known of a list's size. A lower bound or an estimate from the server may fall short
 * of the rows already on screen; the list is then at least as long as what was seen.
 */
export function knownTotal(page: ListPage, offset: number): { count: number; exact: boolean; estimate: boolean } {
  if (page.totalIsExact) return { count: page.total, exact: true, estimate: false };
  return {
    count: Math.max(page.total, offset + page.items.length),
    exact: false,
    estimate: page.totalIsEstimate ?? false,
  };
}

/** A total as text: "1,234"; "10,000+" for a lower bound; "about 12,400" for an estimate. */
export function formatTotal({ count, exact, estimate }: ReturnType<typeof knownTotal>): string {
  return estimate ? `about ${formatCount(count)}` : formatCount(count, exact);
}

/** The list's size as text (formatTotal). */
export function totalLabel(page: ListPage, offset: number): string {
  return formatTotal(knownTotal(page, offset));
}

/** Numbered pages with Previous/Next; pages far from the current one collapse into an ellipsis. */
export function pageItems(current: number, count: number): (number | 'gap')[] {
  const wanted = new Set([1, count, current - 1, current, current + 1].filter((p) => p >= 1 && p <= count));
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  sorted.forEach((page, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && page - previous > 1) items.push('gap');
    items.push(page);
  });
  return items;
}

/**
 * With an exact total, every page up to the last is numbered. With a lower bound there is no
 * last page to name: only the pages around this one, and Next while more rows exist. Either
 * way no page starts past `maxOffset`; on the deepest page the server serves, a hint to narrow
 * the list takes the place of Next.
 */
export function Pagination({ page, limit, offset, maxOffset = Number.POSITIVE_INFINITY, onChange }: PaginationProps) {
  const known = knownTotal(page, offset);
  const { count: total, exact } = known;
  const current = Math.floor(offset / limit) + 1;
  const hasMore = exact ? offset + limit < total : page.nextCursor !== null || offset + page.items.length < total;
  const lastReachable = Math.floor(maxOffset / limit) + 1;
  const last = Math.min(exact ? Math.ceil(total / limit) : current + (hasMore ? 1 : 0), lastReachable);
  if (last <= 1 && current <= 1) return null;
  const atBound = hasMore && current >= lastReachable;
  const goTo = (target: number) => onChange((target - 1) * limit);

  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-col items-center gap-3">
      {page.items.length > 0 ? (
        <p className="text-sm text-base-content/70">
          Showing {formatCount(offset + 1)}–{formatCount(offset + page.items.length)} of {formatTotal(known)} results
        </p>
      ) : null}
      <div className="join">
        <button
          type="button"
          className="btn join-item btn-sm"
          disabled={current <= 1}
          onClick={() => goTo(current - 1)}
        >
          Previous
        </button>
        {pageItems(current, last).map((item, i) =>
          item === 'gap' ? (
            <span key={`gap-${i}`} className="btn btn-disabled join-item btn-sm" aria-hidden="true">
              …
            </span>
          ) : (
            <button
              key={item}
              type="button"
              className={`btn join-item btn-sm ${item === current ? 'btn-primary' : ''}`}
              aria-current={item === current ? 'page' : undefined}
              aria-label={`Page ${item}`}
              onClick={() => goTo(item)}
            >
              {formatCount(item)}
            </button>
          ),
        )}
        {atBound ? null : (
          <button
            type="button"
            className="btn join-item btn-sm"
            disabled={current >= last}
            onClick={() => goTo(current + 1)}
          >
            Next
          </button>
        )}
      </div>
      {atBound ? (
        <p className="max-w-md text-center text-sm text-base-content/70">
          That is as far as the pages go. Narrow your search or filters to see more.
        </p>
      ) : null}
    </nav>
  );
}
