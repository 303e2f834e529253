import { useId } from 'react';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type CompanyDetail, type OrderStatus } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { Pagination, totalLabel } from '@/components/ui/pagination';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useCompanyOrders } from '@/features/company/api/get-company-orders';
import { ApproverGate } from '@/features/company/components/company-gate';
import { OrderList } from '@/features/orders/components/order-list';
import { useOrderListParams } from '@/features/orders/hooks/use-order-list-params';

/** Every order of the company's members, newest first, by member and status (approvers, admins). */
export default function CompanyOrdersRoute() {
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <PageTitle page="Company orders" />
      <h1 className="text-3xl font-bold">Company orders</h1>
      <ApproverGate>{(company) => <CompanyOrders company={company} />}</ApproverGate>
    </section>
  );
}

/**
 * The filters and page live in the URL (?member=uid&status=placed&page=2), so a reload or a shared
 * link shows the same list: an order list's own parameters, plus the member.
 */
function useCompanyOrderParams() {
  const list = useOrderListParams();
  const member = list.params.get('member') || null;
  return {
    ...list,
    member,
    query: { ...list.query, ...(member ? { member } : {}) },
    setMember: (value: string | null) => list.setFilter('member', value),
  };
}

function CompanyOrders({ company }: { company: CompanyDetail }) {
  const list = useCompanyOrderParams();
  const orders = useCompanyOrders(list.query);
  const ids = { member: useId(), status: useId() };
  const memberName = (uid: string) => {
    const member = company.members.find((candidate) => candidate.uid === uid);
    return member ? member.name || member.email : 'this member';
  };

  let body;
  if (orders.isPending) body = <LoadingState label="Loading orders..." />;
  else if (orders.isError) body = <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />;
  else if (orders.data.items.length === 0) {
    const filtered = list.status !== null || list.member !== null;
    body = (
      <EmptyState>
        <p>
          {filtered
            ? `No ${list.status ? `${ORDER_STATUS_LABELS[list.status].toLowerCase()} ` : ''}orders${list.member ? ` by ${memberName(list.member)}` : ''}.`
            : 'Nobody in the company has placed an order yet.'}
        </p>
      </EmptyState>
    );
  } else {
    body = (
      <div
        className={orders.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
        aria-busy={orders.isFetching}
      >
        <OrderList orders={orders.data.items} perspective="company" />
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
    <>
      <p className="mt-1 text-base-content/70">
        Every order placed by the members of {company.name}
        {orders.data ? ` (${totalLabel(orders.data, list.offset)})` : ''}, newest first.
      </p>
      <form
        role="search"
        aria-label="Filter company orders"
        className="my-6 grid gap-3 sm:grid-cols-2 md:max-w-2xl"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.member} className="text-sm font-medium">
            Member
          </label>
          <select
            id={ids.member}
            className="select w-full"
            value={list.member ?? ''}
            onChange={(event) => list.setMember(event.target.value || null)}
          >
            <option value="">Everyone</option>
            {company.members.map((member) => (
              <option key={member.uid} value={member.uid}>
                {member.name ? `${member.name} (${member.email})` : member.email}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.status} className="text-sm font-medium">
            Status
          </label>
          <select
            id={ids.status}
            className="select w-full"
            value={list.status ?? ''}
            onChange={(event) => list.setStatus((event.target.value || null) as OrderStatus | null)}
          >
            <option value="">Every status</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ORDER_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
      </form>
      {body}
    </>
  );
}
