import toast from 'react-hot-toast';
import { REJECT_REASON_MAX, TOAST_MS, type OrderStatus } from '@b2b/shared';
import { confirmDialog, promptDialog, showAlert } from '@/components/ui/dialogs';
import { errorMessage } from '@/lib/errors';
import { useApproveOrder } from '../api/approve-order';
import { useRejectOrder } from '../api/reject-order';

type ApprovalActionsProps = {
  order: { _id: string; orderNumber: string };
  /** The order's `nextStatuses` for the caller: `placed` means they may approve, `rejected` reject. */
  next: readonly OrderStatus[];
  size?: 'sm' | 'md';
};

/**
 * Approve and Reject for an approver or admin of the buyer's company. Neither can be undone, so
 * both ask first; Reject needs a reason, which the buyer reads on their order.
 */
export function ApprovalActions({ order, next, size = 'sm' }: ApprovalActionsProps) {
  const approve = useApproveOrder();
  const reject = useRejectOrder();
  const pending = approve.isPending || reject.isPending;
  const buttonSize = size === 'sm' ? 'btn-sm' : '';

  const onApprove = async () => {
    const ok = await confirmDialog({
      title: `Approve ${order.orderNumber}?`,
      text: 'The order is placed and its seller sees it.',
      confirmText: 'Approve',
    });
    if (!ok) return;
    try {
      await approve.mutateAsync(order._id);
      toast.success(`${order.orderNumber} approved.`, { duration: TOAST_MS });
    } catch (error) {
      await showAlert({ icon: 'error', title: 'The order was not approved', text: errorMessage(error) });
    }
  };

  const onReject = async () => {
    const reason = await promptDialog({
      title: `Reject ${order.orderNumber}?`,
      text: 'Its units go back in stock and the buyer reads your reason. This cannot be undone.',
      inputLabel: 'Reason',
      placeholder: 'e.g. Over this month’s budget',
      maxLength: REJECT_REASON_MAX,
      confirmText: 'Reject order',
    });
    if (reason === null) return;
    try {
      await reject.mutateAsync({ id: order._id, reason });
      toast.success(`${order.orderNumber} rejected.`, { duration: TOAST_MS });
    } catch (error) {
      await showAlert({ icon: 'error', title: 'The order was not rejected', text: errorMessage(error) });
    }
  };

  return (
    <>
      {next.includes('placed') ? (
        <button
          type="button"
          className={`btn btn-primary ${buttonSize}`}
          disabled={pending}
          onClick={() => void onApprove()}
          aria-label={`Approve ${order.orderNumber}`}
        >
          {approve.isPending ? <span className="loading loading-xs loading-spinner" aria-hidden="true" /> : null}
          Approve
        </button>
      ) : null}
      {next.includes('rejected') ? (
        <button
          type="button"
          className={`btn btn-outline btn-error ${buttonSize}`}
          disabled={pending}
          onClick={() => void onReject()}
          aria-label={`Reject ${order.orderNumber}`}
        >
          {reject.isPending ? <span className="loading loading-xs loading-spinner" aria-hidden="true" /> : null}
          Reject
        </button>
      ) : null}
    </>
  );
}
