import { lineAmount, lineSaving, nextTierMessage } from '@b2b/shared';
import { isTaxed } from '@b2b/shared';
import { SellerName } from '@/components/ui/seller-name';
import { formatCount, formatPrice } from '@/lib/format';
import type { SellerGroup } from '../utils/group-by-seller';

/** What the checkout says of a seller's order and the buyer's account with them. */
export type AccountNote = { text: string; refused: boolean };

type CheckoutReviewProps = {
  groups: SellerGroup[];
  /** By seller key: the order goes on account, or is above the credit left (then it is refused). */
  accountNotes?: Record<string, AccountNote>;
  /** Why a product's lines cannot be ordered as they are (the server's words), by product id. */
  refusals?: Record<string, string>;
};

/**
 * The cart as the orders it will become: one card per seller with its lines and subtotal. Each
 * line shows the unit price applied (the volume tier the buyer's total of the product reaches),
 * what it saves against the list price and what the next tier takes.
 */
export function CheckoutReview({ groups, refusals = {}, accountNotes = {} }: CheckoutReviewProps) {
  return (
    <ol className="flex flex-col gap-4" aria-label="Orders to place">
      {groups.map((group, index) => (
        <li key={group.key}>
          <section aria-labelledby={`seller-${index}`} className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body gap-3 p-4">
              <h3 id={`seller-${index}`} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <span className="font-semibold">
                  Order {index + 1} of {groups.length}
                </span>
                <span className="text-sm break-all text-base-content/70">
                  Seller: <SellerName email={group.sellerEmail} company={group.sellerName} />
                </span>
              </h3>
              <ul className="divide-y divide-base-300 text-sm">
                {group.items.map((item) => {
                  const saving = lineSaving({ ...item, quantity: item.buyQuantity });
                  const refusal = refusals[item.productId];
                  return (
                    <li key={item._id} className="flex items-start justify-between gap-3 py-2">
                      <span className="min-w-0">
                        <span className="font-medium">{item.name}</span>
                        {item.sku ? (
                          <span className="block text-xs break-all text-base-content/70">SKU: {item.sku}</span>
                        ) : null}
                        <span className="block text-base-content/70">
                          {formatCount(item.buyQuantity)} × {formatPrice(item.price)}
                          {saving > 0 ? ` (list ${formatPrice(item.listPrice)})` : ''}
                        </span>
                        {saving > 0 ? (
                          <span className="block text-base-content/70">
                            {item.priceListId ? 'Contract price' : 'Volume price'}: you save {formatPrice(saving)}
                          </span>
                        ) : null}
                        {item.nextTier ? (
                          <span className="block text-base-content/70">
                            Next price: {nextTierMessage(item.nextTier, formatPrice)}
                          </span>
                        ) : null}
                        {refusal ? <span className="block font-medium text-error">{refusal}</span> : null}
                      </span>
                      <span className="shrink-0 font-medium tabular-nums">
                        {formatPrice(lineAmount(item.price, item.buyQuantity))}
                      </span>
                    </li>
                  );
                })}
              </ul>
              <p className="flex justify-between border-t border-base-300 pt-2 font-semibold">
                <span>Subtotal</span>
                <span className="tabular-nums">{formatPrice(group.totals.net)}</span>
              </p>
              {isTaxed(group.totals) ? (
                <p className="flex justify-between text-sm text-base-content/80">
                  <span>Tax</span>
                  <span className="tabular-nums">{formatPrice(group.totals.tax)}</span>
                </p>
              ) : null}
              {accountNotes[group.key] ? (
                <p
                  role={accountNotes[group.key]?.refused ? 'alert' : undefined}
                  className={`rounded-box border p-2 text-sm ${accountNotes[group.key]?.refused ? 'border-red-200 bg-red-50 text-red-800' : 'border-base-300 bg-base-200'}`}
                >
                  {accountNotes[group.key]?.text}
                </p>
              ) : null}
            </div>
          </section>
        </li>
      ))}
    </ol>
  );
}
