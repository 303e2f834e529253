import { sellerLabel } from '@b2b/shared';
import { useAuth } from '@/lib/auth';
import { useSellerName } from '@/lib/seller-names';

type SellerNameProps = {
  /** The seller's (or buyer's) email, as the API sends it with products and orders. */
  email: string;
  /** Shown before the email when the account saved no profile (e.g. an order's buyer name). */
  fallbackName?: string;
  /**
   * The selling company, when the API sent it with the product or order (product.seller.name,
   * order.sellerName): the business owns the catalogue, so its name is the seller's, asked of nobody.
   */
  company?: string | null | undefined;
  /** Also show the email, muted, after a name: "Acme Ltd (ann@acme.com)". */
  withEmail?: boolean;
  className?: string;
};

/**
 * Who sells (or buys): the company name, else the display name, else the email. Every
 * <SellerName> on a page is fetched in one request and cached per email (lib/seller-names.ts);
 * until the names arrive, and when nobody is signed in, the email (or fallbackName) shows.
 */
export function SellerName({ email, fallbackName, company, withEmail = false, className }: SellerNameProps) {
  const { user } = useAuth();
  const names = useSellerName(email, Boolean(user) && !company);
  const looked = sellerLabel(email, names.data);
  const label = company || (looked === email ? fallbackName || email : looked);
  return (
    <span className={className} title={email}>
      {label}
      {withEmail && label !== email ? <span className="text-base-content/60"> ({email})</span> : null}
    </span>
  );
}
