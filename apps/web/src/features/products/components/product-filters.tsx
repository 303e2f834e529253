import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Category } from '@b2b/shared';
import { CloseIcon, FilterIcon } from '@/components/ui/icons';
import { useFacets } from '../api/get-facets';
import { hasFilters, type ListParams } from '../hooks/use-list-params';
import { useWideScreen } from '../hooks/use-narrow-screen';
import { filterChips } from '../utils/filter-labels';
import { AVAILABLE_FILTER_LABEL, FilterPanel } from './filter-panel';

type ProductFiltersProps = {
  list: ListParams;
  /** The category page's category; undefined on All Products and All categories. */
  category?: Category | undefined;
  /** The list's size as text ("1,234", "about 12,400"), for the drawer's "Show … results". */
  total?: string | undefined;
  /**
   * False until the list's first page has answered: the list is what the buyer came for, so its
   * request goes first (and alone, which lets it take the page shell's prefetched answer).
   */
  ready: boolean;
  /**
   * False keeps the panel in the drawer at every width: Table View's ten columns need the page's
   * full width at 1280 px, so there the panel opens from the "Filters" button instead.
   */
  besideList?: boolean;
  /** The list the filters narrow. */
  children: ReactNode;
};

/**
 * The filter panel beside the list from 1024 px (grids of cards), and below that (or beside a
 * table) a "Filters" button that opens it as a drawer; above the list, a chip per active filter (one click removes it) and Clear all.
 */
export function ProductFilters({ list, category, total, ready, besideList = true, children }: ProductFiltersProps) {
  const wide = useWideScreen() && besideList;
  const [open, setOpen] = useState(false);
  const { filters, q, update } = list;
  const facets = useFacets(
    {
      category,
      available: filters.available ? 'true' : undefined,
      q: q || undefined,
      brand: filters.brands.length > 0 ? filters.brands : undefined,
      priceMin: filters.price.min,
      priceMax: filters.price.max,
      ratingMin: filters.ratingMin,
    },
    ready,
  );
  const chips = filterChips(filters, AVAILABLE_FILTER_LABEL);
  const panel = (
    <FilterPanel
      filters={filters}
      facets={facets.data}
      facetsFailed={facets.isError}
      onRetry={() => void facets.refetch()}
      onChange={update}
    />
  );

  const chipRow =
    chips.length > 0 || !wide ? (
      <div className="mb-4 flex flex-wrap items-center gap-2">
        {wide ? null : (
          <button
            type="button"
            className="btn gap-1.5 border-base-300 btn-outline btn-sm"
            aria-haspopup="dialog"
            onClick={() => setOpen(true)}
          >
            <FilterIcon width={16} height={16} />
            Filters
            {chips.length > 0 ? <span className="badge badge-sm badge-primary">{chips.length}</span> : null}
          </button>
        )}
        {chips.length > 0 ? (
          <ul className="flex max-w-full flex-wrap gap-2" aria-label="Active filters">
            {chips.map((chip) => (
              <li key={chip.key}>
                <button
                  type="button"
                  className="btn max-w-full gap-1 rounded-full border-primary/30 bg-primary/10 font-normal btn-sm"
                  aria-label={`Remove filter ${chip.label}`}
                  onClick={() => update(chip.remove)}
                >
                  <span className="truncate">{chip.label}</span>
                  <CloseIcon width={14} height={14} />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {hasFilters(filters) ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => update({ clearFilters: true })}>
            Clear all
          </button>
        ) : null}
      </div>
    ) : null;

  if (!wide) {
    return (
      <div>
        {chipRow}
        {open ? (
          <FilterDrawer total={total} onClose={() => setOpen(false)}>
            {panel}
          </FilterDrawer>
        ) : null}
        {children}
      </div>
    );
  }
  return (
    <div className="grid grid-cols-[15rem_minmax(0,1fr)] items-start gap-8">
      <aside aria-labelledby="filter-panel-title" className="rounded-box border border-base-300 bg-base-100 p-4">
        <h2 id="filter-panel-title" className="mb-4 text-lg font-semibold">
          Filters
        </h2>
        {panel}
      </aside>
      <div className="min-w-0">
        {chipRow}
        {children}
      </div>
    </div>
  );
}

/**
 * The panel as a drawer from the left edge: a native modal <dialog> (focus kept inside, Escape
 * closes it, the page behind inert), mounted while open. The list updates behind it as filters
 * change; "Show … results" closes it.
 */
function FilterDrawer({
  total,
  onClose,
  children,
}: {
  total?: string | undefined;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  return (
    <dialog ref={dialogRef} className="modal modal-start" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box flex h-full max-h-none w-80 max-w-[88vw] flex-col rounded-none p-0">
        <div className="flex items-center justify-between border-b border-base-300 px-4 py-3">
          <h2 id={titleId} className="text-lg font-semibold">
            Filters
          </h2>
          <button
            type="button"
            className="btn btn-square btn-ghost btn-sm"
            aria-label="Close filters"
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-4 py-4">{children}</div>
        <div className="border-t border-base-300 p-4">
          <button type="button" className="btn w-full btn-primary" onClick={onClose}>
            {total === undefined ? 'Show results' : `Show ${total} ${total === '1' ? 'result' : 'results'}`}
          </button>
        </div>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          Close
        </button>
      </form>
    </dialog>
  );
}
