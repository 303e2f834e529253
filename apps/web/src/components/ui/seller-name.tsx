import { sellerLabel } from '@b2b/shared';
import { useAuth } from '@/lib/auth';
import { useSellerName } from '@/lib/seller-names';

type SellerNameProps = {
  /** The seller's (or buyer's) email, as the API sends it with products and orders. */
  email: string;
  /** Shown before the email when the account saved no profile (e.g. an order's buyer name). */
  fallbackName?: string;
  /** Also show the email, muted, after a name: "Acme Ltd (ann@acme.com)". */
  withEmail?: boolean;
  className?: string;
};

/**
 * Who sells (or buys): the company name, else the display name, else the email. Every
 * <SellerName> on a page is fetched in one request and cached per email (lib/seller-names.ts);
 * until the names arrive, and when nobody is signed in, the email (or fallbackName) shows.
 */
export function SellerName({ email, fallbackName, withEmail = false, className }: SellerNameProps) {
  const { user } = useAuth();
  const names = useSellerName(email, Boolean(user));
  const label = sellerLabel(email, names.data) === email ? fallbackName || email : sellerLabel(email, names.data);
  return (
    <span className={className} title={email}>
      {label}
      {withEmail && label !== email ? <span className="text-base-content/60"> ({email})</span> : null}
    </span>
  );
}
