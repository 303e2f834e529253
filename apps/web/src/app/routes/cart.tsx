import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { lineAmount, lineSaving, sumAmounts, totalsOf, TOAST_MS, type CartItem } from '@b2b/shared';
import { TotalsRows } from '@/components/ui/totals-rows';
import { PageTitle } from '@/components/layout/page-title';
import { EmptyState, ErrorState, LoadingState, OwnPagesOnly } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { sameEmail } from '@/lib/email';
import { errorMessage } from '@/lib/errors';
import { formatCount, formatPrice } from '@/lib/format';
import { cartKeys, useCart } from '@/features/cart/api/get-cart';
import { usePurchase } from '@/features/cart/api/purchase';
import { useRemoveCartItem } from '@/features/cart/api/remove-cart-item';
import { CartItemCard } from '@/features/cart/components/cart-item-card';
import { SaveAsList } from '@/features/lists/components/save-as-list';
import { RemovedToast } from '@/features/cart/components/removed-toast';
import { productKeys } from '@/features/products/api/query-keys';
import { RequestQuote } from '@/features/quotes/components/request-quote';
import { cartRequestLines } from '@/features/quotes/utils/request-lines';

export default function CartRoute() {
  const { email = '' } = useParams();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  // Focus returns here when the 'Removed from cart' toast closes while holding it.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const own = sameEmail(email, user?.email);
  const cart = useCart(email, { enabled: own });
  const remove = useRemoveCartItem(email, {
    // The server put the units back in stock; product pages must show it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });

  // Undo buys the item again like any purchase: the server applies the stock and minimum rules.
  const buyAgain = usePurchase({ onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }) });
  const undo = async (item: CartItem) => {
    try {
      await buyAgain.mutateAsync({ productId: item.productId, buyQuantity: item.buyQuantity });
      toast.success(`“${item.name}” is back in your cart`, { duration: TOAST_MS });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const onRemove = async (item: CartItem, byKeyboard: boolean) => {
    try {
      const result = await remove.mutateAsync(item._id);
      if (result.deletedCount > 0) {
        toast.success(
          (shown) => (
            <RemovedToast
              toast={shown}
              onUndo={() => void undo(item)}
              focusUndo={byKeyboard}
              onFocusLeave={() => headingRef.current?.focus()}
            />
          ),
          // RemovedToast closes itself after CART_REMOVE_TOAST_MS, or later while it holds focus.
          { duration: Number.POSITIVE_INFINITY },
        );
      } else toast.error('This item was no longer in your cart.');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  let body;
  if (!own)
    body = (
      <OwnPagesOnly
        message="You can only view your own cart."
        to={user ? paths.cart(user.email) : null}
        linkText="Go to my cart"
      />
    );
  else if (cart.isPending) body = <LoadingState label="Loading cart..." />;
  else if (cart.isError) {
    body =
      cart.error instanceof ApiError && cart.error.status === 403 ? (
        <OwnPagesOnly
          message="You can only view your own cart."
          to={user ? paths.cart(user.email) : null}
          linkText="Go to my cart"
        />
      ) : (
        <ErrorState error={cart.error} onRetry={() => void cart.refetch()} />
      );
  } else if (cart.data.length === 0) {
    body = (
      <EmptyState>
        <p>No data found in your cart.</p>
        <Link to={paths.allProducts} className="btn mt-4 btn-primary btn-sm">
          Browse products
        </Link>
      </EmptyState>
    );
  } else {
    const items = cart.data;
    const units = items.reduce((sum, item) => sum + item.buyQuantity, 0);
    const totals = totalsOf(
      items.map((item) => ({ lineTotal: lineAmount(item.price, item.buyQuantity), taxRate: item.taxRate })),
    );
    const saved = sumAmounts(items.map((item) => lineSaving({ ...item, quantity: item.buyQuantity })));
    body = (
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem] lg:items-start">
        <ul className="flex flex-col gap-4">
          {items.map((item) => (
            <li key={item._id}>
              <CartItemCard
                item={item}
                onRemove={(target, byKeyboard) => void onRemove(target, byKeyboard)}
                removing={remove.isPending && remove.variables === item._id}
              />
            </li>
          ))}
        </ul>
        <aside
          aria-labelledby="cart-summary"
          className="card border border-base-300 bg-base-100 shadow-sm lg:sticky lg:top-24"
        >
          <div className="card-body gap-3 p-5">
            <h2 id="cart-summary" className="card-title text-lg">
              Summary
            </h2>
            <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-sm">
              <dt>Total units</dt>
              <dd className="text-right font-medium">{formatCount(units)}</dd>
              {saved > 0 ? (
                <>
                  <dt>Volume savings</dt>
                  <dd className="text-right font-medium">{formatPrice(saved)}</dd>
                </>
              ) : null}
              <TotalsRows totals={totals} grossLabel="Grand total" />
            </dl>
            <Link to={paths.checkout} className="btn mt-2 btn-block btn-primary">
              Checkout
            </Link>
            <RequestQuote
              source={{ from: 'cart' }}
              lines={cartRequestLines(items)}
              // The cart's lines moved into the request: the cart is empty, its stock back on sale.
              invalidate={[cartKeys.all, productKeys.all]}
            />
            <SaveAsList
              source={{ from: 'cart' }}
              label="Save cart as list"
              suggestedName="e.g. Weekly kitchen restock"
            />
            <p className="text-xs text-base-content/60">
              Each seller gets their own order. Items are held for you until the time shown on them. Requesting a quote
              asks the sellers for a price instead.
            </p>
          </div>
        </aside>
      </div>
    );
  }

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <PageTitle page="My Cart" />
      <header className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold focus:outline-none">
          Cart Page
        </h1>
        {own && cart.data ? (
          <p className="text-base-content/70">
            Total items: <span className="font-semibold text-base-content">{cart.data.length}</span>
          </p>
        ) : null}
      </header>
      {body}
    </section>
  );
}
