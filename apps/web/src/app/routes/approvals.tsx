import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE, type OrderSummary } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { Pagination, totalLabel } from '@/components/ui/pagination';
import { SellerName } from '@/components/ui/seller-name';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { formatDateTime, formatPrice } from '@/lib/format';
import { useCompanyOrders } from '@/features/company/api/get-company-orders';
import { ApproverGate } from '@/features/company/components/company-gate';
import { useOrder } from '@/features/orders/api/get-order';
import { ApprovalActions } from '@/features/orders/components/approval-actions';
import { OrderLines } from '@/features/orders/components/order-lines';

/** Colleagues' orders above their spending limit, each with its lines, to approve or reject. */
export default function ApprovalsRoute() {
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <PageTitle page="Approvals" />
      <h1 className="text-3xl font-bold">Approvals</h1>
      <ApproverGate>{() => <PendingOrders />}</ApproverGate>
    </section>
  );
}

function PendingOrders() {
  const [offset, setOffset] = useState(0);
  const orders = useCompanyOrders({ status: 'awaiting_approval', limit: DEFAULT_PAGE_SIZE, offset });

  let body;
  if (orders.isPending) body = <LoadingState label="Loading orders..." />;
  else if (orders.isError) body = <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />;
  else if (orders.data.items.length === 0) {
    body = (
      <EmptyState>
        <p>No orders are waiting for approval.</p>
        <Link to={paths.companyOrders} className="btn mt-4 btn-outline btn-sm">
          See company orders
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <div aria-busy={orders.isFetching}>
        <ul className="flex flex-col gap-4">
          {orders.data.items.map((order) => (
            <li key={order._id}>
              <PendingOrder summary={order} />
            </li>
          ))}
        </ul>
        <Pagination
          page={orders.data}
          limit={DEFAULT_PAGE_SIZE}
          offset={offset}
          maxOffset={Number.MAX_SAFE_INTEGER}
          onChange={setOffset}
        />
      </div>
    );
  }

  return (
    <>
      <p className="mt-1 mb-6 text-base-content/70">
        Orders your colleagues placed above their spending limit
        {orders.data ? ` (${totalLabel(orders.data, offset)})` : ''}. Approving places the order with its seller;
        rejecting returns its stock.
      </p>
      {body}
    </>
  );
}

/** One waiting order: who, when, how much against which limit, its lines, and the two decisions. */
function PendingOrder({ summary }: { summary: OrderSummary }) {
  const detail = useOrder(summary._id);
  const approval = detail.data?.approval ?? null;
  const next = detail.data?.nextStatuses ?? [];
  const headingId = `approval-${summary._id}`;
  return (
    <article aria-labelledby={headingId} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-4 sm:p-6">
        <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-semibold">
              <Link to={paths.order(summary._id)} className="link link-primary link-hover">
                {summary.orderNumber}
              </Link>
            </h2>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
              <dt className="text-base-content/70">Buyer</dt>
              <dd className="break-all">{summary.buyerName || summary.buyerEmail}</dd>
              <dt className="text-base-content/70">Seller</dt>
              <dd className="break-all">
                <SellerName email={summary.sellerEmail} company={summary.sellerName} />
              </dd>
              <dt className="text-base-content/70">Checked out</dt>
              <dd>
                <time dateTime={summary.placedAt}>{formatDateTime(summary.placedAt)}</time>
              </dd>
              {approval ? (
                <>
                  <dt className="text-base-content/70">Limit</dt>
                  <dd>
                    {formatPrice(approval.checkoutTotal)} checkout against a limit of{' '}
                    {formatPrice(approval.spendingLimit)}
                  </dd>
                  <dt className="text-base-content/70">Decide by</dt>
                  <dd>
                    <time dateTime={approval.expiresAt}>{formatDateTime(approval.expiresAt)}</time>
                  </dd>
                </>
              ) : null}
              {summary.poNumber ? (
                <>
                  <dt className="text-base-content/70">PO</dt>
                  <dd className="break-all">{summary.poNumber}</dd>
                </>
              ) : null}
            </dl>
          </div>
          <div className="flex flex-col gap-2 sm:max-w-xs sm:items-end">
            <div className="flex flex-wrap gap-2 sm:justify-end">
              <ApprovalActions order={summary} next={next} />
            </div>
            {/* Approve is withheld only from the buyer themself (their own order above their own
                limit); Reject stays theirs to use, so the hint shows beside it. */}
            {!next.includes('placed') && detail.data?.status === 'awaiting_approval' ? (
              <p className="text-sm text-base-content/70 sm:text-right">
                This is your own order above your own limit: another approver or admin must decide.
              </p>
            ) : null}
          </div>
        </header>
        {detail.isPending ? (
          <p className="text-sm text-base-content/70">Loading lines...</p>
        ) : detail.isError ? (
          <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
        ) : (
          <OrderLines
            lines={detail.data.lines}
            totals={detail.data.totals}
            caption={`Lines of order ${summary.orderNumber}`}
          />
        )}
      </div>
    </article>
  );
}
