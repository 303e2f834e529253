type PaginationProps = {
  total: number;
  limit: number;
  offset: number;
  onChange: (offset: number) => void;
};

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

export function Pagination({ total, limit, offset, onChange }: PaginationProps) {
  const pageCount = Math.ceil(total / limit);
  if (pageCount <= 1) return null;
  const current = Math.floor(offset / limit) + 1;
  const goTo = (page: number) => onChange((page - 1) * limit);

  return (
    <nav aria-label="Pagination" className="mt-8 flex justify-center">
      <div className="join">
        <button
          type="button"
          className="btn join-item btn-sm"
          disabled={current <= 1}
          onClick={() => goTo(current - 1)}
        >
          Previous
        </button>
        {pageItems(current, pageCount).map((item, i) =>
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
              {item}
            </button>
          ),
        )}
        <button
          type="button"
          className="btn join-item btn-sm"
          disabled={current >= pageCount}
          onClick={() => goTo(current + 1)}
        >
          Next
        </button>
      </div>
    </nav>
  );
}
