import { formatOrderNumber, ORDER_STATUS_LABELS } from '@b2b/shared';
import type { OrderRow } from '../../db/schema.js';
import type { Activity } from '../activity/index.js';

/** The activity log's entry for a status change made by a company's order desk. */
export function orderStatusActivity(before: Pick<OrderRow, 'status'>, after: OrderRow): Activity {
  const number = formatOrderNumber(after.number);
  const to = ORDER_STATUS_LABELS[after.status].toLowerCase();
  const tracking = after.status === 'shipped' && after.trackingRef ? ` (tracking ${after.trackingRef})` : '';
  return {
    kind: 'order',
    action: after.status,
    subjectId: after.id,
    subjectLabel: number,
    summary: `Marked order ${number} ${to}${tracking}.`,
    before: { status: before.status },
    after: { status: after.status, ...(after.status === 'shipped' ? { trackingRef: after.trackingRef } : {}) },
  };
}
