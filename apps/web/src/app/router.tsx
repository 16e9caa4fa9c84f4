import type { RouteObject } from 'react-router';
import { startFeedRequests, startJobsRequests } from './early-requests';
import { RequireAdmin, RequireAuth, startSessionCheck } from './guards';
import { loadZodAdapter } from '../lib/lazy-zod-resolver';
import { routePatterns } from '../lib/paths';
import { RootLayout } from './root-layout';
import { firstScreen, lazyScreen, type RouteHandle } from './screens';

/** A guard's route: it starts the identity check while the page's code downloads. */
const guarded: { handle: RouteHandle } = { handle: { start: startSessionCheck } };
/** Screens with more than one route share one download (and one retry after a failure). */
const commonLayout = firstScreen(() => import('./routes/common-layout'));
const jobDetails = lazyScreen(() => import('./routes/job-details'));

/** Only screens that exist are registered; other paths fall through to Page not found. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: routePatterns.landing, ...firstScreen(() => import('./routes/landing')) },
      { path: routePatterns.apps, ...lazyScreen(() => import('./routes/apps')) },
      {
        path: routePatterns.login,
        // The form's shared rules and zod's adapter (lib/lazy-zod-resolver.ts) download beside the
        // screen, not after it has mounted: no script request waits for another a fourth time in a
        // row on a slow phone.
        ...firstScreen(() =>
          Promise.all([
            import('./routes/login'),
            // Not needed to draw it: a failure here is the form's to report when it checks.
            import('../features/auth/login-schema').catch(() => undefined),
            loadZodAdapter().catch(() => undefined),
          ]).then(([screen]) => screen),
        ),
      },
      { path: routePatterns.phoneLogin, ...lazyScreen(() => import('./routes/phone-login')) },
      { path: routePatterns.signup, ...lazyScreen(() => import('./routes/signup')) },
      { path: routePatterns.phoneSignup, ...lazyScreen(() => import('./routes/phone-signup')) },
      { path: routePatterns.forgotPassword, ...lazyScreen(() => import('./routes/forgot-password')) },
      { path: routePatterns.resetPassword, ...lazyScreen(() => import('./routes/reset-password')) },
      // Signed in or not: the emailed link may open in any browser.
      { path: routePatterns.verifyEmail, ...lazyScreen(() => import('./routes/verify-email')) },
      {
        // Public pages with the chrome of whoever looks: a member's common layout, or a visitor's header.
        ...firstScreen(() => import('./routes/public-layout')),
        children: [
          { path: routePatterns.jobs, ...firstScreen(() => import('./routes/jobs'), startJobsRequests) },
          { path: routePatterns.exploreJobs, ...jobDetails },
          { path: routePatterns.jobDetails, ...jobDetails },
          { path: routePatterns.post, ...lazyScreen(() => import('./routes/post')) },
          { path: routePatterns.topic, ...lazyScreen(() => import('./routes/topic')) },
          { path: routePatterns.privacy, ...lazyScreen(() => import('./routes/privacy')) },
        ],
      },
      {
        // the specified screens Login guard, then the common layout.
        element: <RequireAuth />,
        ...guarded,
        children: [
          {
            ...commonLayout,
            children: [
              { path: routePatterns.profile, ...lazyScreen(() => import('./routes/profile')) },
              { path: routePatterns.user, ...lazyScreen(() => import('./routes/user')) },
              { path: routePatterns.feed, ...firstScreen(() => import('./routes/feed'), startFeedRequests) },
              { path: routePatterns.bids, ...lazyScreen(() => import('./routes/bids')) },
              { path: routePatterns.services, ...lazyScreen(() => import('./routes/services')) },
              { path: routePatterns.create, ...lazyScreen(() => import('./routes/create')) },
              { path: routePatterns.achievements, ...lazyScreen(() => import('./routes/achievements')) },
              { path: routePatterns.videos, ...lazyScreen(() => import('./routes/videos')) },
              { path: routePatterns.shorts, ...lazyScreen(() => import('./routes/shorts')) },
              { path: routePatterns.explore, ...lazyScreen(() => import('./routes/explore')) },
              { path: routePatterns.exploreUsers, ...lazyScreen(() => import('./routes/explore-users')) },
              { path: routePatterns.notifications, ...lazyScreen(() => import('./routes/notifications')) },
              { path: routePatterns.messages, ...lazyScreen(() => import('./routes/messages')) },
              { path: routePatterns.message, ...lazyScreen(() => import('./routes/message-thread')) },
              { path: routePatterns.blockedMembers, ...lazyScreen(() => import('./routes/blocked-members')) },
              {
                path: routePatterns.accountSecurity,
                ...lazyScreen(() => import('./routes/account-security')),
              },
              {
                path: routePatterns.notificationSettings,
                ...lazyScreen(() => import('./routes/notification-settings')),
              },
              { path: routePatterns.jobAlerts, ...lazyScreen(() => import('./routes/job-alerts')) },
              {
                path: routePatterns.employerVerification,
                ...lazyScreen(() => import('./routes/employer-verification')),
              },
              {
                path: routePatterns.jobApplications,
                ...lazyScreen(() => import('./routes/job-applications')),
              },
            ],
          },
          // the specified screens: the quiz is login-required but outside the common layout.
          { path: routePatterns.quiz, ...lazyScreen(() => import('./routes/kaquiz')) },
        ],
      },
      {
        // docs/design.md#principles: /admin/* is guarded in routing (signed in, as an admin), in the common layout.
        element: <RequireAdmin />,
        ...guarded,
        children: [
          {
            ...commonLayout,
            children: [
              { path: routePatterns.adminJobs, ...lazyScreen(() => import('./routes/admin-jobs')) },
              { path: routePatterns.adminReports, ...lazyScreen(() => import('./routes/admin-reports')) },
              { path: routePatterns.adminMembers, ...lazyScreen(() => import('./routes/admin-members')) },
              { path: routePatterns.adminAudit, ...lazyScreen(() => import('./routes/admin-audit')) },
              { path: routePatterns.adminPayments, ...lazyScreen(() => import('./routes/admin-payments')) },
              { path: routePatterns.adminEmployers, ...lazyScreen(() => import('./routes/admin-employers')) },
              {
                path: routePatterns.adminDeliveries,
                ...lazyScreen(() => import('./routes/admin-deliveries')),
              },
            ],
          },
        ],
      },
      { path: routePatterns.notFound, ...lazyScreen(() => import('./routes/not-found')) },
    ],
  },
];
