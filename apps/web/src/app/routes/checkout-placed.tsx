import { Link, useLocation, useParams } from 'react-router';
import { sumAmounts, type PlaceOrderResult } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { SellerName } from '@/components/ui/seller-name';
import { paths } from '@/config/paths';
import { formatPrice } from '@/lib/format';
import { useOrders } from '@/features/orders/api/get-orders';
import { OrderStatusBadge } from '@/features/orders/components/order-status-badge';
import type { CheckoutPlacedState } from './checkout';

type Placed = PlaceOrderResult['orders'];

/**
 * The confirmation after "Place order": the order numbers of this checkout. It comes from the
 * checkout's answer, or after a reload from the buyer's newest orders.
 */
/** What the buyer pays for an order: its net and its tax. */
const grossOf = (order: { total: number; tax: number }) => sumAmounts([order.total, order.tax]);

export default function CheckoutPlacedRoute() {
  const { checkoutId = '' } = useParams();
  const state = useLocation().state as CheckoutPlacedState | null;
  const fromCheckout = state?.placed?.checkoutId === checkoutId ? state.placed.orders : null;
  const enabled = fromCheckout === null;
  const recent = useOrders({ limit: 100 }, { enabled });

  let orders: Placed | null = fromCheckout;
  if (enabled && recent.data) {
    orders = recent.data.items
      .filter((order) => order.checkoutId === checkoutId)
      .map(({ _id, orderNumber, sellerEmail, sellerName, status, total, tax }) => ({
        _id,
        orderNumber,
        sellerEmail,
        sellerName,
        status,
        total,
        tax,
      }));
  }

  let body;
  if (orders === null && recent.isError)
    body = <ErrorState error={recent.error} onRetry={() => void recent.refetch()} />;
  else if (orders === null) body = <LoadingState />;
  else if (orders.length === 0) {
    body = (
      <p className="text-base-content/70">
        This checkout is not among your recent orders.{' '}
        <Link to={paths.myOrders} className="link link-primary">
          See My Orders
        </Link>
        .
      </p>
    );
  } else {
    body = (
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4 p-4 sm:p-6">
          {orders.every((order) => order.status === 'awaiting_approval') ? (
            <div role="status">
              <h1 className="text-2xl font-bold sm:text-3xl">Your order is waiting for approval</h1>
              <p className="mt-1 text-base-content/70">
                The checkout is above your spending limit, so an approver or admin of your company decides first. Its
                stock is held; the {orders.length === 1 ? 'seller sees the order' : 'sellers see the orders'} once it is
                approved.
              </p>
            </div>
          ) : (
            <div role="status">
              <h1 className="text-2xl font-bold sm:text-3xl">Thank you, your order is placed</h1>
              <p className="mt-1 text-base-content/70">
                {orders.length === 1
                  ? 'The seller has your order.'
                  : `Your cart became ${orders.length} orders, one per seller. Each seller confirms and ships their own.`}
              </p>
            </div>
          )}
          <ul className="divide-y divide-base-300">
            {orders.map((order) => (
              <li key={order._id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
                <div className="min-w-0">
                  <Link to={paths.order(order._id)} className="link text-lg font-semibold link-primary link-hover">
                    {order.orderNumber}
                  </Link>
                  <p className="text-sm break-all text-base-content/70">
                    Seller: <SellerName email={order.sellerEmail} company={order.sellerName} />
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <OrderStatusBadge status={order.status} />
                  <span className="font-semibold tabular-nums">{formatPrice(grossOf(order))}</span>
                </div>
              </li>
            ))}
          </ul>
          {orders.length > 1 ? (
            <p className="flex justify-between border-t border-base-300 pt-3 font-semibold">
              <span>Grand total</span>
              <span className="tabular-nums">{formatPrice(sumAmounts(orders.map(grossOf)))}</span>
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Link to={paths.myOrders} className="btn btn-primary">
              My Orders
            </Link>
            <Link to={paths.allProducts} className="btn btn-outline">
              Continue shopping
            </Link>
          </div>
        </div>
      </div>
    );
  }

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <PageTitle page="Order placed" />
      {body}
    </section>
  );
}
