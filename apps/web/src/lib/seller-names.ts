import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROFILE_LIMITS, type SellerName } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';

/*
 * Sellers' names (GET /api/sellers?email=…&email=…), one query per email so each is cached on
 * its own, but fetched together: every email asked for while the page renders goes into one
 * request (up to 100 per request), so a page of 24 products costs one call, and a seller seen
 * once is not asked for again for a while.
 */

export const sellerNameKeys = {
  all: ['seller-names'] as const,
  one: (email: string) => ['seller-names', email.trim().toLowerCase()] as const,
};

/** Names change rarely; the profile page refreshes its own when it saves. */
const SELLER_NAME_STALE_MS = 5 * 60_000;
/** How long to wait for more emails before sending the request: the components of one render. */
const BATCH_WINDOW_MS = 10;

type Waiter = { resolve: (name: SellerName | null) => void; reject: (error: unknown) => void };

let pending = new Map<string, Waiter[]>();
let timer: ReturnType<typeof setTimeout> | null = null;

async function send(batch: Map<string, Waiter[]>): Promise<void> {
  const emails = [...batch.keys()];
  for (let start = 0; start < emails.length; start += PROFILE_LIMITS.lookupEmails) {
    const chunk = emails.slice(start, start + PROFILE_LIMITS.lookupEmails);
    const search = new URLSearchParams(chunk.map((email) => ['email', email]));
    try {
      const names = await apiFetch<SellerName[]>(`/sellers?${search.toString()}`);
      const byEmail = new Map(names.map((name) => [name.email.toLowerCase(), name]));
      for (const email of chunk)
        for (const waiter of batch.get(email) ?? []) waiter.resolve(byEmail.get(email) ?? null);
    } catch (error) {
      for (const email of chunk) for (const waiter of batch.get(email) ?? []) waiter.reject(error);
    }
  }
}

/** The names behind one email, or null when the seller saved no profile; batched with the others asked for now. */
export function fetchSellerName(email: string): Promise<SellerName | null> {
  const key = email.trim().toLowerCase();
  return new Promise((resolve, reject) => {
    pending.set(key, [...(pending.get(key) ?? []), { resolve, reject }]);
    timer ??= setTimeout(() => {
      const batch = pending;
      pending = new Map();
      timer = null;
      void send(batch);
    }, BATCH_WINDOW_MS);
  });
}

export function sellerNameQueryOptions(email: string) {
  return queryOptions({
    queryKey: sellerNameKeys.one(email),
    queryFn: () => fetchSellerName(email),
    staleTime: SELLER_NAME_STALE_MS,
  });
}

/** The seller's names (null: no profile); pass enabled=false to skip, e.g. without an email. */
export function useSellerName(email: string, enabled = true) {
  return useQuery({ ...sellerNameQueryOptions(email), enabled: enabled && email.trim() !== '' });
}
