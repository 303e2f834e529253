import { Link, useParams } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { downloadCreditNote, downloadInvoice, useInvoice } from '@/features/invoices/api';
import { CreditForm } from '@/features/invoices/components/credit-form';
import { InvoiceStatusBadge } from '@/features/invoices/components/invoice-status-badge';
import { InvoiceView } from '@/features/invoices/components/invoice-view';
import { PdfButton } from '@/features/invoices/components/pdf-button';
import { formatDateTime, formatPrice } from '@/lib/format';

/** One invoice as issued, its credit notes, and for the seller's desk the credit note form. */
export default function InvoiceDetailsRoute() {
  const { id = '' } = useParams();
  const invoice = useInvoice(id);

  let body;
  if (invoice.isPending) body = <LoadingState label="Loading invoice..." />;
  else if (invoice.isError) body = <ErrorState error={invoice.error} onRetry={() => void invoice.refetch()} />;
  else {
    const data = invoice.data;
    body = (
      <>
        <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="flex flex-wrap items-center gap-3 text-3xl font-bold">
              Invoice {data.number} <InvoiceStatusBadge status={data.status} />
            </h1>
            <p className="mt-1 text-base-content/70">
              Issued <time dateTime={data.issuedAt}>{formatDateTime(data.issuedAt)}</time> for order{' '}
              <Link to={paths.order(data.orderId)} className="link link-primary">
                {data.orderNumber}
              </Link>
              {data.snapshot.poNumber ? ` (PO ${data.snapshot.poNumber})` : ''}
            </p>
          </div>
          <PdfButton
            label="Download PDF"
            className="btn btn-primary"
            file={() => downloadInvoice(data._id, data.number)}
          />
        </header>
        <InvoiceView invoice={data} />
        {data.creditNotes.length > 0 ? (
          <section aria-labelledby="credit-notes" className="flex flex-col gap-2">
            <h2 id="credit-notes" className="text-lg font-semibold">
              Credit notes
            </h2>
            <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
              {data.creditNotes.map((note) => (
                <li key={note._id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                  <span>
                    <span className="font-medium">{note.number}</span> · {formatPrice(note.totals.gross)} ·{' '}
                    <span className="break-words">{note.reason}</span>
                  </span>
                  <PdfButton label="Credit note PDF" file={() => downloadCreditNote(note._id, note.number)} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {data.canCredit ? (
          <section className="rounded-box border border-base-300 bg-base-100 p-4">
            <CreditForm invoice={data} />
          </section>
        ) : null}
      </>
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle page={invoice.data ? `Invoice ${invoice.data.number}` : 'Invoice'} />
      {body}
    </section>
  );
}
