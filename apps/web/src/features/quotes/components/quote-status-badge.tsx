import { QUOTE_STATUS_LABELS, type QuoteStatus } from '@b2b/shared';

/** Soft badges; the lighter hues get a darker text so every label keeps a 4.5:1 contrast. */
const TONE: Record<QuoteStatus, string> = {
  requested: 'badge-info text-sky-800',
  offered: 'badge-primary',
  revision_requested: 'badge-warning text-amber-800',
  accepted: 'badge-success text-green-800',
  declined: 'badge-error text-red-700',
  withdrawn: 'badge-neutral',
  expired: 'badge-neutral',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <span className={`badge badge-soft whitespace-nowrap ${TONE[status]}`}>{QUOTE_STATUS_LABELS[status]}</span>;
}
