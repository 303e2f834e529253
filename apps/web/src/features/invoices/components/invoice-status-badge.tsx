import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@b2b/shared';

const TONE: Record<InvoiceStatus, string> = {
  issued: 'badge-primary',
  partly_credited: 'badge-warning text-amber-800',
  credited: 'badge-neutral',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <span className={`badge badge-soft whitespace-nowrap ${TONE[status]}`}>{INVOICE_STATUS_LABELS[status]}</span>;
}
