import type { OrderSummary } from '@b2b/shared';
import { useDownload } from '@/lib/use-download';
import { downloadPackingSlips } from '../api';

const TO_PACK: readonly OrderSummary['status'][] = ['placed', 'confirmed'];

/** The desk's bulk print: one PDF with the packing slip of every order on the page still to ship. */
export function PackingSlipsButton({ orders }: { orders: OrderSummary[] }) {
  const { pending, download } = useDownload();
  const ids = orders.filter((order) => TO_PACK.includes(order.status)).map((order) => order._id);
  if (ids.length === 0) return null;
  return (
    <div className="flex justify-end">
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={pending !== null}
        onClick={() => void download('slips', () => downloadPackingSlips(ids))}
      >
        {pending ? 'Preparing...' : `Packing slips of the orders to ship (${ids.length})`}
      </button>
    </div>
  );
}
