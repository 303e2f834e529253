import { useId } from 'react';
import { DEFAULT_SEARCH_SORT, DEFAULT_SORT, type Sort } from '@b2b/shared';

/** Every order the API offers, as a buyer would name it; relevance only while searching. */
export const SORT_LABELS: Record<Sort, string> = {
  relevance: 'Best match',
  oldest: 'Oldest first',
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name_asc: 'Name: A to Z',
  rating_desc: 'Rating: high to low',
};

const ORDER: readonly Sort[] = ['relevance', 'oldest', 'newest', 'price_asc', 'price_desc', 'name_asc', 'rating_desc'];

type SortSelectProps = {
  /** The sort in the URL; undefined is the list's default. */
  value: Sort | undefined;
  /** Whether a search is active: it adds "Best match" and makes it the default. */
  searching: boolean;
  /** Receives null when the default order is chosen, so the URL stays clean. */
  onChange: (sort: Sort | null) => void;
};

/** The order of a product list, sorted by the API (`sort`). */
export function SortSelect({ value, searching, onChange }: SortSelectProps) {
  const id = useId();
  const fallback = searching ? DEFAULT_SEARCH_SORT : DEFAULT_SORT;
  const options = ORDER.filter((sort) => searching || sort !== 'relevance');
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm whitespace-nowrap text-base-content/70">
        Sort by
      </label>
      <select
        id={id}
        className="select w-auto select-sm"
        value={value ?? fallback}
        onChange={(event) => {
          const next = event.currentTarget.value as Sort;
          onChange(next === fallback ? null : next);
        }}
      >
        {options.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
