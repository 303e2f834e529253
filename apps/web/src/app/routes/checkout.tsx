import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import {
  formatPrice,
  lineAmount,
  termsLabel,
  toCents,
  totalsOf,
  type AccountCredit,
  type PlaceOrder,
  type PlaceOrderResult,
} from '@b2b/shared';
import { TotalsRows } from '@/components/ui/totals-rows';
import { PageTitle } from '@/components/layout/page-title';
import { showAlert } from '@/components/ui/dialogs';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useCurrentCompany } from '@/lib/company';
import { errorMessage } from '@/lib/errors';
import { cartKeys, useCart } from '@/features/cart/api/get-cart';
import { addressesQueryOptions } from '@/features/company/api/addresses';
import { usePlaceOrder } from '@/features/orders/api/place-order';
import { CheckoutForm, isFormField } from '@/features/orders/components/checkout-form';
import { CheckoutReview, type AccountNote } from '@/features/orders/components/checkout-review';
import { useAccountCredit } from '@/features/accounts/api';
import { groupBySeller, type SellerGroup } from '@/features/orders/utils/group-by-seller';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { loadShipTo, saveShipTo } from '@/features/orders/utils/ship-to-storage';
import { productKeys } from '@/features/products/api/query-keys';

/**
 * Checkout re-checks the cart against the products' rules as they are now (the seller may have
 * changed a pack, a minimum or a maximum since): a line that no longer fits comes back with one
 * of these codes and a detail per product, and nothing is placed.
 */
const CART_RULE_CODES = new Set(['MIN_ORDER_NOT_MET', 'QUANTITY_NOT_MULTIPLE', 'MAX_ORDER_EXCEEDED']);

/** Where the confirmation finds what was placed without asking the server again. */
export type CheckoutPlacedState = { placed?: PlaceOrderResult };

/**
 * What the checkout says of each seller's order and the buyer's account with them: it goes on
 * account (the terms, the credit left), or it is above the credit left and would be refused.
 */
function accountNotes(groups: SellerGroup[], credit: AccountCredit[] = []): Record<string, AccountNote> {
  const notes: Record<string, AccountNote> = {};
  for (const group of groups) {
    const account = credit.find((c) => c.sellerKey === group.key && c.terms === 'net');
    if (!account) continue;
    const left = account.available;
    notes[group.key] =
      left !== null && toCents(group.totals.gross) > toCents(left)
        ? {
            refused: true,
            text: `Above the ${formatPrice(Math.max(0, left))} of credit left on your account with ${account.seller}: this order would be refused. Remove some of it, or ask ${account.seller} to raise your limit.`,
          }
        : {
            refused: false,
            text: `On account with ${account.seller} (${termsLabel(account)}${left === null ? '' : `, ${formatPrice(left)} of credit left`}): you pay when it is invoiced.`,
          };
  }
  return notes;
}

export default function CheckoutRoute() {
  const { user } = useAuth();
  const email = user?.email ?? '';
  const cart = useCart(email, { enabled: Boolean(user) });
  const credit = useAccountCredit(Boolean(user));
  // A company member picks from the company address book; without a company nothing is asked.
  const company = useCurrentCompany();
  const addresses = useQuery({ ...addressesQueryOptions(user?.uid ?? ''), enabled: Boolean(user && company.data) });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const place = usePlaceOrder();
  // One key per intended checkout: a retry of the same body (after a lost answer) reuses it, so
  // the server places the orders once; a changed form is a new checkout with a new key.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  // What the server said about each product of the cart that no longer fits its rules, by product id.
  const [refusals, setRefusals] = useState<Record<string, string>>({});

  const onSubmit = async (body: PlaceOrder) => {
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized) attempt.current = { body: serialized, key: newIdempotencyKey() };
    setRefusals({});
    try {
      const placed = await place.mutateAsync({ body, idempotencyKey: attempt.current.key });
      attempt.current = null;
      if (user) saveShipTo(user.uid, body.shipTo);
      const state: CheckoutPlacedState = { placed };
      navigate(paths.checkoutPlaced(placed.checkoutId), { state });
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMPTY_CART') {
        await showAlert({ icon: 'info', title: 'Your cart is empty', text: errorMessage(error) });
        // Its holds may have expired: the stock went back on sale.
        void queryClient.invalidateQueries({ queryKey: productKeys.all });
        void cart.refetch();
      } else if (error instanceof ApiError && CART_RULE_CODES.has(error.code)) {
        setRefusals(Object.fromEntries((error.details ?? []).map((detail) => [detail.field, detail.message])));
        await showAlert({
          icon: 'warning',
          title: "Your cart no longer fits the seller's rules",
          text: errorMessage(error),
        });
        // The seller's change may have moved the unit prices too.
        void cart.refetch();
      } else if (error instanceof ApiError && error.code === 'PRICES_CHANGED') {
        // A contract price ended: the cart now holds the prices the order would be placed at.
        setRefusals(Object.fromEntries((error.details ?? []).map((detail) => [detail.field, detail.message])));
        await showAlert({ icon: 'warning', title: 'Prices in your cart have changed', text: errorMessage(error) });
        void cart.refetch();
      } else if (!(error instanceof ApiError && error.details?.some((detail) => isFormField(detail.field)))) {
        await showAlert({ icon: 'error', title: 'The order was not placed', text: errorMessage(error) });
      }
      throw error;
    }
  };

  let body;
  if (cart.isPending) body = <LoadingState label="Loading cart..." />;
  else if (cart.isError) body = <ErrorState error={cart.error} onRetry={() => void cart.refetch()} />;
  else if (cart.data.length === 0) {
    body = (
      <EmptyState>
        <p>Your cart is empty: there is nothing to check out.</p>
        <Link to={paths.allProducts} className="btn mt-4 btn-primary btn-sm">
          Browse products
        </Link>
      </EmptyState>
    );
  } else {
    const groups = groupBySeller(cart.data);
    const totals = totalsOf(
      cart.data.map((item) => ({ lineTotal: lineAmount(item.price, item.buyQuantity), taxRate: item.taxRate })),
    );
    body = (
      <CheckoutForm
        initialShipTo={user ? loadShipTo(user.uid) : null}
        addressBook={company.data ? addresses.data : undefined}
        submitting={place.isPending}
        onSubmit={onSubmit}
        review={<CheckoutReview groups={groups} refusals={refusals} accountNotes={accountNotes(groups, credit.data)} />}
        total={
          <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
            <dt>Orders</dt>
            <dd className="text-right font-medium">
              {groups.length} {groups.length === 1 ? 'order' : 'orders'} (one per seller)
            </dd>
            <TotalsRows totals={totals} grossLabel="Grand total" />
          </dl>
        }
      />
    );
  }

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <PageTitle page="Checkout" />
      <header className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold">Checkout</h1>
        {user ? (
          <Link to={paths.cart(user.email)} className="link text-sm link-primary">
            Back to cart
          </Link>
        ) : null}
      </header>
      {body}
    </section>
  );
}
