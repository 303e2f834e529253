import { useState } from 'react';
import { RouterProvider, type RouterProviderProps } from 'react-router';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

/** The browser's router by default; the build's prerender passes a memory router at one path. */
export function App({ router: given }: { router?: RouterProviderProps['router'] }) {
  const [router] = useState(() => given ?? createAppRouter());
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
