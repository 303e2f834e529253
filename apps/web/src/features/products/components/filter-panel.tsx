import { useState, type ReactNode } from 'react';
import { AVAILABLE_THRESHOLD, PRICE_BANDS, RATING_FLOORS, type Facet, type Facets } from '@b2b/shared';
import { formatCount } from '@/lib/format';
import type { ListFilters, ListParamChanges } from '../hooks/use-list-params';
import { facetCount, priceRangeLabel, ratingLabel } from '../utils/filter-labels';
import { PriceRangeForm } from './price-range-form';

type FilterPanelProps = {
  filters: ListFilters;
  /** The counts for the current query; undefined while the first ones load or when they failed. */
  facets: Facets | undefined;
  /** The counts could not be loaded: the options stay usable without them. */
  facetsFailed: boolean;
  onRetry: () => void;
  onChange: (changes: ListParamChanges) => void;
};

/** What the availability filter is called, in the panel and on its chip. */
export const AVAILABLE_FILTER_LABEL = `More than ${AVAILABLE_THRESHOLD} in stock`;

const byValue = (facets: Facet[] | undefined) => new Map((facets ?? []).map((facet) => [facet.value, facet]));

/** A facet's count at the end of its row; a chosen row's count takes the row's colour. */
function Count({ facet, chosen = false }: { facet: Facet | undefined; chosen?: boolean }) {
  return facet ? (
    <span className={`ml-auto shrink-0 text-xs ${chosen ? '' : 'text-base-content/70'}`}>{facetCount(facet)}</span>
  ) : null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="border-t border-base-300 pt-4 first:border-t-0 first:pt-0">
      {/* min-w-0: a fieldset is at least as wide as its longest word by default, and a long brand
          name then pushed the counts out of the panel, under the list beside it. */}
      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-semibold">{title}</legend>
        {children}
      </fieldset>
    </div>
  );
}

/** A choice that is on or off: a row with its label, its count and a pressed state. */
function ToggleRow({
  pressed,
  disabled,
  onClick,
  children,
  facet,
}: {
  pressed: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
  facet: Facet | undefined;
}) {
  return (
    <li>
      <button
        type="button"
        aria-pressed={pressed}
        disabled={disabled}
        onClick={onClick}
        className={`flex min-h-9 w-full items-center gap-2 rounded-field px-2 text-left text-sm hover:bg-base-200 disabled:cursor-not-allowed disabled:opacity-50 ${pressed ? 'bg-primary/10 font-semibold text-primary' : ''}`}
      >
        <span>{children}</span>
        <Count facet={facet} chosen={pressed} />
      </button>
    </li>
  );
}

/**
 * The filter panel: availability, brands (the top ones by count, and how many more), price
 * bands or a typed range, rating floors. Each option shows how many products it would list with
 * the other filters as they are (the API counts each facet without its own filter), so a second
 * brand can be added after the first. Every change goes straight to the URL.
 */
