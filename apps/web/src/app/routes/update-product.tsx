import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { TOAST_MS } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { showAlert } from '@/components/ui/dialogs';
import { LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useProductOwnership } from '@/features/products/hooks/use-product-ownership';
import { useProduct } from '@/features/products/api/get-product';
import { useUpdateProduct } from '@/features/products/api/update-product';
import { ProductForm } from '@/features/products/components/product-form';
import { ProductLoadError } from '@/features/products/components/product-load-error';
import { productToFormValues } from '@/features/products/utils/product-form-values';

export default function UpdateProductRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const product = useProduct(id);
  const { mayEdit, pending } = useProductOwnership(product.data);
  const { mutateAsync } = useUpdateProduct();
  // Once per loaded product: the form compares what is typed with it to send only changed trade rules.
  const initialValues = useMemo(() => (product.data ? productToFormValues(product.data) : null), [product.data]);

  let body;
  if (product.isPending || pending) body = <LoadingState />;
  else if (product.isError) {
    body = <ProductLoadError error={product.error} onRetry={() => void product.refetch()} />;
  } else if (!mayEdit) {
    // The API refuses anyway; saying so up front spares the seller's visitors a failing form.
    body = (
      <div role="note" className="alert alert-soft alert-info">
        <span>
          {product.data.seller
            ? `Only ${product.data.seller.name}’s admins and catalogue managers can edit “${product.data.name}”.`
            : `Only the seller (${product.data.email}) can edit “${product.data.name}”.`}{' '}
          <Link to={paths.productDetails(product.data._id)} className="link">
            View the product
          </Link>
        </span>
      </div>
    );
  } else {
    const item = product.data;
    body = (
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body p-5 sm:p-8">
          <ProductForm
            key={item._id}
            mode="update"
            submitLabel="Update"
            initialValues={initialValues ?? undefined}
            onSubmit={async (data) => {
              const result = await mutateAsync({ id: item._id, data });
              if (result.modifiedCount > 0) {
                await showAlert({ icon: 'success', title: 'Product updated successfully', timerMs: TOAST_MS });
              } else {
                await showAlert({ icon: 'info', title: 'No changes made', text: "You didn't modify any fields." });
              }
              navigate(paths.allProducts);
              return { reset: false };
            }}
          />
        </div>
      </div>
    );
  }

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <PageTitle page="Update Product" />
      <header className="mb-6">
        <h1 className="text-3xl font-bold">Update Product</h1>
        {product.data ? <p className="mt-1 text-base-content/70">{product.data.name}</p> : null}
      </header>
      {body}
    </section>
  );
}
