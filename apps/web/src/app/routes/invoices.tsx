import { useState } from 'react';
import { useLocation } from 'react-router';
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES, type InvoiceStatus } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useInvoices, type InvoiceSide } from '@/features/invoices/api';
import { InvoiceTable } from '@/features/invoices/components/invoice-table';

const PAGE_SIZE = 20;

/**
 * Invoices received (Buying → Invoices: the buyer's, and their company's for its admins and
 * approvers) or issued (Selling → Sales invoices), newest first, by status, a page at a time.
 */
export default function InvoicesRoute() {
  const side: InvoiceSide = useLocation().pathname === paths.salesInvoices ? 'seller' : 'buyer';
  const [status, setStatus] = useState<InvoiceStatus | undefined>(undefined);
  // The cursors of the pages before this one, for "Previous".
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const invoices = useInvoices({ side, status, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) });
  const title = side === 'seller' ? 'Sales invoices' : 'Invoices';

  let body;
  if (invoices.isPending) body = <LoadingState label="Loading invoices..." />;
  else if (invoices.isError) body = <ErrorState error={invoices.error} onRetry={() => void invoices.refetch()} />;
  else if (invoices.data.items.length === 0) {
    body = (
      <EmptyState>
        {status
          ? `No ${INVOICE_STATUS_LABELS[status].toLowerCase()} invoices.`
          : side === 'seller'
            ? 'No invoices issued yet. An order is invoiced when you ship it, or by hand once it is confirmed.'
            : 'No invoices yet. A seller’s invoice appears here when they ship your order.'}
      </EmptyState>
    );
  } else {
    const next = invoices.data.nextCursor;
    body = (
      <>
        <InvoiceTable invoices={invoices.data.items} side={side} />
        {cursors.length > 0 || next ? (
          <nav aria-label="Pages" className="flex justify-between">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={cursors.length === 0}
              onClick={() => setCursors(cursors.slice(0, -1))}
            >
              Previous
            </button>
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={!next}
              onClick={() => next && setCursors([...cursors, next])}
            >
              Next
            </button>
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle page={title} />
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="max-w-3xl text-base-content/70">
          {side === 'seller'
            ? 'Every invoice and credit note your business issued, numbered without gaps.'
            : 'Invoices from your sellers, with their credit notes. Download any of them as a PDF.'}
        </p>
      </header>
      <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-2">
        {[undefined, ...INVOICE_STATUSES].map((value) => (
          <button
            key={value ?? 'all'}
            type="button"
            aria-pressed={status === value}
            className={`btn btn-sm ${status === value ? 'btn-primary' : 'btn-outline'}`}
            onClick={() => {
              setStatus(value);
              setCursors([]);
            }}
          >
            {value ? INVOICE_STATUS_LABELS[value] : 'All'}
          </button>
        ))}
      </div>
      {body}
    </section>
  );
}
