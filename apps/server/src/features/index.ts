import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../platform/context';
import { healthRoutes } from './health/health.routes';
import { siteRoutes } from './site/site.routes';

/** Every feature's routes, one line each (STYLE rule 18). */
export const features: FastifyPluginAsync<AppContext>[] = [healthRoutes, siteRoutes];
