import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type CartItem } from '@b2b/shared';
import { apiFetchPage } from '@/lib/api-client';

export const cartKeys = {
  all: ['cart'] as const,
  byEmail: (email: string) => ['cart', email] as const,
  /** Under the cart's key, so every purchase and removal refreshes it with the cart. */
  hold: (email: string, productId: string) => ['cart', email, 'products', productId] as const,
};

/** A cart is a bounded, personal list; the page shows it whole so its totals are right. */
const MAX_PAGES = 50;

/** Reads every page of the user's cart (the API pages it, newest first). */
export async function getCart(email: string, signal?: AbortSignal): Promise<CartItem[]> {
  const items: CartItem[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await apiFetchPage<CartItem>(`/carts/${encodeURIComponent(email)}`, {
      query: { limit: MAX_PAGE_SIZE, offset: items.length },
      signal,
    });
    items.push(...result.items);
    if (result.items.length === 0 || items.length >= result.total) break;
  }
  return items;
}

export function cartQueryOptions(email: string) {
  return queryOptions({
    queryKey: cartKeys.byEmail(email),
    queryFn: ({ signal }) => getCart(email, signal),
  });
}

export function useCart(email: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...cartQueryOptions(email), enabled: options.enabled ?? true });
}
