import { SellerName } from '@/components/ui/seller-name';
import type { ReactNode } from 'react';
import { categoryLabel, type Product } from '@b2b/shared';
import { formatCount, formatPrice, formatUnits } from '@/lib/format';
import { formatRating, minSellQtyOrDefault, quantityOrDefault, textOrFallback } from '../utils/format';
import { ProductImage } from '@/components/ui/product-image';
import { VolumePrices } from './volume-prices';

type ProductDetailsViewProps = {
  product: Product;
  actions: ReactNode;
  footer?: ReactNode;
  /** How much of it the signed-in buyer's cart holds: the volume price row it reaches is marked. */
  held?: number;
  /**
   * The product's own price, when the signed-in buyer's price (`product.price`) differs from it
   * (a contract price): the page then says "Your price" and shows this beside it.
   */
  listPrice?: number | undefined;
  /** Why the buyer's price is what it is (the contract's name and dates), under it. */
  priceNote?: ReactNode;
};

/** Every field of a product, read-only. */
export function ProductDetailsView({
  product,
  actions,
  footer,
  held = 0,
  listPrice,
  priceNote,
}: ProductDetailsViewProps) {
  const stock = quantityOrDefault(product.quantity);
  const terms = [
    product.packSize > 1 ? `Sold in packs of ${formatCount(product.packSize)}` : null,
    product.maxOrderQty !== null ? `Max ${formatCount(product.maxOrderQty)} per order` : null,
  ].filter((term) => term !== null);
  return (
    <article className="grid gap-8 lg:grid-cols-2 lg:items-start">
      <figure className="overflow-hidden rounded-box border border-base-300 bg-base-200">
        <ProductImage src={product.image} alt={product.name} className="aspect-square w-full object-contain p-8" />
      </figure>

      {/* min-w-0: a wide volume price table scrolls in its own box instead of widening the page. */}
      <div className="flex min-w-0 flex-col gap-5">
        <div className="flex flex-col gap-2">
          <span className="badge badge-soft badge-primary">{categoryLabel(product.category)}</span>
          <h1 className="text-3xl leading-tight font-bold">{product.name}</h1>
          <p className="text-base-content/70">Brand: {textOrFallback(product.brand)}</p>
          {product.sku ? <p className="text-sm break-all text-base-content/70">SKU: {product.sku}</p> : null}
          {listPrice !== undefined && listPrice !== product.price ? (
            <div className="flex flex-col gap-1">
              <p className="flex flex-wrap items-baseline gap-x-3">
                <span className="text-sm font-medium text-base-content/70">Your price</span>
                <span className="text-3xl font-semibold text-primary">{formatPrice(product.price)}</span>
                <span className="text-base-content/60">
                  <span className="sr-only">List price </span>
                  <s>{formatPrice(listPrice)}</s>
                </span>
              </p>
              {priceNote}
            </div>
          ) : (
            <p className="text-3xl font-semibold text-primary">{formatPrice(product.price)}</p>
          )}
          {terms.length > 0 ? (
            <ul aria-label="Ordering rules" className="flex flex-wrap gap-2">
              {terms.map((term) => (
                <li key={term} className="rounded-box border border-base-300 bg-base-200 px-3 py-1 text-sm font-medium">
                  {term}
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        {/* One row per figure on a phone, three equal columns from sm up: the values line up either way. */}
        <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3 sm:grid-rows-[auto_auto] sm:gap-x-3 sm:gap-y-0">
          <Stat label="In stock" value={formatUnits(stock)} />
          <Stat label="Min Sell Qty" value={formatUnits(minSellQtyOrDefault(product.minSellQty))} />
          <Stat label="Rating" value={formatRating(product.rating)} />
        </dl>

        <div className="flex flex-wrap items-center gap-3">{actions}</div>
        {footer}

        {product.priceTiers.length > 0 ? <VolumePrices product={product} held={held} /> : null}

        <section aria-labelledby="product-description" className="flex flex-col gap-2">
          <h2 id="product-description" className="text-lg font-semibold">
            Description
          </h2>
          <p className="whitespace-pre-line text-base-content/80">
            {product.description.trim() ? product.description : 'No description provided.'}
          </p>
        </section>
        <section aria-labelledby="product-content" className="flex flex-col gap-2">
          <h2 id="product-content" className="text-lg font-semibold">
            Product content
          </h2>
          <p className="whitespace-pre-line text-base-content/80">
            {product.content.trim() ? product.content : 'No content details provided.'}
          </p>
        </section>
        {product.email ? (
          <p className="text-sm text-base-content/70">
            Sold by{' '}
            <SellerName
              email={product.email}
              company={product.seller?.name}
              withEmail
              className="font-medium text-base-content"
            />
          </p>
        ) : product.seller ? (
          // A company's name is no address: anyone may see who sells it.
          <p className="text-sm text-base-content/70">
            Sold by <span className="font-medium text-base-content">{product.seller.name}</span>
          </p>
        ) : null}
      </div>
    </article>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    // From sm up each figure spans the list's two rows (subgrid): labels share one line, values the next.
    <div className="flex items-baseline justify-between gap-3 rounded-box border border-base-300 bg-base-100 px-4 py-3 sm:row-span-2 sm:grid sm:grid-rows-subgrid sm:gap-2 sm:p-4">
      <dt className="text-sm text-base-content/70">{label}</dt>
      <dd className="text-right text-lg font-semibold sm:text-left" data-stat={label}>
        {value}
      </dd>
    </div>
  );
}