export function FilterPanel({ filters: inUrl, facets, facetsFailed, onRetry, onChange: change }: FilterPanelProps) {
  // A box ticks the moment it is clicked: the URL (and so `inUrl`) follows a moment later, once
  // the router has navigated; a controlled checkbox would spring back until then.
  const [filters, setFilters] = useState(inUrl);
  const [seen, setSeen] = useState(inUrl);
  if (!sameFilters(seen, inUrl)) {
    setSeen(inUrl);
    setFilters(inUrl);
  }
  const onChange = (changes: ListParamChanges) => {
    setFilters((shown) => ({
      ...shown,
      ...(changes.available !== undefined ? { available: changes.available } : {}),
      ...(changes.brands !== undefined ? { brands: changes.brands } : {}),
    }));
    change(changes);
  };
  const available = byValue(facets?.available).get('true');
  const bands = byValue(facets?.priceBands);
  const ratings = byValue(facets?.ratings);
  // Brands chosen from a link or before the counts moved stay listed (and can be unticked).
  const listed = facets?.brands.filter((facet) => facet.value.trim() !== '') ?? [];
  const listedNames = new Set(listed.map((facet) => facet.value));
  const brands: { value: string; facet: Facet | undefined }[] = [
    ...filters.brands.filter((brand) => !listedNames.has(brand)).map((value) => ({ value, facet: undefined })),
    ...listed.map((facet) => ({ value: facet.value, facet })),
  ];
  const bandPressed = (min: number, max: number | null) =>
    (filters.price.min ?? 0) === min && filters.price.max === (max ?? undefined);

  return (
    <div className="flex flex-col gap-4">
      {facetsFailed ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-base-content/75">
          The counts could not be loaded.
          <button type="button" className="btn btn-ghost btn-xs" onClick={onRetry}>
            Retry
          </button>
        </div>
      ) : null}

      <Section title="Availability">
        <label className="flex min-h-9 cursor-pointer items-center gap-2 px-2 text-sm">
          <input
            type="checkbox"
            className="size-4 shrink-0 accent-primary"
            checked={filters.available}
            onChange={(event) => onChange({ available: event.target.checked })}
          />
          <span>{AVAILABLE_FILTER_LABEL}</span>
          <Count facet={available} />
        </label>
      </Section>

      <Section title="Brand">
        {brands.length === 0 ? (
          <p className="px-2 text-sm text-base-content/60">
            {facets ? 'No brands in these results.' : facetsFailed ? 'Brands unavailable.' : 'Loading brands…'}
          </p>
        ) : (
          <ul className="flex flex-col">
            {brands.map(({ value, facet }) => {
              const checked = filters.brands.includes(value);
              return (
                <li key={value}>
                  <label className="flex min-h-9 cursor-pointer items-center gap-2 px-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 shrink-0 accent-primary"
                      checked={checked}
                      onChange={() =>
                        onChange({
                          brands: checked
                            ? filters.brands.filter((brand) => brand !== value)
                            : [...filters.brands, value],
                        })
                      }
                    />
                    <span className="min-w-0 break-words">{value}</span>
                    <Count facet={facet} />
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        {facets && facets.brandsMore > 0 ? (
          <p className="mt-1 px-2 text-xs text-base-content/60">
            {formatCount(facets.brandsMore)} more {facets.brandsMore === 1 ? 'brand' : 'brands'}: search for a name to
            narrow the list.
          </p>
        ) : null}
      </Section>

      <Section title="Price">
        <ul className="flex flex-col">
          {PRICE_BANDS.map((band) => {
            const pressed = bandPressed(band.min, band.max);
            const facet = bands.get(band.value);
            return (
              <ToggleRow
                key={band.value}
                pressed={pressed}
                disabled={!pressed && facet?.count === 0}
                facet={facet}
                onClick={() =>
                  onChange({
                    price: pressed ? null : { min: band.min > 0 ? band.min : undefined, max: band.max ?? undefined },
                  })
                }
              >
                {priceRangeLabel({ min: band.min, max: band.max ?? undefined })}
              </ToggleRow>
            );
          })}
        </ul>
        <PriceRangeForm filters={filters} onChange={onChange} />
      </Section>

      <Section title="Rating">
        <ul className="flex flex-col">
          {RATING_FLOORS.map((floor) => {
            const pressed = filters.ratingMin === floor;
            const facet = ratings.get(String(floor));
            return (
              <ToggleRow
                key={floor}
                pressed={pressed}
                disabled={!pressed && facet?.count === 0}
                facet={facet}
                onClick={() => onChange({ ratingMin: pressed ? null : floor })}
              >
                {ratingLabel(floor)}
              </ToggleRow>
            );
          })}
        </ul>
      </Section>
    </div>
  );
}

function sameFilters(a: ListFilters, b: ListFilters): boolean {
  return (
    a.available === b.available &&
    a.brands.join('\u0000') === b.brands.join('\u0000') &&
    a.price.min === b.price.min &&
    a.price.max === b.price.max &&
    a.ratingMin === b.ratingMin
  );
}
