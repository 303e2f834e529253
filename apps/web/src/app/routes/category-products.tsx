import { useParams } from 'react-router';
import { isCategory } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { EmptyState } from '@/components/ui/states';
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
        // An unknown category has no products; asking the API would only earn a 400.
        <EmptyState>
          <p>{EMPTY_TEXT}</p>
          <p className="mt-2 text-sm">“{id}” is not one of our categories. Pick one above.</p>
        </EmptyState>
      )}
    </section>
  );
}
