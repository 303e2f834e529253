import { TOAST_MS } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { showAlert } from '@/components/ui/dialogs';
import { useCreateProduct } from '@/features/products/api/create-product';
import { ProductForm } from '@/features/products/components/product-form';

export default function AddProductRoute() {
  const { mutateAsync } = useCreateProduct();
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <PageTitle page="Add Product" />
      <header className="mb-6">
        <h1 className="text-3xl font-bold">Add Product</h1>
        <p className="mt-1 text-base-content/70">
          List a product for wholesale buyers. Fields marked <span className="text-error">*</span> are required.
        </p>
      </header>
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body p-5 sm:p-8">
          <ProductForm
            mode="create"
            submitLabel="Submit"
            onSubmit={async (data) => {
              const result = await mutateAsync(data);
              if (!result.insertedId) throw new Error('The server did not confirm the new product.');
              void showAlert({ icon: 'success', title: 'Your data been saved successfully', timerMs: TOAST_MS });
              return { reset: true };
            }}
          />
        </div>
      </div>
    </section>
  );
}
