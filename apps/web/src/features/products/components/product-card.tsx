import { useId } from 'react';
import { Link } from 'react-router';
import { categoryLabel, type Product } from '@b2b/shared';
import { paths } from '@/config/paths';
import { formatCount, formatPrice } from '@/lib/format';
import { formatRating, minSellQtyOrDefault, textOrFallback } from '../utils/format';
import { ProductImage } from '@/components/ui/product-image';
import { YourPrice } from './your-price';

type ProductCardProps = {
  product: Product;
  /** All Products' card view also shows the minimum order quantity. */
  showMinQty?: boolean;
  /** The catalogue lists show a product's SKU (the home page's Top Products keep the spec's fields). */
  showSku?: boolean;
  /** The card title's level, so pages without section headings keep a valid outline. */
  headingLevel?: 'h2' | 'h3';
  /** On screen on arrival: its picture loads at once (ProductImage's `priority`). */
  priority?: boolean;
  /** The signed-in buyer's contract price, when it differs from the product's own. */
  yourPrice?: number | undefined;
};

export function ProductCard({
  product,
  showMinQty = false,
  showSku = false,
  headingLevel = 'h3',
  priority = false,
  yourPrice,
}: ProductCardProps) {
  const Heading = headingLevel;
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="card h-full border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md"
    >
      <figure className="aspect-[4/3] bg-base-200">
        <ProductImage
          src={product.image}
          alt={product.name}
          className="h-full w-full object-contain p-4"
          priority={priority}
        />
      </figure>
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <Heading id={headingId} className="card-title text-base leading-snug">
            {product.name}
          </Heading>
          <span className="badge shrink-0 badge-soft badge-primary">{categoryLabel(product.category)}</span>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-base-content/70">Brand</dt>
          <dd>{textOrFallback(product.brand)}</dd>
          {showSku && product.sku ? (
            <>
              <dt className="text-base-content/70">SKU</dt>
              <dd className="break-all">{product.sku}</dd>
            </>
          ) : null}
          <dt className="text-base-content/70">{yourPrice === undefined ? 'Price' : 'Your price'}</dt>
          <dd className="font-semibold">
            {yourPrice === undefined ? (
              formatPrice(product.price)
            ) : (
              <YourPrice price={yourPrice} listPrice={product.price} />
            )}
          </dd>
          {showMinQty ? (
            <>
              <dt className="text-base-content/70">Min qty</dt>
              <dd>{formatCount(minSellQtyOrDefault(product.minSellQty))}</dd>
            </>
          ) : null}
          <dt className="text-base-content/70">Rating</dt>
          <dd>{formatRating(product.rating)}</dd>
        </dl>
        <div className="mt-auto card-actions justify-end">
          <Link
            to={paths.productDetails(product._id)}
            className="btn btn-primary btn-sm"
            aria-label={`Details of ${product.name}`}
          >
            Details
          </Link>
        </div>
      </div>
    </article>
  );
}
