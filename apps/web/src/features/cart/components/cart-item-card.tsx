import { categoryLabel, FALLBACK_TEXT, type CartItem } from '@b2b/shared';
import { ProductImage } from '@/components/ui/product-image';
import { formatCount, formatPrice } from '@/lib/format';
import { formatDateTime } from '@/lib/format';

type CartItemCardProps = {
  item: CartItem;
  /** `byKeyboard`: Enter or Space pressed the button (a click event with no pointer clicks). */
  onRemove: (item: CartItem, byKeyboard: boolean) => void;
  removing: boolean;
};

export function CartItemCard({ item, onRemove, removing }: CartItemCardProps) {
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
          <dt className="text-base-content/70">Bought</dt>
          <dd>
            <time dateTime={item.buyDate}>{formatDateTime(item.buyDate)}</time>
          </dd>
          <dt className="text-base-content/70">Quantity</dt>
          <dd>{formatCount(item.buyQuantity)}</dd>
          <dt className="text-base-content/70">Unit price</dt>
          <dd>{formatPrice(item.price)}</dd>
          <dt className="text-base-content/70">Held until</dt>
          <dd>
            <time dateTime={item.heldUntil}>{formatDateTime(item.heldUntil)}</time>
          </dd>
        </dl>
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
