import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { RequireAuth, startSessionCheck } from './guards';
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
      { path: routePatterns.login, lazy: () => import('./routes/login') },
      { path: routePatterns.signup, lazy: () => import('./routes/signup') },
      { path: routePatterns.forgotPassword, lazy: () => import('./routes/forgot-password') },
      { path: routePatterns.resetPassword, lazy: () => import('./routes/reset-password') },
      {
        // SPEC §2 Login guard, then the common layout.
        Component: RequireAuth,
        loader: startSessionCheck,
        children: [
          {
            lazy: () => import('./routes/common-layout'),
            children: [
              { path: routePatterns.profile, lazy: () => import('./routes/profile') },
              { path: routePatterns.user, lazy: () => import('./routes/user') },
            ],
          },
        ],
      },
      { path: routePatterns.notFound, lazy: () => import('./routes/not-found') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
