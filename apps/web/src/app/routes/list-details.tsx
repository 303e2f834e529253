import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router';
import { lineAmount, sumAmounts, TOAST_MS, type ListAddToCartResult, type ListLine, type SavedList } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { showAlert } from '@/components/ui/dialogs';
import { SellerName } from '@/components/ui/seller-name';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useCurrentCompany } from '@/lib/company';
import { useContractPrices } from '@/lib/my-prices';
import { errorMessage } from '@/lib/errors';
import { formatCount, formatPrice } from '@/lib/format';
import { cartKeys } from '@/features/cart/api/get-cart';
import { useAddListToCart } from '@/features/lists/api/add-list-to-cart';
import { useList } from '@/features/lists/api/get-list';
import { useRemoveListLine } from '@/features/lists/api/list-lines';
import { lineCount, ListResults } from '@/features/lists/components/list-results';
import { ListQuantityForm } from '@/features/lists/components/list-quantity-form';
import { SharedBadge } from '@/features/lists/components/shared-badge';
import { ShareToggle } from '@/features/lists/components/share-toggle';
import { useListActions } from '@/features/lists/hooks/use-list-actions';
import { productKeys } from '@/features/products/api/query-keys';
import { RequestQuote } from '@/features/quotes/components/request-quote';
import { listRequestLines } from '@/features/quotes/utils/request-lines';

export default function ListDetailsRoute() {
  const { id = '' } = useParams();
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      {/* A new key per list, so one list's results do not follow Back to another. */}
      <ListPage key={id} id={id} />
    </section>
  );
}

function ListPage({ id }: { id: string }) {
  const list = useList(id);
  if (list.isPending) return <LoadingState label="Loading list..." />;
  if (list.isError) {
    const status = list.error instanceof ApiError ? list.error.status : 0;
    if (status === 404 || status === 403 || status === 400) {
      return (
        <>
          <PageTitle page="List" />
          <EmptyState>
            <p>This list does not exist, or it is not yours.</p>
            <Link to={paths.lists} className="btn mt-4 btn-primary btn-sm">
              Go to my lists
            </Link>
          </EmptyState>
        </>
      );
    }
    return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  }
  return <ListView list={list.data} />;
}

