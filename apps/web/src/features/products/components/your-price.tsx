import { formatPrice } from '@/lib/format';

/** A contract price with the list price struck through beside it: "$8.90 $10.00". */
export function YourPrice({ price, listPrice }: { price: number; listPrice: number }) {
  return (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <span className="font-semibold text-primary">
        <span className="sr-only">Your price </span>
        {formatPrice(price)}
      </span>
      <s className="text-xs font-normal text-base-content/60">
        <span className="sr-only">List price </span>
        {formatPrice(listPrice)}
      </s>
    </span>
  );
}
