/*
 * A page's first API request, started by its page shell before the app's scripts have run
 * (apps/web/build/page-shells.ts): the app's own request for the same URL, with the same token,
 * takes the response instead of asking again. Nothing else changes: the response is read,
 * checked and cached exactly like any other, and an unused prefetch is simply dropped.
 */

type Prefetch = { url: string; token: string; startedAt: number; response: Promise<Response> };

declare global {
  var __b2bPrefetch: Prefetch | undefined;
}

/** A prefetch older than this is not used (the app asks again). */
const MAX_AGE_MS = 10_000;

export function startPrefetch(url: string, token: string): void {
  const response = fetch(url, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
  // A failed prefetch is not an error of the page: the app's own request will run and report.
  response.catch(() => undefined);
  globalThis.__b2bPrefetch = { url, token, startedAt: Date.now(), response };
}

/** The prefetched response for this GET, once; undefined when there is none for it. */
export function takePrefetched(url: string, token: string | null, now = Date.now()): Promise<Response> | undefined {
  const prefetch = globalThis.__b2bPrefetch;
  if (!prefetch) return undefined;
  globalThis.__b2bPrefetch = undefined;
  if (prefetch.url !== url || prefetch.token !== token || now - prefetch.startedAt > MAX_AGE_MS) return undefined;
  return prefetch.response;
}
