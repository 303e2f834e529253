import { Link } from 'react-router';
import type { ListAddToCartResult } from '@b2b/shared';
import { formatCount } from '@/lib/format';

/** What adding a list to the cart did, line by line (a product deleted since is said so, not dropped). */
export function ListResults({ result, cartPath }: { result: ListAddToCartResult; cartPath: string }) {
  const added = result.results.filter((line) => line.outcome === 'added').length;
  const all = added === result.results.length;
  return (
    <section
      aria-labelledby="list-results"
      role="status"
      className={`alert flex-col items-stretch ${all ? 'alert-success' : 'alert-warning'} alert-soft`}
    >
      <h2 id="list-results" className="font-semibold">
        {added === 0
          ? 'Nothing could be added to your cart.'
          : `${added} of ${result.results.length} ${result.results.length === 1 ? 'line was' : 'lines were'} added to your cart.`}
      </h2>
      <ul className="flex flex-col gap-1 text-sm">
        {result.results.map((line) => (
          <li key={line.productId} className="flex flex-wrap justify-between gap-x-3">
            <span>
              {line.name}
              {line.sku ? ` (${line.sku})` : ''}
            </span>
            <span className={line.outcome === 'added' ? 'font-medium' : 'text-base-content/80'}>
              {line.outcome === 'added'
                ? 'Added to cart'
                : line.code === 'NOT_FOUND'
                  ? 'No longer sold'
                  : `Not added: ${line.message ?? ''}`}
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

export const lineCount = (count: number) => `${formatCount(count)} ${count === 1 ? 'line' : 'lines'}`;
