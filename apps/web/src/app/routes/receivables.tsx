import { Link } from 'react-router';
import { AGING_LABELS, termsLabel, type Account } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useAccounts } from '@/features/accounts/api';
import { AccountForm } from '@/features/accounts/components/account-form';
import { formatPrice } from '@/lib/format';

const AGING = Object.keys(AGING_LABELS) as (keyof Account['aging'])[];

/** Selling → Receivables: each customer on account, what they owe, their credit left and how late. */
export default function ReceivablesRoute() {
  const accounts = useAccounts();
  let body;
  if (accounts.isPending) body = <LoadingState label="Loading receivables..." />;
  else if (accounts.isError) body = <ErrorState error={accounts.error} onRetry={() => void accounts.refetch()} />;
  else if (accounts.data.length === 0) {
    body = (
      <EmptyState>
        No customers on account yet. Give one net terms above: their orders go on account while their credit covers
        them, and their invoices fall due after the days you set.
      </EmptyState>
    );
  } else {
    body = (
      <div
        className="overflow-x-auto rounded-box border border-base-300 bg-base-100"
        // Focusable so keyboard users can scroll the table sideways on narrow screens.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="region"
        aria-label="Customers on account (scrolls sideways)"
      >
        <table className="table table-sm md:table-md">
          <caption className="sr-only">Customers on account</caption>
          <thead>
            <tr>
              <th scope="col">Customer</th>
              <th scope="col" className="text-right">
                Balance
              </th>
              <th scope="col" className="text-right">
                Available
              </th>
              <th scope="col" className="text-right">
                Overdue
              </th>
              {AGING.map((bucket) => (
                <th key={bucket} scope="col" className="hidden text-right lg:table-cell">
                  {AGING_LABELS[bucket]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {accounts.data.map((account) => (
              <tr key={account.id}>
                <td>
                  <Link to={paths.receivable(account.id)} className="link font-medium break-words link-primary">
                    {account.customer.name}
                  </Link>
                  <span className="block text-xs text-base-content/70">
                    {termsLabel(account)} ·{' '}
                    {account.creditLimit === null ? 'no limit' : `limit ${formatPrice(account.creditLimit)}`}
                  </span>
                </td>
                <td className="text-right whitespace-nowrap tabular-nums">{formatPrice(account.balance)}</td>
                <td className="text-right whitespace-nowrap tabular-nums">
                  {account.available === null ? '—' : formatPrice(account.available)}
                </td>
                <td
                  className={`text-right whitespace-nowrap tabular-nums ${account.overdue > 0 ? 'font-semibold text-error' : ''}`}
                >
                  {formatPrice(account.overdue)}
                </td>
                {AGING.map((bucket) => (
                  <td key={bucket} className="hidden text-right whitespace-nowrap tabular-nums lg:table-cell">
                    {formatPrice(account.aging[bucket])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle page="Receivables" />
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">Receivables</h1>
        <p className="max-w-3xl text-base-content/70">
          Customers who buy on account: what they owe you, the credit they have left, and what is overdue by age.
        </p>
      </header>
      <AccountForm />
      {body}
    </section>
  );
}
