import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_PAGE_SIZE,
  MAX_BRAND_FILTERS,
  MAX_LIST_OFFSET,
  SORTS,
  type ProductListQuery,
  type Sort,
} from '@b2b/shared';
import type { ListPage } from '@/components/ui/pagination';

export type ProductView = 'table' | 'card';

/** A price range: priceMin ≤ price < priceMax (the API's priceMax is exclusive, like its bands). */
export type PriceRange = { min?: number | undefined; max?: number | undefined };

/** The narrowing filters besides the search: what the filter panel and its chips show. */
export type ListFilters = {
  available: boolean;
  brands: string[];
  price: PriceRange;
  ratingMin: number | undefined;
};

/**
 * `null` is the list's default order: relevance while searching, else the API's default.
 * `price: null` and `ratingMin: null` remove that filter; `clearFilters` removes every filter
 * (brands, price, rating, available) and keeps the search, sort and view.
 */
export type ListParamChanges = {
  available?: boolean;
  view?: ProductView;
  q?: string;
  sort?: Sort | null;
  offset?: number;
  brands?: string[];
  price?: PriceRange | null;
  ratingMin?: number | null;
  clearFilters?: boolean;
};
type UpdateOptions = { replace?: boolean };

/** The deepest page whose offset the API still accepts; past it, it answers 400. */
const MAX_PAGE = Math.floor(MAX_LIST_OFFSET / DEFAULT_PAGE_SIZE) + 1;
const MAX_OFFSET = (MAX_PAGE - 1) * DEFAULT_PAGE_SIZE;
/** The API's bounds for a price and a rating (facetFilterFields in the shared package). */
const MAX_PRICE = 9_999_999_999.99;
const MAX_BRAND_LENGTH = 100;

/** A number the URL holds within [0, max], or undefined for anything else (an edited link). */
function boundedNumber(value: string | null, max: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 && number <= max ? number : undefined;
}

/**
 * The filters in a URL, kept within what the API accepts, so an edited or old link lists
 * something rather than failing: brands deduplicated and capped, a price range whose minimum
 * passes its maximum dropped, a rating outside 0–5 ignored.
 */
export function readFilters(params: URLSearchParams): ListFilters {
  const brands = [
    ...new Set(params.getAll('brand').filter((brand) => brand.trim() !== '' && brand.length <= MAX_BRAND_LENGTH)),
  ].slice(0, MAX_BRAND_FILTERS);
  const min = boundedNumber(params.get('priceMin'), MAX_PRICE);
  const max = boundedNumber(params.get('priceMax'), MAX_PRICE);
  const price = min !== undefined && max !== undefined && min > max ? {} : { min, max };
  return {
    available: params.get('available') === 'true',
    brands,
    price,
    ratingMin: boundedNumber(params.get('ratingMin'), 5),
  };
}

/** Whether any filter narrows the list (the search aside). */
export function hasFilters(filters: ListFilters): boolean {
  return (
    filters.available ||
    filters.brands.length > 0 ||
    filters.price.min !== undefined ||
    filters.price.max !== undefined ||
    filters.ratingMin !== undefined
  );
}

/** The filters as a list query's facet fields (available is sent as the list's own field). */
export function filterQuery(
  filters: ListFilters,
): Pick<ProductListQuery, 'brand' | 'priceMin' | 'priceMax' | 'ratingMin'> {
  return {
    brand: filters.brands.length > 0 ? filters.brands : undefined,
    priceMin: filters.price.min,
    priceMax: filters.price.max,
    ratingMin: filters.ratingMin,
  };
}

/** A number as the URL writes it: "25", "12.5". */
const numberParam = (value: number | undefined) => (value === undefined ? null : String(value));

/**
 * Filters, view, search, sort and page live in the URL, so a reload or a shared link shows the same
 * list. Changing a filter, the search or the sort goes back to the first page. A page past the
 * deepest one the API serves (an old or edited link) is read as that deepest page.
 */
export function useListParams(defaultView: ProductView = 'table') {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const { available } = filters;
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
          if (changes.clearFilters) {
            for (const key of ['available', 'brand', 'priceMin', 'priceMax', 'ratingMin']) next.delete(key);
          }
          if (changes.available !== undefined) set('available', changes.available ? 'true' : null);
          if (changes.brands !== undefined) {
            next.delete('brand');
            for (const brand of new Set(changes.brands)) next.append('brand', brand);
          }
          if (changes.price !== undefined) {
            set('priceMin', numberParam(changes.price?.min));
            set('priceMax', numberParam(changes.price?.max));
          }
          if (changes.ratingMin !== undefined) set('ratingMin', numberParam(changes.ratingMin ?? undefined));
          if (changes.view !== undefined) set('view', changes.view === defaultView ? null : changes.view);
          if (changes.q !== undefined) set('q', changes.q.trim() === '' ? null : changes.q.trim());
          if (changes.sort !== undefined) set('sort', changes.sort);
          // Without a search there is nothing to be relevant to.
          if (!next.get('q') && next.get('sort') === 'relevance') next.delete('sort');
          const narrowed = [changes.available, changes.brands, changes.price, changes.ratingMin, changes.clearFilters];
          if (
            narrowed.some((change) => change !== undefined) ||
            changes.q !== undefined ||
            changes.sort !== undefined
          ) {
            next.delete('page');
          }
          if (changes.offset !== undefined) {
            const nextPage = Math.min(Math.floor(changes.offset / DEFAULT_PAGE_SIZE) + 1, MAX_PAGE);
            set('page', nextPage > 1 ? String(nextPage) : null);
          }
          return next;
        },
        {
          // A page and a filter are each worth their own history entry (Back undoes a filter);
          // typing a search, sorting and switching the view replace the current one.
          // A ticked box shows ticked at once through the filter panel's own state (filter-panel.tsx),
          // while the navigation stays a transition that keeps the list on screen.
          replace: options.replace ?? !(changes.offset !== undefined || isFilterChange(changes)),
        },
      );
    },
    [setParams, defaultView],
  );

  useEffect(() => {
    if (requestedPage > MAX_PAGE) update({ offset: MAX_OFFSET }, { replace: true });
  }, [requestedPage, update]);

  return { available, filters, view, q, sort, page, offset, limit: DEFAULT_PAGE_SIZE, maxOffset: MAX_OFFSET, update };
}

function isFilterChange(changes: ListParamChanges): boolean {
  return (
    changes.available !== undefined ||
    changes.brands !== undefined ||
    changes.price !== undefined ||
    changes.ratingMin !== undefined ||
    changes.clearFilters === true
  );
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
