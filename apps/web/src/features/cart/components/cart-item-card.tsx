import { categoryLabel, FALLBACK_TEXT, lineSaving, nextTierMessage, type CartItem } from '@b2b/shared';
import { ProductImage } from '@/components/ui/product-image';
import { formatCount, formatDateTime, formatPrice, formatUnits } from '@/lib/format';

type CartItemCardProps = {
  item: CartItem;
  /** `byKeyboard`: Enter or Space pressed the button (a click event with no pointer clicks). */
  onRemove: (item: CartItem, byKeyboard: boolean) => void;
  removing: boolean;
};

export function CartItemCard({ item, onRemove, removing }: CartItemCardProps) {
  const saving = lineSaving({ ...item, quantity: item.buyQuantity });
  // The unit price follows the buyer's total of the product, which other lines may make up.
  const sharedTotal = item.productQuantity > item.buyQuantity;
  return (
    <article className="card border border-base-300 bg-base-100 shadow-sm sm:card-side">
      <figure className="bg-base-200 sm:w-40 sm:shrink-0">
        <ProductImage src={item.image} alt={item.name} className="aspect-[4/3] h-full w-full object-contain p-4" />
      </figure>
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="card-title text-base leading-snug">{item.name}</h2>
          <span className="badge badge-soft badge-primary">{categoryLabel(item.category)}</span>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
          <dt className="text-base-content/70">Brand</dt>
          <dd>{item.brand.trim() ? item.brand : FALLBACK_TEXT}</dd>
          {item.sku ? (
            <>
              <dt className="text-base-content/70">SKU</dt>
              <dd className="break-all">{item.sku}</dd>
            </>
          ) : null}
          <dt className="text-base-content/70">Bought</dt>
          <dd>
            <time dateTime={item.buyDate}>{formatDateTime(item.buyDate)}</time>
          </dd>
          <dt className="text-base-content/70">Quantity</dt>
          <dd>{formatCount(item.buyQuantity)}</dd>
          <dt className="text-base-content/70">Unit price</dt>
          <dd>
            {formatPrice(item.price)}
            {saving > 0 ? <span className="text-base-content/70"> (list {formatPrice(item.listPrice)})</span> : null}
          </dd>
          <dt className="text-base-content/70">Held until</dt>
          <dd>
            <time dateTime={item.heldUntil}>{formatDateTime(item.heldUntil)}</time>
          </dd>
        </dl>
        {saving > 0 || item.nextTier ? (
          <ul className="flex flex-col gap-0.5 rounded-box bg-base-200 px-3 py-2 text-sm" aria-label="Volume price">
            {sharedTotal ? <li>Your cart holds {formatUnits(item.productQuantity)} of this product in all.</li> : null}
            {saving > 0 ? (
              <li>
                {item.priceListId ? 'Contract price' : 'Volume price'}: you save{' '}
                <span className="font-semibold">{formatPrice(saving)}</span> on this line.
              </li>
            ) : null}
            {item.nextTier ? <li>Next price: {nextTierMessage(item.nextTier, formatPrice)}.</li> : null}
          </ul>
        ) : null}
        <div className="mt-auto card-actions items-center justify-between">
          <p className="font-semibold">Line total: {formatPrice(item.price * item.buyQuantity)}</p>
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            onClick={(event) => onRemove(item, event.detail === 0)}
            disabled={removing}
            aria-label={`Remove ${item.name}`}
          >
            {removing ? <span className="loading loading-xs loading-spinner" aria-hidden="true" /> : null}
            Remove
          </button>
        </div>
      </div>
    </article>
  );
}
