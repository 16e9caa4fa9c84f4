import { BlockAnswerSchema, BlockedMemberSchema } from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { routeKit } from '../../platform/routes';
import { toPageRequest } from '../../platform/pagination';
import { MemberKey } from '../../platform/params';
import { createBlocksService } from './blocks.service';

const UsernameParam = z.object({ username: MemberKey });

export const blocksRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const blocks = createBlocksService(p);
  const route = routeKit(app, p.guards, 'people');

  route.post(
    '/api/users/:username/block',
    {
      policy: 'member',
      summary: 'Block a member (idempotent): ends follows both ways; neither can reach the other',
      params: UsernameParam,
      response: { 200: BlockAnswerSchema },
    },
    async (req) => blocks.block(req.user, req.params.username),
  );

  route.delete(
    '/api/users/:username/block',
    {
      policy: 'member',
      summary: 'Unblock a member (idempotent)',
      params: UsernameParam,
      response: { 200: BlockAnswerSchema },
    },
    async (req) => blocks.unblock(req.user, req.params.username),
  );

  route.page(
    '/api/blocks',
    {
      policy: 'member',
      summary: 'The members I blocked, newest first',
      response: { 200: z.array(BlockedMemberSchema) },
    },
    async (req) => blocks.list(req.user, toPageRequest(req.query)),
  );
};
