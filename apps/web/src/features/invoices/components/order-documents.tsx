import { Link } from 'react-router';
import toast from 'react-hot-toast';
import type { Order } from '@b2b/shared';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { downloadCreditNote, downloadInvoice, downloadPackingSlip, useIssueInvoice } from '../api';
import { PdfButton } from './pdf-button';

/**
 * An order's documents on its page: its invoice and credit notes (PDF downloads, the invoice's
 * own page), the packing slip, and for the seller's desk "Issue invoice" once the order is
 * confirmed and has none (shipping issues it by itself when the billing details are complete).
 */
export function OrderDocuments({ order }: { order: Order }) {
  const issue = useIssueInvoice();
  const { invoice } = order;

  const onIssue = async () => {
    try {
      const issued = await issue.mutateAsync(order._id);
      toast.success(`Invoice ${issued.number} issued.`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <section aria-labelledby="order-documents" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4">
        <h2 id="order-documents" className="font-semibold">
          Documents
        </h2>
        {invoice ? (
          <ul className="flex flex-col gap-2 text-sm">
            <li className="flex flex-wrap items-center justify-between gap-2">
              <Link to={paths.invoice(invoice._id)} className="link font-medium link-primary">
                Invoice {invoice.number}
              </Link>
              <PdfButton
                label="Invoice PDF"
                className="btn btn-outline btn-primary btn-xs"
                file={() => downloadInvoice(invoice._id, invoice.number)}
              />
            </li>
            {invoice.creditNotes.map((note) => (
              <li key={note._id} className="flex flex-wrap items-center justify-between gap-2">
                <span>Credit note {note.number}</span>
                <PdfButton label="Credit note PDF" file={() => downloadCreditNote(note._id, note.number)} />
              </li>
            ))}
          </ul>
        ) : order.canInvoice ? (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={issue.isPending}
            onClick={() => void onIssue()}
          >
            {issue.isPending ? <span className="loading loading-xs loading-spinner" aria-hidden="true" /> : null}
            Issue invoice
          </button>
        ) : (
          <p className="text-sm text-base-content/70">
            {order.status === 'cancelled' || order.status === 'rejected'
              ? 'No invoice: the order was not fulfilled.'
              : 'No invoice yet: it is issued when the order ships.'}
          </p>
        )}
        {order.status !== 'awaiting_approval' && order.status !== 'rejected' ? (
          <PdfButton
            label="Packing slip PDF"
            className="btn btn-outline btn-sm"
            file={() => downloadPackingSlip(order._id, order.orderNumber)}
          />
        ) : null}
      </div>
    </section>
  );
}
