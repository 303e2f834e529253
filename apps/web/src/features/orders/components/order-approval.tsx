import type { Order } from '@b2b/shared';
import { formatDateTime, formatPrice } from '@/lib/format';

const personName = (person: { name: string; email: string }) => person.name || person.email;

/**
 * Why an order waits, who can approve it and until when; or who rejected it and why. Shown on the
 * order page of a checkout that went above the buyer's spending limit (`approval` is null otherwise).
 */
export function OrderApproval({ order, isBuyer }: { order: Pick<Order, 'status' | 'approval'>; isBuyer: boolean }) {
  const { approval } = order;
  const whose = isBuyer ? 'your' : 'the buyer’s';
  if (!approval) return null;

  if (order.status === 'awaiting_approval') {
    return (
      <section aria-labelledby="order-approval" className="alert items-start alert-soft alert-warning">
        <div className="flex min-w-0 flex-col gap-1 text-amber-900">
          <h2 id="order-approval" className="font-semibold">
            Waiting for approval
          </h2>
          <p>
            The checkout’s total of {formatPrice(approval.checkoutTotal)} is above {whose} spending limit of{' '}
            {formatPrice(approval.spendingLimit)}. The seller sees the order once it is approved; its stock is held
            until then.
          </p>
          <p>
            {approval.approvers.length > 0 ? (
              <>
                Who can approve: <span className="font-medium">{approval.approvers.map(personName).join(', ')}</span>.
              </>
            ) : (
              'Nobody in the company can approve it yet: ask an admin.'
            )}
          </p>
          <p className="text-sm">
            If nobody decides, it is rejected on{' '}
            <time dateTime={approval.expiresAt}>{formatDateTime(approval.expiresAt)}</time>.
          </p>
        </div>
      </section>
    );
  }

  if (order.status === 'rejected') {
    return (
      <section aria-labelledby="order-approval" className="alert items-start alert-soft alert-error">
        <div className="flex min-w-0 flex-col gap-1 text-red-900">
          <h2 id="order-approval" className="font-semibold">
            Rejected
          </h2>
          <p>
            {approval.decidedBy ? `${personName(approval.decidedBy)} rejected it` : 'It was rejected'}
            {approval.decidedAt ? (
              <>
                {' on '}
                <time dateTime={approval.decidedAt}>{formatDateTime(approval.decidedAt)}</time>
              </>
            ) : null}
            . Its units went back in stock.
          </p>
          {approval.reason ? <p className="break-words whitespace-pre-line">Reason: {approval.reason}</p> : null}
        </div>
      </section>
    );
  }

  // Approved (and anything after): who let it through.
  if (approval.decidedBy) {
    return (
      <p className="text-sm text-base-content/70">
        Approved by {personName(approval.decidedBy)}
        {approval.decidedAt ? (
          <>
            {' on '}
            <time dateTime={approval.decidedAt}>{formatDateTime(approval.decidedAt)}</time>
          </>
        ) : null}{' '}
        (the checkout’s total of {formatPrice(approval.checkoutTotal)} was above the spending limit of{' '}
        {formatPrice(approval.spendingLimit)}).
      </p>
    );
  }
  return null;
}
