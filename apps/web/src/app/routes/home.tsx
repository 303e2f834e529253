import { DEFAULT_SORT, TOP_PRODUCTS_COUNT, type Product } from '@b2b/shared';
import { useDeferredValue } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { CategoryTiles } from '@/features/home/components/category-tiles';
import { CompanyStats } from '@/features/home/components/company-stats';
import { HeroCarousel } from '@/features/home/components/hero-carousel';
import { productKeys } from '@/features/products/api/query-keys';
import { ProductCard } from '@/features/products/components/product-card';
import { apiFetchPage } from '@/lib/api-client';

/*
 * The first page of the catalogue, asked for with exactly the parameters (and cached under the
 * same key) that useProducts({ limit: 6 }) would use, but without its list-query validation:
 * that brings the schema library along, which the landing page does not otherwise need.
 */
const topProductsQuery = queryOptions({
  queryKey: productKeys.list({ limit: TOP_PRODUCTS_COUNT }),
  queryFn: ({ signal }) =>
    apiFetchPage<Product>('/products', { query: { limit: TOP_PRODUCTS_COUNT, offset: 0, sort: DEFAULT_SORT }, signal }),
});

function TopProducts() {
  const products = useQuery(topProductsQuery);
  // Drawn in the background, in slices React can interrupt, while the page finishes loading.
  const page = useDeferredValue(products.data);

  let body;
  if (products.isError) body = <ErrorState error={products.error} onRetry={() => void products.refetch()} />;
  else if (!page) body = <LoadingState />;
  else if (page.items.length === 0) body = <EmptyState>No products found.</EmptyState>;
  else
    body = (
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {page.items.map((product) => (
          <li key={product._id}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="home-top-products" className="bg-base-100 py-14">
      <div className="mx-auto max-w-7xl px-4">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="home-top-products" className="text-3xl font-bold">
              Top Products
            </h2>
            <p className="mt-2 text-base-content/70">Popular picks from our wholesale catalogue.</p>
          </div>
          <Link to={paths.allProducts} className="btn btn-outline btn-primary">
            View all products
          </Link>
        </div>
        {body}
      </div>
    </section>
  );
}

export default function HomeRoute() {
  return (
    <>
      <PageTitle page="Home" />
      <h1 className="sr-only">B2B Wholesale Platform</h1>
      <HeroCarousel />
      <CategoryTiles />
      <TopProducts />
      <CompanyStats />
    </>
  );
}
