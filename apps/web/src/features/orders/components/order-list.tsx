import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { sumAmounts, type OrderSummary } from '@b2b/shared';
import { SellerName } from '@/components/ui/seller-name';
import { paths } from '@/config/paths';
import { formatDateTime, formatPrice, formatUnits } from '@/lib/format';
import { OrderStatusBadge } from './order-status-badge';

type OrderListProps = {
  orders: OrderSummary[];
  /** Whose list: a buyer sees the seller of each order, a seller the buyer, a company both. */
  perspective: 'buyer' | 'seller' | 'company';
  /** Buttons for one order (the seller's desk). */
  renderActions?: (order: OrderSummary) => ReactNode;
};

const lines = (n: number) => `${n} ${n === 1 ? 'line' : 'lines'}`;

/**
 * One card per order: number and date, the other party, size and total, status; a column layout on
 * wide screens. The columns are the list's, shared by every card through subgrid, so a wider badge
 * or more buttons on one card do not shift that card's columns away from the others'.
 */
export function OrderList({ orders, perspective, renderActions }: OrderListProps) {
  // With actions (the seller's desk), a tablet has no room for them beside the order: there they
  // take a row of their own under it, and a column again from 1024 px.
  const columns = renderActions
    ? 'md:grid-cols-[minmax(0,1.3fr)_minmax(0,1.4fr)_auto] lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1.4fr)_auto_auto]'
    : 'md:grid-cols-[minmax(0,1.3fr)_minmax(0,1.4fr)_auto_auto]';
  const actionsPlace = renderActions ? 'md:col-span-full lg:col-span-1' : '';
  return (
    <ul className={`flex flex-col gap-3 md:grid md:gap-x-6 ${columns}`}>
      {orders.map((order) => (
        <li key={order._id} className="md:col-span-full md:grid md:grid-cols-subgrid">
          <article
            aria-labelledby={`order-${order._id}`}
            className="card border border-base-300 bg-base-100 shadow-sm md:col-span-full md:grid md:grid-cols-subgrid"
          >
            <div className="card-body gap-3 p-4 md:col-span-full md:grid md:grid-cols-subgrid md:items-center md:gap-6">
              <div className="min-w-0">
                <h2 id={`order-${order._id}`} className="text-base font-semibold">
                  <Link to={paths.order(order._id)} className="link link-primary link-hover">
                    {order.orderNumber}
                  </Link>
                </h2>
                <p className="text-sm text-base-content/70">
                  <time dateTime={order.placedAt}>{formatDateTime(order.placedAt)}</time>
                </p>
              </div>
              <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
                {perspective === 'buyer' ? null : (
                  <>
                    <dt className="text-base-content/70">Buyer</dt>
                    <dd className="truncate">
                      {perspective === 'company' ? (
                        order.buyerName || order.buyerEmail
                      ) : (
                        <SellerName email={order.buyerEmail} fallbackName={order.buyerName} withEmail />
                      )}
                    </dd>
                  </>
                )}
                {perspective === 'seller' && order.companyName ? (
                  <>
                    <dt className="text-base-content/70">Company</dt>
                    <dd className="truncate">{order.companyName}</dd>
                  </>
                ) : null}
                {perspective === 'seller' ? null : (
                  <>
                    <dt className="text-base-content/70">Seller</dt>
                    <dd className="truncate">
                      <SellerName email={order.sellerEmail} company={order.sellerName} />
                    </dd>
                  </>
                )}
                <dt className="text-base-content/70">Items</dt>
                <dd>
                  {lines(order.lineCount)}, {formatUnits(order.units)}
                </dd>
                {order.poNumber ? (
                  <>
                    <dt className="text-base-content/70">PO</dt>
                    <dd className="truncate">{order.poNumber}</dd>
                  </>
                ) : null}
              </dl>
              <div className="flex items-center justify-between gap-3 md:flex-col md:items-end md:justify-center">
                <OrderStatusBadge status={order.status} />
                {/* What the buyer pays: the net and its tax (the tax said beside it when there is any). */}
                <p
                  className="text-right font-semibold"
                  aria-label={`Total ${formatPrice(sumAmounts([order.total, order.tax]))}`}
                >
                  {formatPrice(sumAmounts([order.total, order.tax]))}
                  {order.tax > 0 ? (
                    <span className="block text-xs font-normal text-base-content/70">
                      incl. {formatPrice(order.tax)} tax
                    </span>
                  ) : null}
                </p>
              </div>
              <div className={`flex flex-wrap items-center gap-2 md:justify-end ${actionsPlace}`}>
                {renderActions?.(order)}
                <Link
                  to={paths.order(order._id)}
                  className="btn btn-outline btn-sm"
                  aria-label={`View ${order.orderNumber}`}
                >
                  View
                </Link>
              </div>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
