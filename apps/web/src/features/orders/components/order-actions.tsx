import toast from 'react-hot-toast';
import { ORDER_LIMITS, TOAST_MS, type Order, type OrderStatus } from '@b2b/shared';
import { confirmDialog, promptDialog, showAlert } from '@/components/ui/dialogs';
import { errorMessage } from '@/lib/errors';
import { useUpdateOrderStatus } from '../api/update-order-status';

type OrderActionsProps = {
  order: { _id: string; orderNumber: string };
  /** What the caller may do next (the API's `nextStatuses`, or the transitions table for a seller). */
  next: OrderStatus[];
  /** Refreshes what the change touched outside orders (a cancel puts stock back on sale). */
  onChanged?: (order: Order) => unknown;
  size?: 'sm' | 'md';
};

const LABEL: Partial<Record<OrderStatus, string>> = {
  confirmed: 'Confirm',
  shipped: 'Ship',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
};

const DONE: Partial<Record<OrderStatus, string>> = {
  confirmed: 'confirmed',
  shipped: 'shipped',
  delivered: 'marked delivered',
  cancelled: 'cancelled',
};

/**
 * The buttons that move an order on. Confirming can still be followed by a cancel, so it goes at
 * once; shipping, delivering and cancelling cannot be undone, so each asks first (shipping also
 * asks for a tracking reference).
 */
export function OrderActions({ order, next, onChanged, size = 'sm' }: OrderActionsProps) {
  const update = useUpdateOrderStatus({ onSuccess: onChanged });
  const pending = update.isPending;
  const buttonSize = size === 'sm' ? 'btn-sm' : '';

  const run = async (status: OrderStatus) => {
    let trackingRef: string | undefined;
    if (status === 'shipped') {
      const answer = await promptDialog({
        title: `Ship ${order.orderNumber}?`,
        text: 'The buyer sees the order as shipped. This cannot be undone.',
        inputLabel: 'Tracking reference',
        placeholder: 'e.g. DHL 1234 5678',
        maxLength: ORDER_LIMITS.trackingRef,
        optional: true,
        confirmText: 'Ship',
      });
      if (answer === null) return;
      trackingRef = answer || undefined;
    } else if (status === 'delivered') {
      const ok = await confirmDialog({
        title: `Mark ${order.orderNumber} delivered?`,
        text: 'This cannot be undone.',
        confirmText: 'Mark delivered',
      });
      if (!ok) return;
    } else if (status === 'cancelled') {
      const ok = await confirmDialog({
        title: `Cancel ${order.orderNumber}?`,
        text: 'Its units go back in stock. This cannot be undone.',
        confirmText: 'Cancel order',
        cancelText: 'Keep order',
        danger: true,
      });
      if (!ok) return;
    }
    try {
      await update.mutateAsync({ id: order._id, status, ...(trackingRef ? { trackingRef } : {}) });
      toast.success(`${order.orderNumber} ${DONE[status] ?? status}.`, { duration: TOAST_MS });
    } catch (error) {
      await showAlert({ icon: 'error', title: 'The order was not changed', text: errorMessage(error) });
    }
  };

  // Approving (to placed) and rejecting are the approver's moves, with their own buttons (ApprovalActions).
  return next
    .filter((status) => status !== 'placed' && status !== 'rejected')
    .map((status) => (
      <button
        key={status}
        type="button"
        className={`btn ${buttonSize} ${status === 'cancelled' ? 'btn-outline btn-error' : 'btn-primary'}`}
        disabled={pending}
        onClick={() => void run(status)}
        aria-label={`${LABEL[status] ?? status} ${order.orderNumber}`}
      >
        {pending && update.variables?.status === status ? (
          <span className="loading loading-xs loading-spinner" aria-hidden="true" />
        ) : null}
        {LABEL[status] ?? status}
      </button>
    ));
}
