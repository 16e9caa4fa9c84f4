import { CommentInput, CommentSchema } from '@jamii/shared';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { PageQuery, sendPage, toPageRequest } from '../../platform/pagination';
import { IdParam } from '../../platform/params';
import { NoContent } from '../../platform/responses';
import { registerReportTarget } from '../moderation/moderation.targets';
import { canSeeComment, canSeePost, createCommentsService } from './comments.service';

/** Per account: a person comments far slower than this; a script flooding threads does not. */
export const COMMENT_LIMITS = { create: { max: 30, timeWindow: '1 minute' } } as const;

export const commentsRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const comments = createCommentsService(p, app.log);
  const { requireUser, optionalUser } = p.guards;
  const tags = ['comments'];
  // Reports on comments (DESIGN §8.6): by those who can see them; hide keeps them from everyone else.
  registerReportTarget('comment', {
    table: 'comments',
    authorColumn: 'author_id',
    previewColumn: 'body',
    moderated: true,
    canSee: canSeeComment,
  });
  // `commentAdded` reaches the sockets showing a post's comments, if they may see the post.
  p.events.allowWatching('post', (userId, postId) => canSeePost(p.db, userId, postId));

  const createLimit = (): preHandlerHookHandler[] => {
    if (!p.config.rateLimits) return [];
    const check = app.createRateLimit({
      ...COMMENT_LIMITS.create,
      keyGenerator: (req) => `comments-create:${req.tokenUserId}`,
    });
    return [
      async (request: FastifyRequest, reply: FastifyReply) => {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', result.ttlInSeconds);
          throw new AppError('RATE_LIMITED', 429, 'You are commenting too fast. Please wait a moment.');
        }
      },
    ];
  };

  app.get(
    '/api/posts/:id/comments',
    {
      schema: {
        tags,
        summary: 'A post’s comments and replies, oldest first (keyset pages, X-Next-Cursor)',
        params: IdParam,
        querystring: PageQuery,
        response: { 200: z.array(CommentSchema) },
      },
      preHandler: optionalUser,
      config: { policy: 'public' },
    },
    async (req, reply) =>
      sendPage(reply, await comments.list(req.user ?? null, req.params.id, toPageRequest(req.query))),
  );

  app.post(
    '/api/posts/:id/comments',
    {
      schema: {
        tags,
        summary: 'Comment on a post, or reply to a comment (a reply to a reply joins its thread)',
        params: IdParam,
        body: CommentInput,
        response: { 201: CommentSchema },
      },
      preHandler: [requireUser, ...createLimit()],
      config: { policy: 'member' },
    },
    async (req, reply) => reply.code(201).send(await comments.create(req.user, req.params.id, req.body)),
  );

  app.delete(
    '/api/comments/:id',
    {
      schema: {
        tags,
        summary: 'Delete a comment and its replies (its author, the post’s owner, an admin)',
        params: IdParam,
        response: { 204: NoContent },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
    },
    async (req, reply) => {
      await comments.remove(req.user, req.params.id);
      return reply.code(204).send();
    },
  );
};
