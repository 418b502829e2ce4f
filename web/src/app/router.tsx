import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './layout/AppLayout';
import { RouteGuard } from './RouteGuard';
import { ROUTES } from './routeTable';

const NotFoundPage = lazy(() => import('../features/placeholder/routes/NotFoundPage'));

/** The guard decides before the page's module loads, so a redirect never downloads the page. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      ...ROUTES.map((route): RouteObject => {
        const Page = lazy(route.page);
        return {
          path: route.path,
          element: (
            <RouteGuard access={route.access} title={route.title}>
              <Page title={route.title} />
            </RouteGuard>
          ),
        };
      }),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
