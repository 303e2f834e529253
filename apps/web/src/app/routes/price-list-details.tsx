import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { can, type PriceList, type PriceListLine } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useCurrentCompany } from '@/lib/company';
import { formatCount } from '@/lib/format';
import { usePriceList } from '@/features/price-lists/api';
import { validityText } from '@/features/price-lists/validity';
import { card } from './price-list/card';
import { Customers } from './price-list/customers';
import { LineEditor } from './price-list/line-editor';
import { Lines, LinesFile } from './price-list/lines';
import { PriceForCustomer } from './price-list/price-for-customer';
import { Settings } from './price-list/settings';

export default function PriceListDetailsRoute() {
  const { id = '' } = useParams();
  const list = usePriceList(id);
  const company = useCurrentCompany();
  const mayChange = company.data !== undefined && can(company.data?.role ?? null, 'prices');

  let body;
  if (list.isPending) body = <LoadingState label="Loading price list..." />;
  else if (list.isError) {
    const status = list.error instanceof ApiError ? list.error.status : 0;
    body =
      status === 404 || status === 400 ? (
        <EmptyState>
          <p>This price list does not exist, or it is not yours.</p>
          <Link to={paths.priceLists} className="btn mt-4 btn-primary btn-sm">
            Go to price lists
          </Link>
        </EmptyState>
      ) : (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      );
  } else body = <PriceListView key={list.data.id} list={list.data} mayChange={mayChange} />;

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle page={list.data ? `Price list ${list.data.name}` : 'Price list'} />
      <Link to={paths.priceLists} className="w-fit link text-sm link-hover">
        ← All price lists
      </Link>
      {body}
    </section>
  );
}

function PriceListView({ list, mayChange }: { list: PriceList; mayChange: boolean }) {
  const [editing, setEditing] = useState<PriceListLine | null>(null);
  return (
    <>
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold break-words">{list.name}</h1>
        <p className="text-base-content/70">
          {validityText(list)} · {formatCount(list.lineCount)} {list.lineCount === 1 ? 'product' : 'products'}
          {list.discountPercent !== null ? ` · ${list.discountPercent}% off your other products` : ''}
        </p>
      </header>
      {mayChange ? <Settings list={list} /> : null}
      <Customers list={list} mayChange={mayChange} />
      <section className={card} aria-labelledby="lines-heading">
        <h2 id="lines-heading" className="text-xl font-semibold">
          Products and prices
        </h2>
        {mayChange ? (
          <LineEditor
            key={editing?.productId ?? 'new'}
            listId={list.id}
            editing={editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
        <Lines list={list} mayChange={mayChange} onEdit={setEditing} />
        <LinesFile list={list} mayChange={mayChange} />
      </section>
      <PriceForCustomer />
    </>
  );
}
