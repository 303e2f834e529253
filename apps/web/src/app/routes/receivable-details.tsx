import { Link, useParams } from 'react-router';
import { termsLabel } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useAccount, useStatement } from '@/features/accounts/api';
import { PaymentForm } from '@/features/accounts/components/payment-form';
import { StatementTable } from '@/features/accounts/components/statement-table';
import { formatPrice } from '@/lib/format';

/** One customer's account: terms, balance and credit, the statement, and the desk's payment form. */
export default function ReceivableDetailsRoute() {
  const { id = '' } = useParams();
  const account = useAccount(id);
  const statement = useStatement(id);

  let body;
  if (account.isPending) body = <LoadingState label="Loading the account..." />;
  else if (account.isError) body = <ErrorState error={account.error} onRetry={() => void account.refetch()} />;
  else {
    const a = account.data;
    const facts: [string, string][] = [
      ['Terms', termsLabel(a)],
      ['Credit limit', a.creditLimit === null ? 'None' : formatPrice(a.creditLimit)],
      ['Balance', formatPrice(a.balance)],
      ['Available', a.available === null ? '—' : formatPrice(a.available)],
      ['Overdue', formatPrice(a.overdue)],
    ];
    body = (
      <>
        <header className="flex flex-col gap-1">
          <p className="text-sm">
            <Link to={paths.receivables} className="link link-primary">
              Receivables
            </Link>
          </p>
          <h1 className="text-3xl font-bold break-words">{a.customer.name}</h1>
        </header>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {facts.map(([label, value]) => (
            <div key={label} className="rounded-box border border-base-300 bg-base-100 p-3">
              <dt className="text-xs text-base-content/70">{label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <PaymentForm accountId={a.id} />
        <section aria-labelledby="statement" className="flex flex-col gap-2">
          <h2 id="statement" className="text-lg font-semibold">
            Statement
          </h2>
          {statement.isPending ? (
            <LoadingState label="Loading the statement..." />
          ) : statement.isError ? (
            <ErrorState error={statement.error} onRetry={() => void statement.refetch()} />
          ) : (
            <StatementTable statement={statement.data} />
          )}
        </section>
      </>
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle page={account.data ? `Account of ${account.data.customer.name}` : 'Account'} />
      {body}
    </section>
  );
}
