import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Outlet, type RouteObject } from 'react-router';
import { AppLayout } from '@/app/layout/app-layout';
import { RouteError } from '@/components/errors/route-error';
import { RequireAuth } from '@/features/auth/components/require-auth';

/*
 * The route table of docs/product-spec.md (§2) plus /contact and the legal placeholders. Every page is a
 * lazy chunk; the layout's Suspense shows 'Loading...' while one downloads. The chunk of the
 * page being opened is requested as soon as the router exists (not once the guard has its auth
 * state), and a page's chunk is fetched when a link to it is pointed at or focused, so a click
 * rarely waits for code. (The shells of /, /login and /register even preload theirs from the
 * HTML: see apps/web/build/page-shells.ts.)
 */

type PageModule = { default: ComponentType };
type PageHandle = { preload: () => Promise<PageModule> };

/**
 * A lazy page element, and its loader for preloading. Spread into a route object. Once its code
 * has loaded the page renders at once, without suspending: a prerendered page is hydrated after
 * its code is in (main.tsx), so hydration never meets a Suspense boundary still waiting for code.
 */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'element' | 'handle'> => {
  let loaded: PageModule | undefined;
  const preload = () => load().then((module) => (loaded = module));
  const Lazy = lazy(preload);
  function Page() {
    const Loaded = loaded?.default;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { element: <Page />, handle: { preload } satisfies PageHandle };
};

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // A failing page keeps the navbar and footer around its error message.
        errorElement: <RouteError />,
        children: [
          { index: true, ...page(() => import('./routes/home')) },
          { path: 'login', ...page(() => import('./routes/login')) },
          { path: 'register', ...page(() => import('./routes/register')) },
          { path: 'reset-password', ...page(() => import('./routes/reset-password')) },
          { path: 'contact', ...page(() => import('./routes/contact')) },
          { path: 'legal/:doc', ...page(() => import('./routes/legal')) },
          { path: 'unsubscribe', ...page(() => import('./routes/unsubscribe')) },
          {
            element: (
              <RequireAuth>
                <Outlet />
              </RequireAuth>
            ),
            children: [
              { path: 'add-products', ...page(() => import('./routes/add-product')) },
              { path: 'all-products', ...page(() => import('./routes/all-products')) },
              { path: 'carts/:email', ...page(() => import('./routes/cart')) },
              { path: 'product-details/:id', ...page(() => import('./routes/product-details')) },
              { path: 'update-product/:id', ...page(() => import('./routes/update-product')) },
              { path: 'categories/:id', ...page(() => import('./routes/category-products')) },
              { path: 'categories', ...page(() => import('./routes/categories')) },
              { path: 'my-products/:email', ...page(() => import('./routes/my-products')) },
              { path: 'checkout', ...page(() => import('./routes/checkout')) },
              { path: 'checkout/placed/:checkoutId', ...page(() => import('./routes/checkout-placed')) },
              { path: 'orders', ...page(() => import('./routes/my-orders')) },
              { path: 'orders/:id', ...page(() => import('./routes/order-details')) },
              { path: 'sales', ...page(() => import('./routes/sales')) },
              { path: 'invoices', ...page(() => import('./routes/invoices')) },
              { path: 'sales/invoices', ...page(() => import('./routes/invoices')) },
              { path: 'invoices/:id', ...page(() => import('./routes/invoice-details')) },
              { path: 'quotes', ...page(() => import('./routes/quotes')) },
              { path: 'sales/quotes', ...page(() => import('./routes/quotes')) },
              { path: 'quotes/:id', ...page(() => import('./routes/quote-details')) },
              { path: 'receivables', ...page(() => import('./routes/receivables')) },
              { path: 'receivables/:id', ...page(() => import('./routes/receivable-details')) },
              { path: 'statements', ...page(() => import('./routes/statements')) },
              { path: 'quick-order', ...page(() => import('./routes/quick-order')) },
              { path: 'lists', ...page(() => import('./routes/lists')) },
              { path: 'lists/:id', ...page(() => import('./routes/list-details')) },
              { path: 'profile', ...page(() => import('./routes/profile')) },
              { path: 'inbox', ...page(() => import('./routes/inbox')) },
              { path: 'dashboard', ...page(() => import('./routes/dashboard')) },
              { path: 'company', ...page(() => import('./routes/company')) },
              { path: 'company/orders', ...page(() => import('./routes/company-orders')) },
              { path: 'company/activity', ...page(() => import('./routes/company-activity')) },
              { path: 'approvals', ...page(() => import('./routes/approvals')) },
              { path: 'price-lists', ...page(() => import('./routes/price-lists')) },
              { path: 'price-lists/:id', ...page(() => import('./routes/price-list-details')) },
              // One route for both, so the chosen file stays chosen when an import's id joins the URL.
              { path: 'import/:id?', ...page(() => import('./routes/import-products')) },
            ],
          },
          { path: '*', ...page(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];

/**
 * Starts downloading the page code for a location (a path, with or without search and hash);
 * resolves once it is in, or has failed.
 */
export async function preloadPage(location: string): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, location) ?? []).map((match) =>
      (match.route.handle as PageHandle | undefined)?.preload().catch(() => {
        // A failed preload is retried by the page itself when it renders, and reported there.
      }),
    ),
  );
}

/** Preloads the page behind an in-app link the pointer or focus reaches. */
function preloadOnIntent(event: Event): void {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
  void preloadPage(link.pathname);
}

let listening = false;

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  void preloadPage(router.state.location.pathname);
  if (!listening) {
    listening = true;
    for (const type of ['pointerover', 'focusin', 'touchstart']) {
      document.addEventListener(type, preloadOnIntent, { passive: true, capture: true });
    }
  }
  return router;
}
