import { ORDER_STATUS_LABELS, type OrderStatus } from '@b2b/shared';

/** Soft badges; the lighter hues get a darker text so every label keeps a 4.5:1 contrast. */
const TONE: Record<OrderStatus, string> = {
  awaiting_approval: 'badge-warning text-amber-800',
  placed: 'badge-info text-sky-800',
  confirmed: 'badge-primary',
  shipped: 'badge-secondary',
  delivered: 'badge-success',
  cancelled: 'badge-error text-red-700',
  rejected: 'badge-error text-red-700',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge badge-soft whitespace-nowrap ${TONE[status]}`}>{ORDER_STATUS_LABELS[status]}</span>;
}
