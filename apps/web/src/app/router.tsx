import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { startFeedRequests, startJobsRequests } from './early-requests';
import { RequireAdmin, RequireAuth, startSessionCheck } from './guards';
import { routePatterns } from '../lib/paths';
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
      {
        path: routePatterns.login,
        // The form's shared rules (zod) download beside the screen, not after it has mounted: one
        // script request fewer in a row on a slow phone.
        lazy: () =>
          Promise.all([
            import('./routes/login'),
            // Not needed to draw it: a failure here is the form's to report when it checks.
            import('../features/auth/login-schema').catch(() => undefined),
          ]).then(([screen]) => screen),
      },
      { path: routePatterns.signup, lazy: () => import('./routes/signup') },
      { path: routePatterns.forgotPassword, lazy: () => import('./routes/forgot-password') },
      { path: routePatterns.resetPassword, lazy: () => import('./routes/reset-password') },
      // Signed in or not: the emailed link may open in any browser.
      { path: routePatterns.verifyEmail, lazy: () => import('./routes/verify-email') },
      {
        // Public pages with the chrome of whoever looks: a member's common layout, or a visitor's header.
        lazy: () => import('./routes/public-layout'),
        children: [
          { path: routePatterns.jobs, loader: startJobsRequests, lazy: () => import('./routes/jobs') },
          { path: routePatterns.exploreJobs, lazy: () => import('./routes/job-details') },
          { path: routePatterns.jobDetails, lazy: () => import('./routes/job-details') },
          { path: routePatterns.post, lazy: () => import('./routes/post') },
          { path: routePatterns.topic, lazy: () => import('./routes/topic') },
          { path: routePatterns.privacy, lazy: () => import('./routes/privacy') },
        ],
      },
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
              { path: routePatterns.feed, loader: startFeedRequests, lazy: () => import('./routes/feed') },
              { path: routePatterns.bids, lazy: () => import('./routes/bids') },
              { path: routePatterns.services, lazy: () => import('./routes/services') },
              { path: routePatterns.create, lazy: () => import('./routes/create') },
              { path: routePatterns.achievements, lazy: () => import('./routes/achievements') },
              { path: routePatterns.videos, lazy: () => import('./routes/videos') },
              { path: routePatterns.shorts, lazy: () => import('./routes/shorts') },
              { path: routePatterns.explore, lazy: () => import('./routes/explore') },
              { path: routePatterns.exploreUsers, lazy: () => import('./routes/explore-users') },
              { path: routePatterns.notifications, lazy: () => import('./routes/notifications') },
              { path: routePatterns.messages, lazy: () => import('./routes/messages') },
              { path: routePatterns.message, lazy: () => import('./routes/message-thread') },
              { path: routePatterns.blockedMembers, lazy: () => import('./routes/blocked-members') },
              { path: routePatterns.accountSecurity, lazy: () => import('./routes/account-security') },
              {
                path: routePatterns.notificationSettings,
                lazy: () => import('./routes/notification-settings'),
              },
              { path: routePatterns.jobApplications, lazy: () => import('./routes/job-applications') },
            ],
          },
          // SPEC §2: the quiz is login-required but outside the common layout.
          { path: routePatterns.quiz, lazy: () => import('./routes/kaquiz') },
        ],
      },
      {
        // DESIGN §1: /admin/* is guarded in routing (signed in, as an admin), in the common layout.
        Component: RequireAdmin,
        loader: startSessionCheck,
        children: [
          {
            lazy: () => import('./routes/common-layout'),
            children: [
              { path: routePatterns.adminJobs, lazy: () => import('./routes/admin-jobs') },
              { path: routePatterns.adminReports, lazy: () => import('./routes/admin-reports') },
              { path: routePatterns.adminMembers, lazy: () => import('./routes/admin-members') },
              { path: routePatterns.adminAudit, lazy: () => import('./routes/admin-audit') },
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
