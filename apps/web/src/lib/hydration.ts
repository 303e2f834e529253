import { useSyncExternalStore } from 'react';

/*
 * The public pages arrive prerendered (apps/web/build/prerender.ts) and the client hydrates
 * them: its first render must produce exactly the HTML the build wrote, which knows nothing of
 * this browser (no session, no clock, no media queries). `useHydrated()` is false during the
 * build's render and during hydration, and true in every render after it: a component renders
 * the build's frame until then and this browser's state right after, in the same commit cycle,
 * without a hydration mismatch. In a page that was not prerendered (`createRoot`), it is true
 * from the first render.
 */

const subscribe = () => () => {};
const onClient = () => true;
const onServer = () => false;

export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, onClient, onServer);
}
