import { ORDER_STATUS_LABELS, type Order, type OrderStatus } from '@b2b/shared';
import { formatDateTime } from '@/lib/format';

/** The way an order normally goes; a cancelled or rejected order shows where it stopped. */
const FORWARD: OrderStatus[] = ['placed', 'confirmed', 'shipped', 'delivered'];

/**
 * The status timeline: every status reached, with its time, and the ones still ahead greyed
 * out (none after a cancel or a delivery).
 */
export function OrderTimeline({ order }: { order: Pick<Order, 'status' | 'history' | 'trackingRef' | 'cancelledBy'> }) {
  const reached = new Map(order.history.map((entry) => [entry.status, entry.at]));
  const stopped = order.status === 'cancelled' || order.status === 'rejected';
  const ahead = stopped ? [] : FORWARD.filter((status) => !reached.has(status));
  const steps = [
    ...order.history.map((entry) => ({ status: entry.status, at: entry.at as string | null })),
    ...ahead.map((status) => ({ status, at: null })),
  ];
  return (
    <ol className="flex flex-col" aria-label="Status history">
      {steps.map((step, index) => {
        const done = step.at !== null;
        const last = index === steps.length - 1;
        const cancelled = step.status === 'cancelled' || step.status === 'rejected';
        return (
          <li key={step.status} className="relative flex gap-3 pb-5 last:pb-0">
            {last ? null : (
              <span
                aria-hidden="true"
                className={`absolute top-6 left-[0.6875rem] h-[calc(100%-1.5rem)] w-0.5 ${done && steps[index + 1]?.at ? 'bg-primary' : 'bg-base-300'}`}
              />
            )}
            <span
              aria-hidden="true"
              className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border-2 text-xs font-bold ${
                !done
                  ? 'border-base-300 bg-base-100'
                  : cancelled
                    ? 'border-error bg-error text-error-content'
                    : 'border-primary bg-primary text-primary-content'
              }`}
            >
              {done ? (cancelled ? '×' : '✓') : ''}
            </span>
            <div className="min-w-0">
              <p className={`font-medium ${done ? '' : 'text-base-content/70'}`}>
                {ORDER_STATUS_LABELS[step.status]}
                {done ? null : <span className="sr-only"> (not yet)</span>}
              </p>
              {step.at ? (
                <p className="text-sm text-base-content/70">
                  <time dateTime={step.at}>{formatDateTime(step.at)}</time>
                  {step.status === 'cancelled' && order.cancelledBy ? ` by the ${order.cancelledBy}` : null}
                </p>
              ) : null}
              {step.status === 'shipped' && done && order.trackingRef ? (
                <p className="text-sm break-all">Tracking: {order.trackingRef}</p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
