import { useState } from 'react';
import { useLocation } from 'react-router';
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES, type InvoiceStatus } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { CursorPager, useCursorPages } from '@/components/ui/cursor-pager';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { StatusFilter } from '@/components/ui/status-filter';
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
  const pages = useCursorPages();
  const { cursor } = pages;
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
        <CursorPager pages={pages} next={next} />
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
      <StatusFilter
        statuses={INVOICE_STATUSES}
        labels={INVOICE_STATUS_LABELS}
        value={status}
        onChange={(value) => {
          setStatus(value);
          pages.reset();
        }}
      />
      {body}
    </section>
  );
}
