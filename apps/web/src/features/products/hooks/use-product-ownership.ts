import type { Product } from '@b2b/shared';
import { can } from '@b2b/shared/roles';
import { useAuth } from '@/lib/auth';
import { useCurrentCompany } from '@/lib/company';
import { sameEmail } from '@/lib/email';

/**
 * Whose a product is, for the signed-in user (docs/architecture.md, "Seller organisations"): a
 * company's product is its staff's own (they do not buy it) and its admins and catalogue managers
 * edit it (the roles table); a product of a user selling alone is theirs. The API decides the
 * same way; the pages only spare the user a form it would refuse.
 */
export function useProductOwnership(product: Pick<Product, 'email' | 'seller'> | undefined) {
  const { user } = useAuth();
  const company = useCurrentCompany();
  // Until the caller's company is known, a company's product is neither theirs nor not.
  const pending = Boolean(user && product?.seller && company.isPending);
  if (!product) return { isOwner: false, mayEdit: false, pending };
  const isOwner = product.seller
    ? company.data?._id === product.seller.companyId
    : sameEmail(product.email, user?.email);
  return { isOwner, mayEdit: isOwner && can(company.data?.role, 'catalogue'), pending };
}
