import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './layout/AppLayout';
import { RouteGuard } from './RouteGuard';
import { ROUTES, type AppRoute } from './routeTable';

const NotFoundPage = lazy(() => import('../features/placeholder/routes/NotFoundPage'));

/** What a route tells the layout (through useMatches). */
export interface PageHandle {
  /** The page is built with antd, so the layout renders it inside antd's providers. */
  usesAntd: boolean;
}

/** The guard decides before the page's module loads, so a redirect never downloads the page. */
export function guardedRoute(route: AppRoute): RouteObject {
  const isLanding = 'landing' in route;
  const Page = isLanding ? route.landing : lazy(route.page);
  const forbidden = route.forbidden ? lazy(route.forbidden) : undefined;
  const handle: PageHandle = { usesAntd: !isLanding };
  return {
    path: route.path,
    handle,
    element: (
      <RouteGuard access={route.access} title={route.title} forbidden={forbidden}>
        <Page title={route.title} />
      </RouteGuard>
    ),
  };
}

export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      ...ROUTES.map(guardedRoute),
      { path: '*', handle: { usesAntd: true } satisfies PageHandle, element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
