import { Link } from 'react-router';
import type { QuickOrderResult } from '@b2b/shared';

/** What adding the lines did, line by line, with the way to the cart when anything was added. */
export function QuickOrderResults({ result, cartPath }: { result: QuickOrderResult; cartPath: string }) {
  const added = result.results.filter((line) => line.outcome === 'added').length;
  const all = added === result.results.length;
  return (
    <section
      aria-labelledby="quick-order-results"
      role="status"
      className={`alert flex-col items-stretch ${all ? 'alert-success' : 'alert-warning'} alert-soft`}
    >
      <h2 id="quick-order-results" className="font-semibold">
        {added === 0
          ? 'Nothing could be added to your cart.'
          : `${added} of ${result.results.length} ${result.results.length === 1 ? 'line was' : 'lines were'} added to your cart.`}
      </h2>
      <ul className="flex flex-col gap-1 text-sm">
        {result.results.map((line) => (
          <li key={line.line} className="flex flex-wrap justify-between gap-x-3">
            <span className="break-all">
              Line {line.line}: {line.sku || '(no SKU)'}
            </span>
            <span className={line.outcome === 'added' ? 'font-medium' : 'text-base-content/80'}>
              {line.outcome === 'added' ? 'Added to cart' : `Not added: ${line.message ?? line.code ?? ''}`}
              {line.mergedWith?.length ? ` (with line ${line.mergedWith.join(', ')})` : ''}
            </span>
          </li>
        ))}
      </ul>
      {added > 0 ? (
        <Link to={cartPath} className="btn self-start btn-primary btn-sm">
          Go to my cart
        </Link>
      ) : null}
    </section>
  );
}
