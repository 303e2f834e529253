import { Link } from 'react-router';
import { ORDER_STATUS_LABELS } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { Pagination, totalLabel } from '@/components/ui/pagination';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useOrderCounts } from '@/features/orders/api/get-order-counts';
import { useOrders } from '@/features/orders/api/get-orders';
import { OrderList } from '@/features/orders/components/order-list';
import { StatusFilter } from '@/features/orders/components/status-filter';
import { useOrderListParams } from '@/features/orders/hooks/use-order-list-params';

/** The buyer's orders, newest first, by status. */
export default function MyOrdersRoute() {
  const list = useOrderListParams();
  const orders = useOrders(list.query);
  const counts = useOrderCounts('mine');

  let body;
  if (orders.isPending) body = <LoadingState label="Loading orders..." />;
  else if (orders.isError) body = <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />;
  else if (orders.data.items.length === 0) {
    body = (
      <EmptyState>
        <p>
          {list.status
            ? `No ${ORDER_STATUS_LABELS[list.status].toLowerCase()} orders.`
            : 'You have not placed any orders yet.'}
        </p>
        {list.status ? null : (
          <Link to={paths.allProducts} className="btn mt-4 btn-primary btn-sm">
            Browse products
          </Link>
        )}
      </EmptyState>
    );
  } else {
    body = (
      <div
        className={orders.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
        aria-busy={orders.isFetching}
      >
        <OrderList orders={orders.data.items} perspective="buyer" />
        <Pagination
          page={orders.data}
          limit={list.limit}
          offset={list.offset}
          maxOffset={list.maxOffset}
          onChange={list.setOffset}
        />
      </div>
    );
  }

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <PageTitle page="My Orders" />
      <header className="mb-6 flex flex-col gap-4">
        <div>
          <h1 className="text-3xl font-bold">My Orders</h1>
          <p className="mt-1 text-base-content/70">
            Orders you placed{orders.data ? ` (${totalLabel(orders.data, list.offset)})` : ''}, newest first.
          </p>
        </div>
        <StatusFilter label="Filter by status" value={list.status} counts={counts.data} onChange={list.setStatus} />
      </header>
      {body}
    </section>
  );
}
