import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PricedLine, Product } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/*
 * The signed-in buyer's own prices (POST /api/prices): the shared catalogue pages are the same for
 * everyone (and cached as such by the API), and a buyer with contract prices sees "Your price"
 * from here, asked once per page of products.
 */

/** A buyer's prices are theirs alone: kept under the signed-in uid. */
export const pricesKeys = {
  all: ['prices'] as const,
  of: (uid: string, lines: readonly { productId: string; quantity: number }[]) =>
    ['prices', uid, lines.map((l) => `${l.productId}:${l.quantity}`).join(',')] as const,
};

/** The buyer's prices for these lines; disabled (no data) while signed out or with no lines. */
export function useMyPrices(uid: string | null, lines: readonly { productId: string; quantity: number }[]) {
  return useQuery<PricedLine[]>({
    queryKey: pricesKeys.of(uid ?? '', lines),
    queryFn: async ({ signal }) =>
      (await apiFetch<{ lines: PricedLine[] }>('/prices', { method: 'POST', body: { lines }, signal })).lines,
    enabled: uid !== null && lines.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/**
 * The signed-in buyer's contract unit price for each of these lines (at its quantity), where it
 * differs from the line's own price; empty for a visitor.
 */
export function useContractPrices(
  lines: readonly { productId: string; quantity: number; price: number }[],
): ReadonlyMap<string, number> {
  const { user } = useAuth();
  const asked = lines.slice(0, 100);
  const prices = useMyPrices(
    user?.uid ?? null,
    asked.map(({ productId, quantity }) => ({ productId, quantity })),
  );
  const own = new Map(asked.map((line) => [line.productId, line.price]));
  const yours = new Map<string, number>();
  for (const line of prices.data ?? []) {
    if (line.source === 'contract' && line.unitPrice !== own.get(line.productId))
      yours.set(line.productId, line.unitPrice);
  }
  return yours;
}

/**
 * The signed-in buyer's contract price for one unit of each of these products, where it differs
 * from the product's own price (empty for a visitor, and for the seller's own products).
 */
export function useYourPrices(products: readonly Product[] | undefined): ReadonlyMap<string, number> {
  const { user } = useAuth();
  const others = (products ?? []).filter((p) => !user || p.email?.toLowerCase() !== user.email.toLowerCase());
  return useContractPrices(others.map((p) => ({ productId: p._id, quantity: 1, price: p.price })));
}
