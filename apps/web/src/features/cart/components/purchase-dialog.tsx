import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import {
  judgeQuantity,
  nextTierFor,
  nextTierMessage,
  quantityStep,
  TOAST_MS,
  unitPriceFor,
  type Product,
  type QuantityRefusal,
} from '@b2b/shared';
import { showAlert } from '@/components/ui/dialogs';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { formatCount, formatPrice, formatUnits } from '@/lib/format';
import { usePurchase } from '../api/purchase';
import { QuantityStepper } from './quantity-stepper';

export type PurchaseProduct = Pick<
  Product,
  '_id' | 'name' | 'price' | 'minSellQty' | 'packSize' | 'maxOrderQty' | 'priceTiers'
>;
export type Buyer = { displayName: string; email: string };

type PurchaseDialogProps = {
  product: PurchaseProduct;
  buyer: Buyer;
  /** How much of the product the buyer's cart holds already: the maximum and the volume price count it. */
  held?: number;
  onClose: () => void;
  /** Lets the caller refresh what the purchase changed outside the cart (the product's stock). */
  onPurchased?: () => unknown;
};

/** Filled and borderless, unlike the fields the buyer can change. */
const READ_ONLY_INPUT = 'input w-full cursor-default border-transparent bg-base-200 text-base-content/80';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

function minimumWarning(minSellQty: number) {
  return showAlert({
    icon: 'warning',
    title: 'Minimum Order Not Met',
    text: `You must buy at least ${minSellQty} units.`,
  });
}

/** The titles of the shared rules' refusals: the pack and the maximum as the reorder results name them. */
const REFUSAL_TITLE: Record<QuantityRefusal, string> = {
  MIN_ORDER_NOT_MET: 'Minimum Order Not Met',
  QUANTITY_NOT_MULTIPLE: 'Not a whole number of packs',
  MAX_ORDER_EXCEEDED: 'Above the maximum per order',
  INSUFFICIENT_STOCK: 'Not enough stock',
};

function isRefusal(code: string): code is QuantityRefusal {
  return code in REFUSAL_TITLE;
}

/**
 * The 'Confirm Purchase' dialog. Mount it only while open: every opening starts again at
 * quantity 1 (for a product sold in packs, at the minimum, and the stepper moves in packs). It
 * is not a native <dialog>, because a modal <dialog> sits in the top layer and would cover the
 * warning and error dialogs shown above it. A quantity the shared rules refuse (judgeQuantity:
 * the minimum, the pack, the maximum with what the cart holds) is explained before anything is
 * sent; the server judges again with the same function.
 */
