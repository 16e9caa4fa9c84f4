import type { FastifyPluginAsync } from 'fastify';
import type { Platform } from '../platform/context';
import { authRoutes } from './auth/auth.routes';
import { followsRoutes } from './follows/follows.routes';
import { healthRoutes } from './health/health.routes';
import { quizRoutes } from './quiz/quiz.routes';
import { siteRoutes } from './site/site.routes';
import { usersRoutes } from './users/users.routes';

/** Every feature's routes, one line each (STYLE rule 18). */
export const features: FastifyPluginAsync<Platform>[] = [
  healthRoutes,
  siteRoutes,
  authRoutes,
  usersRoutes,
  followsRoutes,
  quizRoutes,
];
