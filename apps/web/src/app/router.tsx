import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { routePatterns } from './paths';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** Only screens that exist are registered; other paths fall through to Page not found. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    children: [
      { path: routePatterns.landing, lazy: () => import('./routes/landing') },
      { path: routePatterns.apps, lazy: () => import('./routes/apps') },
      { path: routePatterns.notFound, lazy: () => import('./routes/not-found') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
