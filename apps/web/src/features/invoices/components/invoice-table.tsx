import { Link } from 'react-router';
import { INVOICE_PAYMENT_LABELS, type InvoiceSummary } from '@b2b/shared';
import { paths } from '@/config/paths';
import { formatDateTime, formatPrice } from '@/lib/format';
import { downloadInvoice, type InvoiceSide } from '../api';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { PdfButton } from './pdf-button';

/**
 * A page of invoices: number (its page), order, the other party, date, status, amount, PDF. On a
 * phone the order, party and date go under the number so the table fits without scrolling.
 */
export function InvoiceTable({ invoices, side }: { invoices: InvoiceSummary[]; side: InvoiceSide }) {
  const party = side === 'seller' ? 'Customer' : 'Seller';
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table table-sm md:table-md">
        <caption className="sr-only">{side === 'seller' ? 'Invoices issued' : 'Invoices received'}</caption>
        <thead>
          <tr>
            <th scope="col">Invoice</th>
            <th scope="col" className="hidden md:table-cell">
              {party}
            </th>
            <th scope="col" className="hidden sm:table-cell">
              Status
            </th>
            <th scope="col" className="text-right">
              Amount
            </th>
            <th scope="col" className="text-right">
              <span className="sr-only">Download</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice._id}>
              <td>
                <Link to={paths.invoice(invoice._id)} className="link font-medium whitespace-nowrap link-primary">
                  {invoice.number}
                </Link>
                <p className="text-xs text-base-content/70">
                  Order {invoice.orderNumber} ·{' '}
                  <time dateTime={invoice.issuedAt}>{formatDateTime(invoice.issuedAt)}</time>
                </p>
                <p className="text-xs break-words text-base-content/70 md:hidden">
                  {side === 'seller' ? invoice.buyerName : invoice.sellerName}
                </p>
                <p className="mt-1 sm:hidden">
                  <InvoiceStatusBadge status={invoice.status} />
                </p>
              </td>
              <td className="hidden break-words md:table-cell">
                {side === 'seller' ? invoice.buyerName : invoice.sellerName}
              </td>
              <td className="hidden sm:table-cell">
                <InvoiceStatusBadge status={invoice.status} />
              </td>
              <td className="text-right whitespace-nowrap tabular-nums">
                {formatPrice(invoice.gross)}
                {invoice.credited > 0 ? (
                  <span className="block text-xs text-base-content/70">credited {formatPrice(invoice.credited)}</span>
                ) : null}
                {invoice.status !== 'credited' ? (
                  <span
                    className={`block text-xs ${invoice.paymentStatus === 'overdue' ? 'font-semibold text-red-700' : 'text-base-content/70'}`}
                  >
                    {INVOICE_PAYMENT_LABELS[invoice.paymentStatus]}
                    {invoice.dueDate && invoice.paymentStatus !== 'paid' ? ` · due ${invoice.dueDate}` : ''}
                  </span>
                ) : null}
              </td>
              <td className="text-right">
                <PdfButton
                  label="PDF"
                  className="btn btn-ghost btn-xs"
                  ariaLabel={`Download invoice ${invoice.number} as PDF`}
                  file={() => downloadInvoice(invoice._id, invoice.number)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
