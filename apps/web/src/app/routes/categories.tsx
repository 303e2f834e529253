import { PageTitle } from '@/components/layout/page-title';
import { CategoryChips } from '@/features/products/components/category-chips';
import { CategoryProductsList } from '@/features/products/components/category-products-list';

export default function CategoriesRoute() {
  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle page="Categories" />
      <h1 className="text-3xl font-bold">Products in Category: All</h1>
      <CategoryChips />
      <CategoryProductsList category={null} emptyText="No products found." />
    </section>
  );
}
