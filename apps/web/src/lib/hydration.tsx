import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

/*
 * The public pages arrive prerendered (apps/web/build/prerender.ts) and the client hydrates
 * them: its first render must produce exactly the HTML the build wrote, which knows nothing of
 * this browser (no session, no clock, no media queries). `useHydrated()` is false during the
 * build's render and during hydration, and true in every render after it: a component renders
 * the build's frame until then and this browser's state right after, without a hydration
 * mismatch. In a page that was not prerendered (`createRoot`), it is true from the first render.
 *
 * The switch is one state at the root, set in a transition once hydration has committed: React
 * renders this browser's page (a returning buyer's navbar, a whole page of products) in slices
 * that yield to the browser, not in one long task a phone cannot interrupt. (A store read with
 * useSyncExternalStore whose server snapshot differs forces exactly that long, synchronous
 * re-render right after hydration.)
 */

const HydratedContext = createContext(true);

export function HydrationProvider({ prerendered, children }: { prerendered: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!prerendered);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

export function useHydrated(): boolean {
  return useContext(HydratedContext);
}
