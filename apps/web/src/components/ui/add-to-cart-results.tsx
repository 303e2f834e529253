import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** One line of a many-line add to cart (quick order, a saved list): what it was, and what became of it. */
export type AddToCartLine = { key: string | number; label: ReactNode; added: boolean; outcome: string };

/**
 * What adding many lines to the cart did, line by line, with the way to the cart when anything
 * was added: the answer of quick order and of "Add list to cart".
 */
export function AddToCartResults({ id, lines, cartPath }: { id: string; lines: AddToCartLine[]; cartPath: string }) {
  const added = lines.filter((line) => line.added).length;
  const all = added === lines.length;
  return (
    <section
      aria-labelledby={id}
      role="status"
      className={`alert flex-col items-stretch ${all ? 'alert-success' : 'alert-warning'} alert-soft`}
    >
      <h2 id={id} className="font-semibold">
        {added === 0
          ? 'Nothing could be added to your cart.'
          : `${added} of ${lines.length} ${lines.length === 1 ? 'line was' : 'lines were'} added to your cart.`}
      </h2>
      <ul className="flex flex-col gap-1 text-sm">
        {lines.map((line) => (
          <li key={line.key} className="flex flex-wrap justify-between gap-x-3">
            <span className="break-all">{line.label}</span>
            <span className={line.added ? 'font-medium' : 'text-base-content/80'}>{line.outcome}</span>
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
