import { Link, useParams } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { totalLabel } from '@/components/ui/pagination';
import { ErrorState, LoadingState, OwnPagesOnly } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { sameEmail } from '@/lib/email';
import { useMyProducts } from '@/features/products/api/get-my-products';
import { ProductRowLinks } from '@/features/products/components/product-row-links';
import { ListPagination } from '@/features/products/components/list-pagination';
import { ProductSearch } from '@/features/products/components/product-search';
import { SearchCorrection } from '@/features/products/components/search-correction';
import { ProductsTable } from '@/features/products/components/products-table';
import { useLastPageWhenPastEnd, useListParams } from '@/features/products/hooks/use-list-params';
import { useDeleteProductFlow } from '@/features/products/hooks/use-delete-product-flow';
import { ExportButtons } from '@/features/imports/components/export-buttons';

export default function MyProductsRoute() {
  const { email = '' } = useParams();
  const { user } = useAuth();
  const own = sameEmail(email, user?.email);
  const list = useListParams();
  const { q, offset, limit, update } = list;
  const products = useMyProducts(email, { limit, offset, q: q || undefined }, { enabled: own });
  useLastPageWhenPastEnd(products.data, { offset, limit, update });
  const { deleteWithConfirm, pendingId } = useDeleteProductFlow();

  let body;
  if (!own)
    body = (
      <OwnPagesOnly
        message="You can only see your own listings."
        to={user ? paths.myProducts(user.email) : null}
        linkText="Go to my products"
      />
    );
  else if (products.isPending) body = <LoadingState />;
  else if (products.isError) {
    body =
      products.error instanceof ApiError && products.error.status === 403 ? (
        <OwnPagesOnly
          message="You can only see your own listings."
          to={user ? paths.myProducts(user.email) : null}
          linkText="Go to my products"
        />
      ) : (
        <ErrorState error={products.error} onRetry={() => void products.refetch()} />
      );
  } else {
    body = (
      <div
        className={products.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
        aria-busy={products.isFetching}
      >
        <ProductsTable
          label="My products"
          stackBelowDesktop
          products={products.data.items}
          startIndex={offset}
          renderActions={(product) => (
            <>
              <ProductRowLinks id={product._id} />
              <button
                type="button"
                className="btn btn-outline btn-error btn-xs"
                disabled={pendingId === product._id}
                onClick={() => void deleteWithConfirm(product)}
              >
                Delete
              </button>
            </>
          )}
        />
        <ListPagination page={products.data} list={list} />
      </div>
    );
  }

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <PageTitle page="My Products" />
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">All Products</h1>
          <p className="mt-1 text-base-content/70">
            Products you listed{products.data ? ` (${totalLabel(products.data, offset)})` : ''}.
          </p>
        </div>
        {own ? (
          <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
            <ProductSearch value={q} onSearch={(next) => update({ q: next })} />
            <Link to={paths.addProduct} className="btn btn-primary btn-sm">
              Add a product
            </Link>
            <Link to={paths.importProducts} className="btn btn-outline btn-primary btn-sm">
              Import products
            </Link>
            <ExportButtons />
          </div>
        ) : null}
      </header>
      {own ? <SearchCorrection correctedQuery={products.data?.correctedQuery} className="mb-4" /> : null}
      {body}
    </section>
  );
}
