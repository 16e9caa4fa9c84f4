import type { FastifyPluginAsync } from 'fastify';
import type { Platform } from '../platform/context';
import { applicationsRoutes } from './applications/applications.routes';
import { authRoutes } from './auth/auth.routes';
import { backgroundJobsRoutes } from './background-jobs/background-jobs.routes';
import { bidsRoutes } from './bids/bids.routes';
import { blocksRoutes } from './blocks/blocks.routes';
import { commentsRoutes } from './comments/comments.routes';
import { conversationsRoutes } from './conversations/conversations.routes';
import { exploreRoutes } from './explore/explore.routes';
import { followsRoutes } from './follows/follows.routes';
import { healthRoutes } from './health/health.routes';
import { jobPageRoutes } from './jobs/jobs.page';
import { jobsRoutes } from './jobs/jobs.routes';
import { myDataRoutes } from './my-data/my-data.routes';
import { moderationRoutes } from './moderation/moderation.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { postPageRoutes } from './posts/posts.page';
import { postsRoutes } from './posts/posts.routes';
import { quizRoutes } from './quiz/quiz.routes';
import { reviewsRoutes } from './reviews/reviews.routes';
import { servicesRoutes } from './services/services.routes';
import { siteRoutes } from './site/site.routes';
import { usersRoutes } from './users/users.routes';
import { videosRoutes } from './videos/videos.routes';

/** Every feature's routes, one line each (STYLE rule 18). */
export const features: FastifyPluginAsync<Platform>[] = [
  healthRoutes,
  siteRoutes,
  authRoutes,
  usersRoutes,
  myDataRoutes,
  followsRoutes,
  blocksRoutes,
  exploreRoutes,
  notificationsRoutes,
  quizRoutes,
  postsRoutes,
  postPageRoutes,
  commentsRoutes,
  jobsRoutes,
  jobPageRoutes,
  applicationsRoutes,
  bidsRoutes,
  servicesRoutes,
  videosRoutes,
  conversationsRoutes,
  moderationRoutes,
  reviewsRoutes,
  backgroundJobsRoutes,
];
