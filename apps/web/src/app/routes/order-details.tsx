import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { Order, ReorderResult } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { showAlert } from '@/components/ui/dialogs';
import { SellerName } from '@/components/ui/seller-name';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { sameEmail } from '@/lib/email';
import { errorMessage } from '@/lib/errors';
import { cartKeys } from '@/features/cart/api/get-cart';
import { useOrder } from '@/features/orders/api/get-order';
import { SaveAsList } from '@/features/lists/components/save-as-list';
import { useReorder } from '@/features/orders/api/reorder';
import { ApprovalActions } from '@/features/orders/components/approval-actions';
import { OrderActions } from '@/features/orders/components/order-actions';
import { OrderApproval } from '@/features/orders/components/order-approval';
import { OrderDocuments } from '@/features/invoices/components/order-documents';
import { OrderLines } from '@/features/orders/components/order-lines';
import { OrderStatusBadge } from '@/features/orders/components/order-status-badge';
import { OrderTimeline } from '@/features/orders/components/order-timeline';
import { ReorderResults } from '@/features/orders/components/reorder-results';
import { ShipToAddress } from '@/features/orders/components/ship-to-address';
import { formatDateTime } from '@/lib/format';
import { productKeys } from '@/features/products/api/query-keys';

export default function OrderDetailsRoute() {
  const { id = '' } = useParams();
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      {/* A new key per order, so a reorder's results do not follow Back to another order. */}
      <OrderPage key={id} id={id} />
    </section>
  );
}

function OrderPage({ id }: { id: string }) {
  const order = useOrder(id);
  return (
    <>
      <PageTitle page={order.data ? `Order ${order.data.orderNumber}` : 'Order'} />
      <OrderState order={order} />
    </>
  );
}

function OrderState({ order }: { order: ReturnType<typeof useOrder> }) {
  if (order.isPending) return <LoadingState label="Loading order..." />;
  if (order.isError) {
    const status = order.error instanceof ApiError ? order.error.status : 0;
    if (status === 403 || status === 404 || status === 400) {
      return (
        <EmptyState>
          <p>{status === 403 ? 'You can only see orders you placed or received.' : 'This order does not exist.'}</p>
          <Link to={paths.myOrders} className="btn mt-4 btn-primary btn-sm">
            Go to My Orders
          </Link>
        </EmptyState>
      );
    }
    return <ErrorState error={order.error} onRetry={() => void order.refetch()} />;
  }
  return <OrderView order={order.data} />;
}

