import { lineAmount, totalsOf, type CartItem, type Totals } from '@b2b/shared';

export type SellerGroup = {
  /** The seller's key: the company's id, or the email of a user selling on their own. */
  key: string;
  /** The email of the group's first item (who listed it), and the company's name when the seller is one. */
  sellerEmail: string;
  sellerName: string | null;
  items: CartItem[];
  units: number;
  /** Net, tax per rate and gross of the group's items (the order it will become). */
  totals: Totals;
};

/**
 * The cart as checkout will place it: one order per seller (a company's products, whoever of its
 * staff listed them, are one order), ordered by the first item's seller email and each seller's
 * items oldest first, as the server makes them.
 */
export function groupBySeller(items: CartItem[]): SellerGroup[] {
  const groups = new Map<string, CartItem[]>();
  const oldestFirst = [...items].sort((a, b) => a.buyDate.localeCompare(b.buyDate) || a._id.localeCompare(b._id));
  for (const item of oldestFirst) {
    const key = item.seller?.companyId ?? item.sellerEmail;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.entries()]
    .map(([key, group]) => ({ key, first: group[0] as CartItem, group }))
    .sort((a, b) => a.first.sellerEmail.localeCompare(b.first.sellerEmail))
    .map(({ key, first, group }) => ({
      key,
      sellerEmail: first.sellerEmail,
      sellerName: first.seller?.name ?? null,
      items: group,
      units: group.reduce((sum, item) => sum + item.buyQuantity, 0),
      totals: totalsOf(
        group.map((item) => ({ lineTotal: lineAmount(item.price, item.buyQuantity), taxRate: item.taxRate })),
      ),
    }));
}
