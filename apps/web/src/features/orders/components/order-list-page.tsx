import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ORDER_STATUS_LABELS, type OrderSummary } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { Pagination, totalLabel } from '@/components/ui/pagination';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import type { ApiPage } from '@/lib/api-client';
import { useOrderCounts } from '../api/get-order-counts';
import { useOrderListParams } from '../hooks/use-order-list-params';
import { StatusFilter } from './status-filter';

type OrderListPageProps = {
  title: 'My Orders' | 'Sales';
  side: 'mine' | 'sales';
  /** The page of orders for the list's params. */
  useList: (query: ReturnType<typeof useOrderListParams>['query']) => UseQueryResult<ApiPage<OrderSummary>>;
  /** The sentence under the title, around the total: (total) => "Orders you placed (3), newest first." */
  intro: (total: string) => ReactNode;
  loadingLabel: string;
  /** Shown when nobody filtered and there are no orders at all (with what to do next, if anything). */
  empty: ReactNode;
  /** The orders themselves (OrderList with its perspective and actions). */
  children: (orders: OrderSummary[]) => ReactNode;
};

/** My Orders and Sales: a status filter with counts, the orders newest first, and a pager. */
export function OrderListPage({ title, side, useList, intro, loadingLabel, empty, children }: OrderListPageProps) {
  const list = useOrderListParams();
  const orders = useList(list.query);
  const counts = useOrderCounts(side);

  let body;
  if (orders.isPending) body = <LoadingState label={loadingLabel} />;
  else if (orders.isError) body = <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />;
  else if (orders.data.items.length === 0) {
    body = list.status ? (
      <EmptyState>
        <p>{`No ${ORDER_STATUS_LABELS[list.status].toLowerCase()} orders.`}</p>
      </EmptyState>
    ) : (
      <EmptyState>{empty}</EmptyState>
    );
  } else {
    body = (
      <div
        className={orders.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
        aria-busy={orders.isFetching}
      >
        {children(orders.data.items)}
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
      <PageTitle page={title} />
      <header className="mb-6 flex flex-col gap-4">
        <div>
          <h1 className="text-3xl font-bold">{title}</h1>
          <p className="mt-1 text-base-content/70">
            {intro(orders.data ? ` (${totalLabel(orders.data, list.offset)})` : '')}
          </p>
        </div>
        <StatusFilter label="Filter by status" value={list.status} counts={counts.data} onChange={list.setStatus} />
      </header>
      {body}
    </section>
  );
}
