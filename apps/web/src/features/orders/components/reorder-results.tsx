import { Link } from 'react-router';
import type { ReorderResult } from '@b2b/shared';
import { formatCount } from '@/lib/format';

const OUTCOME_LABEL: Record<ReorderResult['results'][number]['outcome'], string> = {
  added: 'Added to cart',
  product_gone: 'No longer sold',
  min_order_not_met: 'Minimum order not met',
  quantity_not_multiple: 'Not a whole number of packs',
  max_order_exceeded: 'Above the maximum per order',
  insufficient_stock: 'Not enough stock',
};

/** What a reorder did, line by line, with the way to the cart when anything was added. */
export function ReorderResults({ result, cartPath }: { result: ReorderResult; cartPath: string }) {
  const all = result.added === result.results.length;
  return (
    <section
      aria-labelledby="reorder-results"
      role="status"
      className={`alert flex-col items-stretch ${all ? 'alert-success' : 'alert-warning'} alert-soft`}
    >
      <h2 id="reorder-results" className="font-semibold">
        {result.added === 0
          ? 'Nothing could be added to your cart.'
          : `${result.added} of ${result.results.length} ${result.results.length === 1 ? 'line was' : 'lines were'} added to your cart.`}
      </h2>
      <ul className="flex flex-col gap-1 text-sm">
        {result.results.map((line, index) => (
          <li key={`${line.productId}-${index}`} className="flex flex-wrap justify-between gap-x-3">
            <span>
              {line.name} × {formatCount(line.quantity)}
            </span>
            <span className={line.outcome === 'added' ? 'font-medium' : 'text-base-content/80'}>
              {OUTCOME_LABEL[line.outcome]}
              {line.outcome === 'added' ? null : `: ${line.message}`}
            </span>
          </li>
        ))}
      </ul>
      {result.added > 0 ? (
        <Link to={cartPath} className="btn self-start btn-primary btn-sm">
          Go to my cart
        </Link>
      ) : null}
    </section>
  );
}
