import { lineAmount, sumAmounts, type CartItem } from '@b2b/shared';

export type SellerGroup = { sellerEmail: string; items: CartItem[]; units: number; total: number };

/**
 * The cart as checkout will place it: one order per seller, sellers in alphabetical order and
 * each seller's items oldest first, as the server makes them.
 */
export function groupBySeller(items: CartItem[]): SellerGroup[] {
  const groups = new Map<string, CartItem[]>();
  const oldestFirst = [...items].sort((a, b) => a.buyDate.localeCompare(b.buyDate) || a._id.localeCompare(b._id));
  for (const item of oldestFirst) groups.set(item.sellerEmail, [...(groups.get(item.sellerEmail) ?? []), item]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([sellerEmail, group]) => ({
      sellerEmail,
      items: group,
      units: group.reduce((sum, item) => sum + item.buyQuantity, 0),
      total: sumAmounts(group.map((item) => lineAmount(item.price, item.buyQuantity))),
    }));
}
