import { Link, useParams } from 'react-router';
import { isCategory } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { paths } from '@/config/paths';
import { CategoryChips } from '@/features/products/components/category-chips';
import { CategoryProductsList } from '@/features/products/components/category-products-list';

const EMPTY_TEXT = 'No products found in this category.';

export default function CategoryProductsRoute() {
  const { id = '' } = useParams();
  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle page={`Products in Category: ${id}`} />
      <h1 className="text-3xl font-bold break-words">Products in Category: {id}</h1>
      <CategoryChips />
      {isCategory(id) ? (
        <CategoryProductsList category={id} emptyText={EMPTY_TEXT} />
      ) : (
        // Not an empty category but no category at all; asking the API would only earn a 400.
        <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-3 py-16 text-center">
          <p className="text-lg font-semibold">Unknown category</p>
          <p className="text-base-content/70">“{id}” is not one of our categories. Pick one above, or see them all.</p>
          <Link to={paths.categories} className="btn mt-2 btn-primary btn-sm">
            Back to Categories
          </Link>
        </div>
      )}
    </section>
  );
}
