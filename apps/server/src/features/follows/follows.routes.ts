import { CountyFilter, FollowAnswerSchema, numberInput, PersonSchema, SEARCH_MAX } from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { routeKit } from '../../platform/routes';
import { toPageRequest } from '../../platform/pagination';
import { MemberKey } from '../../platform/params';
import { createNotifier } from '../notifications/notifications.service';
import { createFollowsService, SUGGESTIONS_MAX } from './follows.service';

const UsernameParam = z.object({ username: MemberKey });
const SuggestionsQuery = z.object({
  username: z.string().max(40).optional(),
  search: z.string().trim().max(SEARCH_MAX).optional(),
  limit: numberInput(z.number().int().min(1).max(SUGGESTIONS_MAX)).default(20),
  /** docs/features/phones-and-places.md: only members whose location names this county or one of its towns. */
  county: CountyFilter,
});

export const followsRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const follows = createFollowsService(p, createNotifier(p.db, p.events));
  const route = routeKit(app, p.guards, 'people');

  route.get(
    '/api/users/suggestions',
    {
      policy: 'member',
      summary:
        'People to follow, ranked by mutual follows, shared location, then activity (for the signed-in member; `username` is accepted and ignored)',
      querystring: SuggestionsQuery,
      response: { 200: z.array(PersonSchema) },
    },
    async (req) =>
      follows.suggestions(req.user, {
        limit: req.query.limit,
        search: req.query.search || undefined,
        county: req.query.county,
      }),
  );

  route.post(
    '/api/users/:username/follow',
    {
      policy: 'member',
      summary: 'Follow a member (idempotent)',
      params: UsernameParam,
      response: { 200: FollowAnswerSchema },
    },
    async (req) => follows.follow(req.user, req.params.username),
  );

  route.delete(
    '/api/users/:username/follow',
    {
      policy: 'member',
      summary: 'Unfollow a member (idempotent)',
      params: UsernameParam,
      response: { 200: FollowAnswerSchema },
    },
    async (req) => follows.unfollow(req.user, req.params.username),
  );

  for (const side of ['followers', 'following'] as const) {
    route.page(
      `/api/users/:username/${side}`,
      {
        policy: 'public',
        viewer: true,
        summary: `A member's ${side}, newest first`,
        params: UsernameParam,
        response: { 200: z.array(PersonSchema) },
      },
      async (req) => follows.list(req.params.username, side, req.user?.id ?? null, toPageRequest(req.query)),
    );
  }
};
