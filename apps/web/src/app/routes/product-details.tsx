import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { sameEmail } from '@/lib/email';
import { useMyPrices } from '@/lib/my-prices';
import { useProductHold } from '@/features/cart/api/get-product-hold';
import { PurchaseDialog } from '@/features/cart/components/purchase-dialog';
import { AddToList } from '@/features/lists/components/add-to-list';
import { validityText } from '@/features/price-lists/validity';
import { useProduct } from '@/features/products/api/get-product';
import { productKeys } from '@/features/products/api/query-keys';
import { ProductDetailsView } from '@/features/products/components/product-details-view';
import { useProductOwnership } from '@/features/products/hooks/use-product-ownership';
import { useDeleteProductFlow } from '@/features/products/hooks/use-delete-product-flow';
import { ProductLoadError } from '@/features/products/components/product-load-error';

export default function ProductDetailsRoute() {
  const { id = '' } = useParams();
  return (
    <>
      <PageTitle page="Product Details" />
      {/* A new key per product, so an open purchase dialog does not follow Back to another product. */}
      <ProductDetailsPage key={id} id={id} />
    </>
  );
}

function ProductDetailsPage({ id }: { id: string }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const product = useProduct(id);
  const { isOwner, mayEdit } = useProductOwnership(product.data);
  const { deleteWithConfirm, pendingId } = useDeleteProductFlow();
  const [buying, setBuying] = useState(false);
  // What the buyer's cart holds of it decides the volume price and the room under the maximum,
  // and the answer carries the buyer's own prices (a contract's): asked by every signed-in buyer,
  // never for the seller's own product.
  const rules = product.data;
  const buyer = Boolean(user && rules && !sameEmail(rules.email, user.email));
  const hold = useProductHold(user?.email ?? '', id, { enabled: buyer });
  const held = hold.data?.quantity ?? 0;
  // Where the buyer's price comes from (a contract's name and dates), for one unit.
  const mine = useMyPrices(buyer && user ? user.uid : null, buyer ? [{ productId: id, quantity: 1 }] : []);
  const contract = mine.data?.[0]?.source === 'contract' ? mine.data[0].priceList : undefined;

  if (product.isPending) return <LoadingState />;
  if (product.isError) {
    return (
      <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
        <ProductLoadError error={product.error} onRetry={() => void product.refetch()} />
      </section>
    );
  }

  const seller = product.data.seller;
  // The prices this buyer is offered (the API's pricing seam decides them), where the page asked.
  const item =
    hold.data && !isOwner
      ? { ...product.data, price: hold.data.price, priceTiers: hold.data.priceTiers }
      : product.data;

  const remove = async () => {
    if (await deleteWithConfirm(item)) navigate(user ? paths.myProducts(user.email) : paths.allProducts);
  };

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <ProductDetailsView
        product={item}
        held={isOwner ? 0 : held}
        listPrice={item === product.data ? undefined : product.data.price}
        priceNote={
          contract ? (
            <p className="text-sm text-base-content/70">
              Agreed in “{contract.name}” · {validityText(contract)}
            </p>
          ) : null
        }
        actions={
          isOwner && !mayEdit ? null : isOwner ? (
            // A seller cannot buy their own product (the API would sell it to them from their own stock).
            <>
              <Link to={paths.updateProduct(item._id)} className="btn btn-primary">
                Update
              </Link>
              <button
                type="button"
                className="btn btn-outline btn-error"
                onClick={() => void remove()}
                disabled={pendingId === item._id}
              >
                Delete
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                className="btn btn-wide btn-primary"
                onClick={() => setBuying(true)}
                disabled={!user}
              >
                Buy
              </button>
              {user ? <AddToList product={item} /> : null}
            </>
          )
        }
        footer={
          <p className="text-sm text-base-content/70" role="note">
            {mayEdit
              ? 'This is your product: buyers see a Buy button here.'
              : isOwner
                ? `This is ${seller?.name ?? 'your company'}’s product: its admins and catalogue managers edit it.`
                : 'Only the seller can edit or delete this product.'}
          </p>
        }
      />
      {buying && user && !isOwner ? (
        <PurchaseDialog
          product={item}
          buyer={{ displayName: user.displayName, email: user.email }}
          held={held}
          onClose={() => setBuying(false)}
          onPurchased={() => queryClient.invalidateQueries({ queryKey: productKeys.all })}
        />
      ) : null}
    </section>
  );
}
