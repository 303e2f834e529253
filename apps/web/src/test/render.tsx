import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';

/*
 * Render helpers. Both give a fresh QueryClient (no retries, so errors show at once), the
 * toaster, a memory router whose state the test can read (router.state.location,
 * router.state.historyAction) and a userEvent instance.
 */

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Stands in for every page the test did not mount, showing where navigation ended up. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

export type RenderRouteResult = RenderResult & {
  router: ReturnType<typeof createMemoryRouter>;
  user: UserEvent;
  queryClient: QueryClient;
};

function mount(routes: RouteObject[], initialEntries: string[], queryClient: QueryClient): RenderRouteResult {
  const router = createMemoryRouter(routes, { initialEntries });
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster position="top-center" />
    </QueryClientProvider>,
  );
  return { ...result, router, user, queryClient };
}

/**
 * Renders one element at a route pattern, e.g.
 *   renderRoute(<ProductDetails />, { path: '/product-details/:id', url: '/product-details/42' })
 * Any other URL renders a probe with data-testid="location".
 */
export function renderRoute(
  element: ReactNode,
  {
    path = '/',
    url = path,
    routes = [],
    queryClient = createTestQueryClient(),
  }: { path?: string; url?: string; routes?: RouteObject[]; queryClient?: QueryClient } = {},
): RenderRouteResult {
  return mount([{ path, element }, ...routes, { path: '*', element: <LocationProbe /> }], [url], queryClient);
}

/** Renders a full route table (e.g. the app's own) at a URL. */
export function renderRoutes(
  routes: RouteObject[],
  { url = '/', queryClient = createTestQueryClient() }: { url?: string; queryClient?: QueryClient } = {},
): RenderRouteResult {
  return mount(routes, [url], queryClient);
}
