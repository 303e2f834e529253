import { useDeferredValue } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AVAILABLE_THRESHOLD, type ProductListQuery } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { formatTotal, knownTotal, totalLabel } from '@/components/ui/pagination';
import { formatCount } from '@/lib/format';
import { productsQueryOptions } from '@/features/products/api/get-products';
import { ProductGrid } from '@/features/products/components/product-grid';
import { ProductFilters } from '@/features/products/components/product-filters';
import { ProductRowLinks } from '@/features/products/components/product-row-links';
import { ListPagination } from '@/features/products/components/list-pagination';
import { ProductSearch } from '@/features/products/components/product-search';
import { SearchCorrection } from '@/features/products/components/search-correction';
import { ProductsTable } from '@/features/products/components/products-table';
import { SortSelect } from '@/features/products/components/sort-select';
import {
  filterQuery,
  useLastPageWhenPastEnd,
  useListParams,
  type ProductView,
} from '@/features/products/hooks/use-list-params';
import { useNarrowScreen } from '@/features/products/hooks/use-narrow-screen';
import { useYourPrices } from '@/lib/my-prices';

const VIEWS: { value: ProductView; label: string }[] = [
  { value: 'table', label: 'Table View' },
  { value: 'card', label: 'Card View' },
];

/** "1,234 found." as before; an estimate reads "About 12,400 results." */
function foundText(...args: Parameters<typeof knownTotal>): string {
  const known = knownTotal(...args);
  return known.estimate ? `About ${formatCount(known.count)} results.` : `${formatTotal(known)} found.`;
}

export default function AllProductsRoute() {
  // Ten columns do not fit a phone: there the list opens as cards (Table View stays a tap away).
  const narrow = useNarrowScreen();
  const list = useListParams(narrow ? 'card' : 'table');
  const { available, filters, view, q, sort, offset, limit, update } = list;
  const query: ProductListQuery = {
    limit,
    offset,
    available: available ? 'true' : undefined,
    q: q || undefined,
    sort,
    ...filterQuery(filters),
  };
  const products = useQuery({ ...productsQueryOptions(query), placeholderData: keepPreviousData });
  useLastPageWhenPastEnd(products.data, { offset, limit, update });
  // A page of products is drawn in the background, in slices React can interrupt, not in one long
  // task: a phone stays responsive while 24 cards are built (the previous page or the loading
  // state stays until they are ready).
  const page = useDeferredValue(products.data);
  // The signed-in buyer's contract prices for the products on this page ("Your price").
  const yourPrices = useYourPrices(page?.items);

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <PageTitle page="All Products" />
      <header className="mb-6 flex flex-col gap-4">
        <div>
          <h1 className="text-3xl font-bold">All Products</h1>
          <p className="mt-1 text-base-content/70">
            {q
              ? `Showing products whose name or brand matches “${q}”${available ? `, with more than ${AVAILABLE_THRESHOLD} units in stock` : ''}.`
              : available
                ? `Showing products with more than ${AVAILABLE_THRESHOLD} units in stock.`
                : 'Showing every product in the catalogue.'}
            {page ? (
              ` ${foundText(page, offset)}`
            ) : (
              // Holds the count's room until it is known, so the line does not wrap later and
              // push the list down (a layout shift on a phone).
              <span className="invisible" aria-hidden="true">
                {' 1,000 found.'}
              </span>
            )}
          </p>
        </div>
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              className="btn btn-outline btn-primary btn-sm"
              onClick={() => update({ available: !available })}
            >
              {available ? 'Show All Products' : 'Show Available Products'}
            </button>
            <div className="join" role="group" aria-label="View">
              {VIEWS.map((option) => (
                <button
                  key={option.value}
                  type="button"
                  aria-pressed={view === option.value}
                  className={`btn join-item btn-sm ${view === option.value ? 'btn-primary' : 'border-base-300 btn-ghost'}`}
                  onClick={() => update({ view: option.value })}
                >
                  {option.label}
                </button>
              ))}
            </div>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <SortSelect value={sort} searching={q !== ''} onChange={(next) => update({ sort: next })} />
            <ProductSearch value={q} onSearch={(next) => update({ q: next })} />
          </div>
        </div>
      </header>
      <SearchCorrection correctedQuery={page?.correctedQuery} className="mb-4" />

      <ProductFilters
        list={list}
        total={page ? totalLabel(page, offset) : undefined}
        // The counts are asked for once the first page is drawn, not while it is being drawn.
        ready={page !== undefined || products.isError}
        besideList={view === 'card'}
      >
        {products.isError ? (
          <ErrorState error={products.error} onRetry={() => void products.refetch()} />
        ) : !page ? (
          <LoadingState />
        ) : (
          <div
            className={products.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
            // Busy while a page is fetched, and while the drawn page still lags the fetched one.
            aria-busy={products.isFetching || page !== products.data}
          >
            {view === 'table' ? (
              <ProductsTable
                label="All products"
                products={page.items}
                startIndex={offset}
                renderActions={(product) => <ProductRowLinks id={product._id} />}
                yourPrices={yourPrices}
              />
            ) : page.items.length === 0 ? (
              <EmptyState>No products found.</EmptyState>
            ) : (
              <ProductGrid products={page.items} showMinQty headingLevel="h2" yourPrices={yourPrices} />
            )}
            <div className="mt-6">
              <ListPagination page={page} list={list} />
            </div>
          </div>
        )}
      </ProductFilters>
    </section>
  );
}