export function PurchaseDialog({ product, buyer, held = 0, onClose, onPurchased }: PurchaseDialogProps) {
  const titleId = useId();
  const fieldId = useId();
  const minimumId = useId();
  const problemId = useId();
  const navigate = useNavigate();
  const boxRef = useRef<HTMLDivElement>(null);
  const submitting = useRef(false);
  const { step, start } = quantityStep(product);
  const [quantity, setQuantity] = useState(start);
  const verdict = judgeQuantity(product, { quantity, held });
  // The spec's minimum keeps its own warning and "Buy the minimum"; the pack and the maximum are said beside the field.
  const problem = !verdict.ok && verdict.code !== 'MIN_ORDER_NOT_MET' ? verdict.message : null;
  const unitPrice = unitPriceFor(product, held + quantity);
  const nextTier = nextTierFor(product, held + quantity);
  const purchase = usePurchase({ onSuccess: onPurchased });
  const pending = purchase.isPending;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    document.getElementById(fieldId)?.focus();
    return () => opener?.focus();
  }, [fieldId]);

  // Read through a ref so the key handler, attached once, always sees the current props.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  const close = () => {
    if (!submitting.current) onClose();
  };

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        if (!submitting.current) closeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      // Keep Tab inside the dialog.
      const focusable = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    box.addEventListener('keydown', onKeyDown);
    return () => box.removeEventListener('keydown', onKeyDown);
  }, []);

  const buy = async () => {
    if (submitting.current) return;
    if (!verdict.ok) {
      if (verdict.code === 'MIN_ORDER_NOT_MET') await minimumWarning(product.minSellQty);
      else await showAlert({ icon: 'warning', title: REFUSAL_TITLE[verdict.code], text: verdict.message });
      return;
    }
    submitting.current = true;
    try {
      const result = await purchase.mutateAsync({ productId: product._id, buyQuantity: quantity });
      if (!result.insertedId) throw new Error('The purchase was not recorded.');
      submitting.current = false;
      onClose();
      navigate(paths.cart(buyer.email));
      void showAlert({ icon: 'success', title: 'Purchase successful!', timerMs: TOAST_MS });
    } catch (error) {
      submitting.current = false;
      if (error instanceof ApiError && error.code === 'MIN_ORDER_NOT_MET') {
        await minimumWarning(product.minSellQty);
      } else if (error instanceof ApiError && error.code === 'INSUFFICIENT_STOCK') {
        await showAlert({ icon: 'error', title: 'Not enough stock', text: errorMessage(error) });
      } else if (error instanceof ApiError && isRefusal(error.code)) {
        // The rules or the cart changed since the page loaded (another tab, the seller): the server's words.
        await showAlert({ icon: 'warning', title: REFUSAL_TITLE[error.code], text: errorMessage(error) });
      } else {
        await showAlert({ icon: 'error', title: 'Something went wrong!', text: errorMessage(error) });
      }
    }
  };

  return createPortal(
    <div className="modal-open modal modal-bottom sm:modal-middle" role="presentation">
      <div ref={boxRef} className="modal-box" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="text-xl font-bold">
          Confirm Purchase
        </h2>
        <p className="mt-1 text-sm text-base-content/70">{product.name}</p>

        <div className="mt-4 flex flex-col gap-3">
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">Name</span>
            <input className={READ_ONLY_INPUT} value={buyer.displayName} readOnly />
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">Email</span>
            <input className={READ_ONLY_INPUT} type="email" value={buyer.email} readOnly />
          </label>
          <div className="flex flex-col gap-1">
            <label htmlFor={fieldId} className="text-sm font-medium">
              Quantity
            </label>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <QuantityStepper
                id={fieldId}
                value={quantity}
                onChange={setQuantity}
                disabled={pending}
                describedBy={problem ? `${minimumId} ${problemId}` : minimumId}
                invalid={problem !== null}
                step={step}
                min={step > 1 ? start : 1}
              />
              <p id={minimumId} className="text-sm text-base-content/80">
                {product.packSize > 1 ? <>Sold in packs of {formatCount(product.packSize)}. </> : null}
                Minimum order: <span className="font-semibold">{formatUnits(product.minSellQty)}</span>.
                {product.maxOrderQty !== null ? <> Max {formatCount(product.maxOrderQty)} per order.</> : null}
                {held > 0 ? <> Your cart already holds {formatUnits(held)}.</> : null}
              </p>
              {quantity < product.minSellQty ? (
                <button
                  type="button"
                  className="btn btn-link px-0 btn-sm"
                  onClick={() => setQuantity(product.minSellQty)}
                  disabled={pending}
                >
                  Buy the minimum
                </button>
              ) : null}
            </div>
            {/* Always in the page, so the explanation is announced as soon as a quantity needs one. */}
            <p id={problemId} aria-live="polite" className={problem ? 'text-sm text-error' : 'sr-only'}>
              {problem}
            </p>
          </div>
          <div className="flex flex-col gap-1 rounded-box bg-base-200 px-4 py-3" aria-live="polite">
            <p className="flex items-baseline justify-between gap-3">
              <span className="text-sm">
                {formatCount(quantity)} × {formatPrice(unitPrice)}
              </span>
              <span className="text-lg font-semibold">Total: {formatPrice(unitPrice * quantity)}</span>
            </p>
            {unitPrice < product.price ? (
              <p className="text-sm text-base-content/80">
                Volume price: {formatPrice(unitPrice)} each instead of {formatPrice(product.price)}
                {held > 0 ? `, for the ${formatUnits(held)} already in your cart too` : ''}.
              </p>
            ) : null}
            {nextTier ? (
              <p className="text-sm text-base-content/80">Next price: {nextTierMessage(nextTier, formatPrice)}.</p>
            ) : null}
          </div>
        </div>

        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={close} disabled={pending}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void buy()} disabled={pending}>
            {pending ? <span className="loading loading-sm loading-spinner" aria-hidden="true" /> : null}
            Buy Now
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
