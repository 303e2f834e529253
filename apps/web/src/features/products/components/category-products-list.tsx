import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useYourPrices } from '@/lib/my-prices';
import type { Category } from '@b2b/shared';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { knownTotal, totalLabel } from '@/components/ui/pagination';
import { ProductFilters } from './product-filters';
import { ListPagination } from './list-pagination';
import { categoryProductsQueryOptions } from '../api/get-category-products';
import { filterQuery, useLastPageWhenPastEnd, useListParams } from '../hooks/use-list-params';
import { ProductGrid } from './product-grid';
import { ProductSearch } from './product-search';
import { SearchCorrection } from './search-correction';
import { SortSelect } from './sort-select';

/** "1 product", "25+ products"; an estimate reads "about 12,400 results". */
function totalText(...args: Parameters<typeof knownTotal>): string {
  const { count, exact, estimate } = knownTotal(...args);
  return `${totalLabel(...args)} ${estimate ? 'results' : exact && count === 1 ? 'product' : 'products'}`;
}

type CategoryProductsListProps = { category: Category | null; emptyText: string };

/** One page of a category's products (or of all products) with search and pagination. */
export function CategoryProductsList({ category, emptyText }: CategoryProductsListProps) {
  const list = useListParams();
  const { q, sort, offset, limit, update, filters } = list;
  const products = useQuery({
    ...categoryProductsQueryOptions(category, {
      limit,
      offset,
      q: q || undefined,
      sort,
      available: filters.available ? 'true' : undefined,
      ...filterQuery(filters),
    }),
    placeholderData: keepPreviousData,
  });
  useLastPageWhenPastEnd(products.data, { offset, limit, update });
  const yourPrices = useYourPrices(products.data?.items);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-base-content/70" aria-live="polite">
          {products.data ? totalText(products.data, offset) : '\u00a0'}
          {q ? ` matching “${products.data?.correctedQuery ?? q}”` : ''}
        </p>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:items-center">
          <SortSelect value={sort} searching={q !== ''} onChange={(next) => update({ sort: next })} />
          <ProductSearch value={q} onSearch={(next) => update({ q: next })} />
        </div>
      </div>
      <ProductFilters
        list={list}
        category={category ?? undefined}
        total={products.data ? totalLabel(products.data, offset) : undefined}
        ready={products.data !== undefined || products.isError}
      >
        <SearchCorrection correctedQuery={products.data?.correctedQuery} className="mb-4" />
        {products.isPending ? (
          <LoadingState />
        ) : products.isError ? (
          <ErrorState error={products.error} onRetry={() => void products.refetch()} />
        ) : products.data.items.length === 0 ? (
          <EmptyState>{emptyText}</EmptyState>
        ) : (
          // Busy while another page is on its way: the previous page stays on screen (dimmed) until then,
          // and nobody (no screen reader, no test's listSettled) should read it as the new one.
          <div
            className={products.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
            aria-busy={products.isFetching}
          >
            <ProductGrid products={products.data.items} headingLevel="h2" yourPrices={yourPrices} />
            <ListPagination page={products.data} list={list} />
          </div>
        )}
      </ProductFilters>
    </div>
  );
}
