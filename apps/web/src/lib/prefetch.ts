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

export function startPrefetch(url: string, token: string): Promise<Response> {
  const response = fetch(url, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
  // A failed prefetch is not an error of the page: the app's own request will run and report.
  response.catch(() => undefined);
  globalThis.__b2bPrefetch = { url, token, startedAt: Date.now(), response };
  return response;
}

/**
 * The prefetched response for this GET, once; undefined when there is none for it. The app's
 * other first requests (the navbar's counts, the company) run beside the page's and leave the
 * prefetch for it; the page's own URL takes it, or drops it when it is stale or another user's.
 */
export function takePrefetched(url: string, token: string | null, now = Date.now()): Promise<Response> | undefined {
  const prefetch = globalThis.__b2bPrefetch;
  if (prefetch?.url !== url) return undefined;
  globalThis.__b2bPrefetch = undefined;
  if (prefetch.token !== token || now - prefetch.startedAt > MAX_AGE_MS) return undefined;
  return prefetch.response;
}

/**
 * Starts downloading the pictures of a prefetched page's first `count` products, as soon as the
 * page has arrived, while the app's scripts are still loading: the first card's picture is the
 * largest thing a phone paints. The app's <img> elements then find them already fetched (same
 * URL, no CORS mode, as `<link rel="preload" as="image">` asks).
 */
export async function preloadPictures(response: Promise<Response>, count: number): Promise<void> {
  try {
    // A copy, read before the app reads the response itself. A page is the array of its
    // products (the total and the cursor travel in headers).
    const page: unknown = await (await response).clone().json();
    if (!Array.isArray(page)) return;
    for (const item of (page as { image?: unknown }[]).slice(0, count)) {
      const src = typeof item.image === 'string' ? item.image.trim() : '';
      if (src === '') continue;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.setAttribute('as', 'image');
      link.setAttribute('fetchpriority', 'high');
      link.href = src;
      document.head.append(link);
    }
  } catch {
    // No pictures to start early: the page loads them itself.
  }
}
