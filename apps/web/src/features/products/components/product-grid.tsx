import type { Product } from '@b2b/shared';
import { FIRST_ROW_CARDS } from '../first-row';
import { ProductCard } from './product-card';

type ProductGridProps = {
  products: Product[];
  showMinQty?: boolean;
  headingLevel?: 'h2' | 'h3';
  /** The signed-in buyer's contract prices, by product (useYourPrices). */
  yourPrices?: ReadonlyMap<string, number>;
};

export function ProductGrid({ products, showMinQty, headingLevel, yourPrices }: ProductGridProps) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {products.map((product, index) => (
        // Every card is laid out at once (no content-visibility: auto): a card first drawn when
        // scrolled near changes from its placeholder height to its own, and the page under the
        // reader's finger moves (the pager jumped away from a click).
        <li key={product._id}>
          <ProductCard
            product={product}
            showMinQty={showMinQty}
            showSku
            headingLevel={headingLevel}
            priority={index < FIRST_ROW_CARDS}
            yourPrice={yourPrices?.get(product._id)}
          />
        </li>
      ))}
    </ul>
  );
}
