import { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus, type OrderStatusCounts } from '@b2b/shared';
import { formatCount } from '@/lib/format';

type StatusFilterProps = {
  label: string;
  value: OrderStatus | null;
  counts: OrderStatusCounts | undefined;
  onChange: (status: OrderStatus | null) => void;
};

/** Only company checkouts above a spending limit reach these: offered when some order is in one. */
const APPROVAL_STATUSES: readonly OrderStatus[] = ['awaiting_approval', 'rejected'];

/**
 * All / Placed / Confirmed / … with how many orders each holds; the chosen one is pressed.
 * Awaiting approval and Rejected show only when an order is in them (or one is chosen), so
 * buyers outside a company, and sellers, never see them.
 */
export function StatusFilter({ label, value, counts, onChange }: StatusFilterProps) {
  const all = counts ? ORDER_STATUSES.reduce((sum, status) => sum + counts[status], 0) : undefined;
  const options: { status: OrderStatus | null; text: string; count: number | undefined }[] = [
    { status: null, text: 'All', count: all },
    ...ORDER_STATUSES.filter(
      (status) => !APPROVAL_STATUSES.includes(status) || status === value || (counts?.[status] ?? 0) > 0,
    ).map((status) => ({ status, text: ORDER_STATUS_LABELS[status], count: counts?.[status] })),
  ];
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map((option) => {
        const pressed = option.status === value;
        return (
          <button
            key={option.text}
            type="button"
            aria-pressed={pressed}
            className={`btn btn-sm ${pressed ? 'btn-primary' : 'border-base-300 btn-outline'}`}
            onClick={() => onChange(option.status)}
          >
            {option.text}
            {option.count === undefined ? null : ' '}
            {option.count === undefined ? null : (
              <span
                className={`badge badge-sm ${pressed ? 'border-0 bg-primary-content/20 text-primary-content' : 'badge-ghost'}`}
              >
                {formatCount(option.count)}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
