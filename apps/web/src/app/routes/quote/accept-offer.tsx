import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { formatPrice, TOAST_MS, type PlaceOrder, type Quote } from '@b2b/shared';
import { showAlert } from '@/components/ui/dialogs';
import { SellerName } from '@/components/ui/seller-name';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useCurrentCompany } from '@/lib/company';
import { errorMessage } from '@/lib/errors';
import { addressesQueryOptions } from '@/features/company/api/addresses';
import { orderKeys } from '@/features/orders/api/query-keys';
import { CheckoutForm, isFormField } from '@/features/orders/components/checkout-form';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { loadShipTo, saveShipTo } from '@/features/orders/utils/ship-to-storage';
import { productKeys } from '@/features/products/api/query-keys';
import { useAcceptQuote } from '@/features/quotes/api/accept-quote';

/** Why an acceptance was refused, as a title: the offer ran out, or the order could not be placed. */
const TITLE: Partial<Record<string, string>> = {
  QUOTE_EXPIRED: 'This offer has expired',
  QUOTE_CHANGED: 'The seller has made a new offer',
  INVALID_TRANSITION: 'This offer can no longer be accepted',
};

/**
 * Accepting an offer places its order at exactly the offered prices, through the checkout's own
 * form (ship-to with the company address book, PO number, note): the same fields, rules and
 * remembered address, so the two ways to order cannot drift apart.
 */
export function AcceptOffer({ quote }: { quote: Quote }) {
  const { user } = useAuth();
  const company = useCurrentCompany();
  const addresses = useQuery({ ...addressesQueryOptions(user?.uid ?? ''), enabled: Boolean(user && company.data) });
  const navigate = useNavigate();
  const accept = useAcceptQuote({ invalidate: [orderKeys.all, productKeys.all] });
  // One key per intended acceptance: a retry of the same body reuses it, so the order is placed once.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const offer = quote.versions.at(-1);

  const onSubmit = async (form: PlaceOrder) => {
    // The version read here: should the seller offer again meanwhile, the API refuses (QUOTE_CHANGED).
    const body = { ...form, ...(offer ? { version: offer.version } : {}) };
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized) attempt.current = { body: serialized, key: newIdempotencyKey() };
    try {
      const result = await accept.mutateAsync({ id: quote._id, body, idempotencyKey: attempt.current.key });
      attempt.current = null;
      if (user) saveShipTo(user.uid, form.shipTo);
      const order = result.orders[0];
      if (!order) return;
      toast.success(
        order.status === 'awaiting_approval'
          ? `Order ${order.orderNumber} is waiting for approval.`
          : `Order ${order.orderNumber} placed.`,
        { duration: TOAST_MS },
      );
      navigate(paths.order(order._id));
    } catch (error) {
      // The form shows what it says about its own fields; anything else is said here.
      if (!(error instanceof ApiError && error.details?.some((detail) => isFormField(detail.field)))) {
        const title = (error instanceof ApiError && TITLE[error.code]) || 'The order was not placed';
        await showAlert({
          icon: error instanceof ApiError && TITLE[error.code] ? 'warning' : 'error',
          title,
          text: errorMessage(error),
        });
      }
      throw error;
    }
  };

  return (
    <CheckoutForm
      initialShipTo={user ? loadShipTo(user.uid) : null}
      addressBook={company.data ? addresses.data : undefined}
      submitting={accept.isPending}
      onSubmit={onSubmit}
      submitLabel="Accept and place order"
      review={
        <p className="text-sm text-base-content/80">
          One order to <SellerName email={quote.seller.email} company={quote.seller.name} /> for the {quote.lineCount}{' '}
          {quote.lineCount === 1 ? 'line' : 'lines'} above, at exactly the offered prices (version {offer?.version}).
        </p>
      }
      total={
        <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
          <dt>Net total</dt>
          <dd className="text-right font-semibold">{formatPrice(offer?.net ?? 0)}</dd>
          <dd className="col-span-2 text-xs text-base-content/70">Tax is added to the order.</dd>
        </dl>
      }
    />
  );
}
