import { BlockAnswerSchema, BlockedMemberSchema } from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { PageQuery, sendPage, toPageRequest } from '../../platform/pagination';
import { MemberKey } from '../../platform/params';
import { createBlocksService } from './blocks.service';

const UsernameParam = z.object({ username: MemberKey });

export const blocksRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const blocks = createBlocksService(p);
  const { requireUser } = p.guards;

  app.post(
    '/api/users/:username/block',
    {
      schema: {
        tags: ['people'],
        summary: 'Block a member (idempotent): ends follows both ways; neither can reach the other',
        params: UsernameParam,
        response: { 200: BlockAnswerSchema },
      },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async (req) => blocks.block(req.user, req.params.username),
  );

  app.delete(
    '/api/users/:username/block',
    {
      schema: {
        tags: ['people'],
        summary: 'Unblock a member (idempotent)',
        params: UsernameParam,
        response: { 200: BlockAnswerSchema },
      },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async (req) => blocks.unblock(req.user, req.params.username),
  );

  app.get(
    '/api/blocks',
    {
      schema: {
        tags: ['people'],
        summary: 'The members I blocked, newest first',
        querystring: PageQuery,
        response: { 200: z.array(BlockedMemberSchema) },
      },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async (req, reply) => sendPage(reply, await blocks.list(req.user, toPageRequest(req.query))),
  );
};
