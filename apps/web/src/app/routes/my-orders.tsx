import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useOrders } from '@/features/orders/api/get-orders';
import { OrderList } from '@/features/orders/components/order-list';
import { OrderListPage } from '@/features/orders/components/order-list-page';

/** The buyer's orders, newest first, by status. */
export default function MyOrdersRoute() {
  return (
    <OrderListPage
      title="My Orders"
      side="mine"
      useList={useOrders}
      intro={(total) => `Orders you placed${total}, newest first.`}
      loadingLabel="Loading orders..."
      empty={
        <>
          <p>You have not placed any orders yet.</p>
          <Link to={paths.allProducts} className="btn mt-4 btn-primary btn-sm">
            Browse products
          </Link>
        </>
      }
    >
      {(orders) => <OrderList orders={orders} perspective="buyer" />}
    </OrderListPage>
  );
}
