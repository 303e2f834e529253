import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { AppLayout } from '@/components/layout/app-layout';
import { RouteError } from '@/components/errors/route-error';
import { RequireAuth } from '@/features/auth/components/require-auth';

/*
 * The route table of docs/product-spec.md (§2) plus /contact and the legal placeholders. Every page is a
 * lazy chunk; the layout's Suspense shows 'Loading...' while one downloads.
 */

const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return <Page />;
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
          { index: true, element: page(() => import('./routes/home')) },
          { path: 'login', element: page(() => import('./routes/login')) },
          { path: 'register', element: page(() => import('./routes/register')) },
          { path: 'contact', element: page(() => import('./routes/contact')) },
          { path: 'legal/:doc', element: page(() => import('./routes/legal')) },
          {
            element: (
              <RequireAuth>
                <Outlet />
              </RequireAuth>
            ),
            children: [
              { path: 'add-products', element: page(() => import('./routes/add-product')) },
              { path: 'all-products', element: page(() => import('./routes/all-products')) },
              { path: 'carts/:email', element: page(() => import('./routes/cart')) },
              { path: 'product-details/:id', element: page(() => import('./routes/product-details')) },
              { path: 'update-product/:id', element: page(() => import('./routes/update-product')) },
              { path: 'categories/:id', element: page(() => import('./routes/category-products')) },
              { path: 'categories', element: page(() => import('./routes/categories')) },
              { path: 'my-products/:email', element: page(() => import('./routes/my-products')) },
            ],
          },
          { path: '*', element: page(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
