import { useState } from 'react';
import { RouterProvider, type RouterProviderProps } from 'react-router';
import { HydrationProvider } from '@/lib/hydration';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

/**
 * The browser's router by default; the build's prerender passes a memory router at one path.
 * `prerendered`: the tree renders the build's frame first (the build itself, and the browser
 * hydrating its HTML), and this browser's state after (lib/hydration.tsx).
 */
export function App({
  router: given,
  prerendered = false,
}: {
  router?: RouterProviderProps['router'];
  prerendered?: boolean;
}) {
  const [router] = useState(() => given ?? createAppRouter());
  return (
    <HydrationProvider prerendered={prerendered}>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </HydrationProvider>
  );
}