function OrderView({ order }: { order: Order }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [reordered, setReordered] = useState<ReorderResult | null>(null);
  const isBuyer = sameEmail(order.buyerEmail, user?.email);
  const isSeller = sameEmail(order.sellerEmail, user?.email);
  // Neither party: an approver or admin of the buyer's company, who came from the company's views.
  const back = isBuyer
    ? { to: paths.myOrders, label: 'My Orders' }
    : isSeller
      ? { to: paths.sales, label: 'Sales' }
      : order.status === 'awaiting_approval'
        ? { to: paths.approvals, label: 'Approvals' }
        : { to: paths.companyOrders, label: 'Company orders' };
  const reorder = useReorder({
    onSuccess: (result) => {
      setReordered(result);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: cartKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]);
    },
  });

  const onReorder = async () => {
    try {
      await reorder.mutateAsync(order._id);
    } catch (error) {
      await showAlert({ icon: 'error', title: 'Reorder failed', text: errorMessage(error) });
    }
  };

  return (
    <>
      {/* Beside the title only from lg: at tablet width three buttons would wrap into a ragged block. */}
      <header className="mb-6 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <p className="text-sm">
            <Link to={back.to} className="link link-primary">
              {back.label}
            </Link>
          </p>
          <h1 className="flex flex-wrap items-center gap-3 text-3xl font-bold">
            Order {order.orderNumber} <OrderStatusBadge status={order.status} />
          </h1>
          <p className="mt-1 text-base-content/70">
            {/* An order that went through approval was checked out then; placed only once approved. */}
            {order.approval ? 'Ordered' : 'Placed'}{' '}
            <time dateTime={order.placedAt}>{formatDateTime(order.placedAt)}</time>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ApprovalActions order={order} next={order.nextStatuses} size="md" />
          <OrderActions
            order={order}
            next={order.nextStatuses}
            size="md"
            onChanged={() => queryClient.invalidateQueries({ queryKey: productKeys.all })}
          />
          {isBuyer ? (
            <button
              type="button"
              className="btn btn-outline btn-primary"
              onClick={() => void onReorder()}
              disabled={reorder.isPending}
            >
              {reorder.isPending ? <span className="loading loading-sm loading-spinner" aria-hidden="true" /> : null}
              Reorder
            </button>
          ) : null}
          {isBuyer ? (
            <SaveAsList
              source={{ from: 'order', orderId: order._id }}
              label="Save as list"
              suggestedName={`Order ${order.orderNumber}`}
            />
          ) : null}
        </div>
      </header>

      {order.approval ? (
        <div className="mb-6">
          <OrderApproval order={order} isBuyer={isBuyer} />
        </div>
      ) : null}

      {reordered && user ? (
        <div className="mb-6">
          <ReorderResults result={reordered} cartPath={paths.cart(user.email)} />
        </div>
      ) : null}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="flex flex-col gap-6">
          <OrderLines lines={order.lines} totals={order.totals} caption={`Lines of order ${order.orderNumber}`} />
          {order.note ? (
            <section aria-labelledby="order-note" className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body gap-2 p-4">
                <h2 id="order-note" className="font-semibold">
                  Note
                </h2>
                <p className="whitespace-pre-line">{order.note}</p>
              </div>
            </section>
          ) : null}
        </div>
        <div className="flex flex-col gap-4">
          <section aria-labelledby="order-parties" className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body gap-2 p-4">
              <h2 id="order-parties" className="font-semibold">
                Details
              </h2>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-base-content/70">Buyer</dt>
                <dd className="break-all">
                  <SellerName email={order.buyerEmail} fallbackName={order.buyerName} withEmail />
                  {isBuyer ? ' (you)' : ''}
                </dd>
                <dt className="text-base-content/70">Seller</dt>
                <dd className="break-all">
                  <SellerName email={order.sellerEmail} company={order.sellerName} withEmail />
                  {isSeller ? ' (you)' : ''}
                </dd>
                {order.companyName ? (
                  <>
                    <dt className="text-base-content/70">Company</dt>
                    <dd className="break-all">{order.companyName}</dd>
                  </>
                ) : null}
                {order.quote ? (
                  <>
                    <dt className="text-base-content/70">Quote</dt>
                    <dd>
                      <Link to={paths.quote(order.quote._id)} className="link link-primary">
                        {order.quote.number}
                      </Link>{' '}
                      <span className="text-base-content/70">(at its offered prices)</span>
                    </dd>
                  </>
                ) : null}
                <dt className="text-base-content/70">PO number</dt>
                <dd className="break-all">{order.poNumber || '–'}</dd>
                {order.trackingRef ? (
                  <>
                    <dt className="text-base-content/70">Tracking</dt>
                    <dd className="break-all">{order.trackingRef}</dd>
                  </>
                ) : null}
              </dl>
            </div>
          </section>
          <section aria-labelledby="order-ship-to" className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body gap-2 p-4 text-sm">
              <h2 id="order-ship-to" className="text-base font-semibold">
                Ship to
              </h2>
              <ShipToAddress shipTo={order.shipTo} />
            </div>
          </section>
          <section aria-labelledby="order-status" className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body gap-3 p-4">
              <h2 id="order-status" className="font-semibold">
                Status
              </h2>
              <OrderTimeline order={order} />
            </div>
          </section>
          {order.status === 'awaiting_approval' ? null : <OrderDocuments order={order} />}
        </div>
      </div>
    </>
  );
}
