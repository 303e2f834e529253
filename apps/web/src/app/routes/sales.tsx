import { useQueryClient } from '@tanstack/react-query';
import { nextStatuses, ORDER_STATUS_LABELS } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { Pagination, totalLabel } from '@/components/ui/pagination';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useOrderCounts } from '@/features/orders/api/get-order-counts';
import { useSales } from '@/features/orders/api/get-sales';
import { OrderActions } from '@/features/orders/components/order-actions';
import { OrderList } from '@/features/orders/components/order-list';
import { StatusFilter } from '@/features/orders/components/status-filter';
import { useOrderListParams } from '@/features/orders/hooks/use-order-list-params';
import { productKeys } from '@/features/products/api/query-keys';

/** The seller's desk: incoming orders for the caller's products, with what to do next. */
export default function SalesRoute() {
  const list = useOrderListParams();
  const sales = useSales(list.query);
  const counts = useOrderCounts('sales');
  const queryClient = useQueryClient();

  let body;
  if (sales.isPending) body = <LoadingState label="Loading sales..." />;
  else if (sales.isError) body = <ErrorState error={sales.error} onRetry={() => void sales.refetch()} />;
  else if (sales.data.items.length === 0) {
    body = (
      <EmptyState>
        <p>
          {list.status
            ? `No ${ORDER_STATUS_LABELS[list.status].toLowerCase()} orders.`
            : 'No orders for your products yet.'}
        </p>
      </EmptyState>
    );
  } else {
    body = (
      <div
        className={sales.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
        aria-busy={sales.isFetching}
      >
        <OrderList
          orders={sales.data.items}
          perspective="seller"
          renderActions={(order) => (
            <OrderActions
              order={order}
              next={nextStatuses(order.status, ['seller'])}
              // A cancel puts the stock back on sale.
              onChanged={() => queryClient.invalidateQueries({ queryKey: productKeys.all })}
            />
          )}
        />
        <Pagination
          page={sales.data}
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
      <PageTitle page="Sales" />
      <header className="mb-6 flex flex-col gap-4">
        <div>
          <h1 className="text-3xl font-bold">Sales</h1>
          <p className="mt-1 text-base-content/70">
            Orders for your products{sales.data ? ` (${totalLabel(sales.data, list.offset)})` : ''}, newest first.
            Confirm, ship and deliver them here.
          </p>
        </div>
        <StatusFilter label="Filter by status" value={list.status} counts={counts.data} onChange={list.setStatus} />
      </header>
      {body}
    </section>
  );
}
