import { INVOICE_PAYMENT_LABELS, termsLabel } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useAccountBalances, useBuyerStatement } from '@/features/accounts/api';
import { StatementTable } from '@/features/accounts/components/statement-table';
import { formatPrice } from '@/lib/format';

function SellerStatement({ sellerId }: { sellerId: string }) {
  const statement = useBuyerStatement(sellerId);
  if (statement.isPending) return <LoadingState label="Loading the statement..." />;
  if (statement.isError) return <ErrorState error={statement.error} onRetry={() => void statement.refetch()} />;
  return <StatementTable statement={statement.data} />;
}

/** Buying → Statements: per seller, what is owed, when it is due, what is overdue, and the statement. */
export default function StatementsRoute() {
  const balances = useAccountBalances();
  let body;
  if (balances.isPending) body = <LoadingState label="Loading statements..." />;
  else if (balances.isError) body = <ErrorState error={balances.error} onRetry={() => void balances.refetch()} />;
  else if (balances.data.length === 0) {
    body = (
      <EmptyState>No seller has given you an account yet: your orders are invoiced and due when issued.</EmptyState>
    );
  } else {
    body = balances.data.map((account) => (
      <section
        key={account.sellerId}
        aria-labelledby={`seller-${account.sellerId}`}
        className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4"
      >
        <header className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={`seller-${account.sellerId}`} className="text-xl font-semibold break-words">
            {account.seller}
          </h2>
          <p className="text-sm text-base-content/70">
            {termsLabel(account)} ·{' '}
            {account.creditLimit === null ? 'no credit limit' : `credit limit ${formatPrice(account.creditLimit)}`}
          </p>
        </header>
        <dl className="grid grid-cols-3 gap-3">
          <div>
            <dt className="text-xs text-base-content/70">You owe</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatPrice(account.balance)}</dd>
          </div>
          <div>
            <dt className="text-xs text-base-content/70">Credit left</dt>
            <dd className="text-lg font-semibold tabular-nums">
              {account.available === null ? '—' : formatPrice(account.available)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-base-content/70">Overdue</dt>
            <dd className={`text-lg font-semibold tabular-nums ${account.overdue > 0 ? 'text-error' : ''}`}>
              {formatPrice(account.overdue)}
            </dd>
          </div>
        </dl>
        {account.openInvoices.length > 0 ? (
          <ul className="divide-y divide-base-300 text-sm" aria-label={`Open invoices of ${account.seller}`}>
            {account.openInvoices.map((invoice) => (
              <li key={invoice.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{invoice.number}</span> · due {invoice.dueDate ?? 'on issue'} ·{' '}
                  {INVOICE_PAYMENT_LABELS[invoice.status]}
                </span>
                <span className="font-medium tabular-nums">{formatPrice(invoice.left)} to pay</span>
              </li>
            ))}
          </ul>
        ) : null}
        <SellerStatement sellerId={account.sellerId} />
      </section>
    ));
  }
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle page="Statements" />
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">Statements</h1>
        <p className="max-w-3xl text-base-content/70">
          Your accounts with your sellers: what you owe, when it falls due and what is overdue.
        </p>
      </header>
      {body}
    </section>
  );
}