function ListView({ list }: { list: SavedList }) {
  const { user } = useAuth();
  const company = useCurrentCompany();
  const navigate = useNavigate();
  const { onRename, onDelete, renaming, deleting } = useListActions(list, () => void navigate(paths.lists));
  // The API says who may change the list (its owner and, shared, the company's admins); only the owner shares it.
  const own = Boolean(user) && list.ownerEmail.toLowerCase() === user?.email.toLowerCase();
  const removeLine = useRemoveListLine();
  const [result, setResult] = useState<ListAddToCartResult | null>(null);
  // One key per click, reused when the same request is retried after a failure.
  const pendingKey = useRef<string | null>(null);
  const addToCart = useAddListToCart({ invalidate: [cartKeys.all, productKeys.all] });
  // A buyer with a contract sees its prices here, as on every product surface.
  const yours = useContractPrices(
    list.lines.flatMap(({ productId, quantity, product }) =>
      product ? [{ productId, quantity, price: product.price }] : [],
    ),
  );
  const total = sumAmounts(
    list.lines.map((line) =>
      line.product ? lineAmount(yours.get(line.productId) ?? line.product.price, line.quantity) : 0,
    ),
  );

  const onAdd = async () => {
    pendingKey.current ??= crypto.randomUUID();
    try {
      setResult(await addToCart.mutateAsync({ id: list._id, idempotencyKey: pendingKey.current }));
      pendingKey.current = null;
    } catch (error) {
      await showAlert({ icon: 'error', title: 'The list was not added to your cart', text: errorMessage(error) });
    }
  };

  const onRemoveLine = async (line: ListLine) => {
    try {
      await removeLine.mutateAsync({ listId: list._id, productId: line.productId });
      toast.success(`“${line.product?.name ?? line.name}” removed from the list.`, { duration: TOAST_MS });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <>
      <PageTitle page={`List ${list.name}`} />
      <header className="mb-6 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <p className="text-sm">
            <Link to={paths.lists} className="link link-primary">
              My lists
            </Link>
          </p>
          <h1 className="text-3xl font-bold break-words">{list.name}</h1>
          <p className="mt-1 break-words text-base-content/70">
            {lineCount(list.lines.length)}
            {own ? null : ` · by ${list.ownerEmail}`}
          </p>
          <SharedBadge list={list} className="mt-2" />
          {list.canEdit ? null : (
            <p className="mt-1 text-sm text-base-content/70">
              Shared with you to read and add to your cart: only its owner and the company’s admins change it.
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-primary"
            disabled={addToCart.isPending || list.lines.length === 0}
            onClick={() => void onAdd()}
          >
            {addToCart.isPending ? <span className="loading loading-sm loading-spinner" aria-hidden="true" /> : null}
            Add list to cart
          </button>
          <RequestQuote source={{ from: 'list', listId: list._id }} lines={listRequestLines(list, yours)} />
          {own && company.data ? <ShareToggle list={list} companyName={company.data.name} /> : null}
          {list.canEdit ? (
            <>
              <button type="button" className="btn btn-outline" onClick={() => void onRename()} disabled={renaming}>
                Rename
              </button>
              <button
                type="button"
                className="btn btn-outline btn-error"
                onClick={() => void onDelete()}
                disabled={deleting}
              >
                Delete
              </button>
            </>
          ) : null}
        </div>
      </header>

      {result && user ? (
        <div className="mb-6">
          <ListResults result={result} cartPath={paths.cart(user.email)} />
        </div>
      ) : null}

      {list.lines.length === 0 ? (
        <EmptyState>
          <p>This list is empty.</p>
          <p className="mt-1 text-sm">Add products from their pages (“Add to list”), or save your cart as a list.</p>
        </EmptyState>
      ) : (
        <ul aria-label={`Lines of ${list.name}`} className="flex flex-col gap-3">
          {list.lines.map((line) => {
            const product = line.product;
            const name = product?.name ?? line.name;
            return (
              <li key={line.productId}>
                <article aria-label={name} className="card border border-base-300 bg-base-100 shadow-sm">
                  <div className="card-body grid grid-cols-[minmax(0,1fr)] gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
                    <div className="min-w-0">
                      {product ? (
                        <Link to={paths.productDetails(product._id)} className="link font-semibold link-hover">
                          {name}
                        </Link>
                      ) : (
                        <p className="font-semibold">
                          {name} <span className="badge badge-sm badge-warning">No longer sold</span>
                        </p>
                      )}
                      <p className="text-sm break-words text-base-content/70">
                        {line.sku ? `SKU ${line.sku}` : null}
                        {product ? (
                          <>
                            {line.sku ? ' · ' : null}
                            <SellerName email={product.sellerEmail} company={product.sellerName} /> · pack of{' '}
                            {formatCount(product.packSize)} ·{' '}
                            {yours.has(line.productId)
                              ? `Your price ${formatPrice(yours.get(line.productId))} each (list ${formatPrice(product.price)})`
                              : `${formatPrice(product.price)} each`}
                          </>
                        ) : null}
                      </p>
                    </div>
                    {list.canEdit ? (
                      <div className="flex flex-wrap items-start gap-2">
                        <ListQuantityForm key={line.quantity} list={list} line={line} />
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          aria-label={`Remove ${name} from the list`}
                          disabled={removeLine.isPending}
                          onClick={() => void onRemoveLine(line)}
                        >
                          Remove
                        </button>
                      </div>
                    ) : (
                      <p className="text-sm font-medium">Quantity {formatCount(line.quantity)}</p>
                    )}
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
      {list.lines.length > 0 ? (
        <p className="mt-4 text-right text-sm text-base-content/70">
          {yours.size > 0 ? 'At your prices' : 'At list prices'}:{' '}
          <span className="font-semibold text-base-content">{formatPrice(total)}</span> (volume prices apply in the
          cart)
        </p>
      ) : null}
    </>
  );
}
