import { useQueryClient } from '@tanstack/react-query';
import { nextStatuses } from '@b2b/shared';
import { PackingSlipsButton } from '@/features/invoices/components/packing-slips-button';
import { useSales } from '@/features/orders/api/get-sales';
import { OrderActions } from '@/features/orders/components/order-actions';
import { OrderList } from '@/features/orders/components/order-list';
import { OrderListPage } from '@/features/orders/components/order-list-page';
import { productKeys } from '@/features/products/api/query-keys';

/** The seller's desk: incoming orders for the caller's products, with what to do next. */
export default function SalesRoute() {
  const queryClient = useQueryClient();
  return (
    <OrderListPage
      title="Sales"
      side="sales"
      useList={useSales}
      intro={(total) => `Orders for your products${total}, newest first. Confirm, ship and deliver them here.`}
      loadingLabel="Loading sales..."
      empty={<p>No orders for your products yet.</p>}
    >
      {(orders) => (
        <>
          <PackingSlipsButton orders={orders} />
          <OrderList
            orders={orders}
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
        </>
      )}
    </OrderListPage>
  );
}
