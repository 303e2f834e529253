import { nextTierFor, nextTierMessage, unitPriceFor, type Product } from '@b2b/shared';
import { formatCount, formatPrice, formatUnits } from '@/lib/format';

type VolumePricesProps = {
  product: Pick<Product, 'name' | 'price' | 'minSellQty' | 'maxOrderQty' | 'priceTiers'>;
  /** The buyer's total of this product in their cart (0 when none, or for the seller): its tier is marked. */
  held: number;
};

/** "12–49", "200+" (or "200–400" under a maximum). */
function range(from: number, to: number | null): string {
  if (to === null) return `${formatCount(from)}+`;
  return from === to ? formatCount(from) : `${formatCount(from)}–${formatCount(to)}`;
}

/**
 * The product's volume price ladder as a table, from the minimum order up, with the row the
 * buyer's cart already reaches marked and what the next row takes. The unit price follows the
 * buyer's total of the product (every cart item of it), as the server charges it.
 */
export function VolumePrices({ product, held }: VolumePricesProps) {
  const { priceTiers: tiers, maxOrderQty } = product;
  const rows = [{ minQty: product.minSellQty, price: product.price }, ...tiers].map((tier, index, all) => {
    const following = all[index + 1];
    return { ...tier, upTo: following ? following.minQty - 1 : maxOrderQty };
  });
  // The highest row the cart's total reaches; none while the cart holds none of it.
  const reached = held > 0 ? rows.reduce((last, row, index) => (held >= row.minQty ? index : last), 0) : -1;
  const next = held > 0 ? nextTierFor(product, held) : null;

  return (
    <section aria-labelledby="volume-prices" className="flex flex-col gap-2">
      <h2 id="volume-prices" className="text-lg font-semibold">
        Volume prices
      </h2>
      <p className="text-sm text-base-content/70">Your total of this product in the cart decides the unit price.</p>
      <div
        className="overflow-x-auto rounded-box border border-base-300 bg-base-100"
        // Focusable so keyboard users can scroll the table sideways when a screen is too narrow for it.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="region"
        aria-label="Volume price table"
      >
        <table className="table table-sm sm:table-md">
          <caption className="sr-only">Volume prices of {product.name}</caption>
          <thead>
            <tr>
              <th scope="col">Quantity</th>
              <th scope="col" className="text-right">
                Unit price
              </th>
              <th scope="col" className="text-right">
                You save
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.minQty} className={index === reached ? 'bg-primary/10 font-semibold' : undefined}>
                <th scope="row" className="font-medium whitespace-nowrap">
                  {range(row.minQty, row.upTo)}
                  {index === reached ? <span className="ml-2 badge badge-sm badge-primary">Your cart</span> : null}
                </th>
                <td className="text-right whitespace-nowrap tabular-nums">{formatPrice(row.price)}</td>
                <td className="text-right whitespace-nowrap tabular-nums">
                  {index === 0 ? '—' : `${Math.round((1 - row.price / product.price) * 100)}%`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {held > 0 ? (
        <p className="text-sm" role="note">
          Your cart holds {formatUnits(held)} of this product, at {formatPrice(unitPriceFor(product, held))} each.
          {next ? ` ${nextTierMessage(next, formatPrice)}.` : ''}
        </p>
      ) : null}
    </section>
  );
}
