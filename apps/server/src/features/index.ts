import type { FastifyPluginAsync } from 'fastify';
import type { Platform } from '../platform/context';
import { applicationsRoutes } from './applications/applications.routes';
import { authRoutes } from './auth/auth.routes';
import { backgroundJobsRoutes } from './background-jobs/background-jobs.routes';
import { bidsRoutes } from './bids/bids.routes';
import { blocksRoutes } from './blocks/blocks.routes';
import { commentsRoutes } from './comments/comments.routes';
import { messagesRoutes } from './messages/messages.routes';
import { exploreRoutes } from './explore/explore.routes';
import { followsRoutes } from './follows/follows.routes';
import { healthRoutes } from './health/health.routes';
import { jobPageRoutes } from './jobs/jobs.page';
import { jobAlertsRoutes } from './job-alerts/job-alerts.routes';
import { jobsRoutes } from './jobs/jobs.routes';
import { employerVerificationRoutes } from './employer-verification/employer-verification.routes';
import { dataExportRoutes } from './data-export/data-export.routes';
import { moderationRoutes } from './moderation/moderation.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { paymentsRoutes } from './payments/payments.routes';
import { postPageRoutes } from './posts/posts.page';
import { postsRoutes } from './posts/posts.routes';
import { pushRoutes } from './push/push.routes';
import { quizRoutes } from './quiz/quiz.routes';
import { reviewsRoutes } from './reviews/reviews.routes';
import { servicesRoutes } from './services/services.routes';
import { siteRoutes } from './site/site.routes';
import { usersRoutes } from './users/users.routes';
import { ussdRoutes } from './ussd/ussd.routes';
import { videosRoutes } from './videos/videos.routes';

/** Every feature's routes, one line each (STYLE rule 18). */
export const features: FastifyPluginAsync<Platform>[] = [
  healthRoutes,
  siteRoutes,
  authRoutes,
  usersRoutes,
  dataExportRoutes,
  followsRoutes,
  blocksRoutes,
  exploreRoutes,
  notificationsRoutes,
  pushRoutes,
  quizRoutes,
  postsRoutes,
  postPageRoutes,
  commentsRoutes,
  jobsRoutes,
  jobPageRoutes,
  jobAlertsRoutes,
  applicationsRoutes,
  bidsRoutes,
  paymentsRoutes,
  servicesRoutes,
  videosRoutes,
  messagesRoutes,
  moderationRoutes,
  employerVerificationRoutes,
  reviewsRoutes,
  backgroundJobsRoutes,
  ussdRoutes,
];
