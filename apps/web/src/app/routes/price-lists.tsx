import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { can, PRICE_LIST_LIMITS, type PriceListSummary } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useCurrentCompany } from '@/lib/company';
import { errorMessage } from '@/lib/errors';
import { formatCount } from '@/lib/format';
import { useCreatePriceList, usePriceLists } from '@/features/price-lists/api';
import { validityText } from '@/features/price-lists/validity';

/** A new list: its name; the rest is set on the list's own page. */
function CreatePriceListForm() {
  const id = useId();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreatePriceList();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!name.trim()) {
      setError('Name the price list.');
      return;
    }
    try {
      const created = await create.mutateAsync({ name: name.trim() });
      void navigate(paths.priceList(created.id));
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4"
      aria-label="New price list"
    >
      <label htmlFor={id} className="font-semibold">
        Name of a new price list
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          className="input w-full sm:max-w-sm"
          value={name}
          maxLength={PRICE_LIST_LIMITS.name}
          placeholder="e.g. Key accounts 2027"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          Create price list
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function customersText(list: PriceListSummary): string {
  if (list.customers.length === 0) return 'No customers yet';
  const names = list.customers.slice(0, 3).map((c) => c.name);
  const more = list.customers.length - names.length;
  return `For ${names.join(', ')}${more > 0 ? ` and ${formatCount(more)} more` : ''}`;
}

function PriceListRow({ list }: { list: PriceListSummary }) {
  return (
    <li className="flex flex-col gap-1 p-4">
      <Link to={paths.priceList(list.id)} className="link text-lg font-semibold break-words link-primary">
        {list.name}
      </Link>
      <p className="text-sm text-base-content/70">
        {formatCount(list.lineCount)} {list.lineCount === 1 ? 'product' : 'products'}
        {list.discountPercent !== null ? ` · ${list.discountPercent}% off everything else` : ''} · {validityText(list)}
      </p>
      <p className="text-sm break-words">{customersText(list)}</p>
    </li>
  );
}

/** The seller's price lists: contract prices agreed with customers (Selling → Price lists). */
export default function PriceListsRoute() {
  const company = useCurrentCompany();
  const lists = usePriceLists();
  const mayChange = company.data !== undefined && can(company.data?.role ?? null, 'prices');

  let body;
  if (lists.isPending) body = <LoadingState label="Loading price lists..." />;
  else if (lists.isError) body = <ErrorState error={lists.error} onRetry={() => void lists.refetch()} />;
  else if (lists.data.length === 0) {
    body = (
      <EmptyState>
        No price lists yet. A price list gives the customers you add to it the prices you agreed: a price per product,
        with volume tiers of its own, or a discount on everything.
      </EmptyState>
    );
  } else {
    body = (
      <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
        {lists.data.map((list) => (
          <PriceListRow key={list.id} list={list} />
        ))}
      </ul>
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle page="Price lists" />
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">Price lists</h1>
        <p className="max-w-3xl text-base-content/70">
          Contract prices for your customers. A customer pays the lowest of your own price for the quantity and the
          price of every valid list they are on.
        </p>
      </header>
      {mayChange ? <CreatePriceListForm /> : null}
      {body}
    </section>
  );
}
