import { CommentInput, CommentSchema } from '@jamii/shared';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { routeKit } from '../../platform/routes';
import { AppError } from '../../platform/errors';
import { toPageRequest } from '../../platform/pagination';
import { IdParam } from '../../platform/params';
import { canSeeComment, canSeePost, createCommentsService } from './comments.service';

/** Per account: a person comments far slower than this; a script flooding threads does not. */
export const COMMENT_LIMITS = { create: { max: 30, timeWindow: '1 minute' } } as const;

export const commentsRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const comments = createCommentsService(p, app.log);
  const route = routeKit(app, p.guards, 'comments');
  // Reports on comments (docs/design.md#trust-and-safety): by those who can see them; hide keeps them from everyone else.
  p.reportables.register('comment', {
    table: 'comments',
    authorColumn: 'author_id',
    previewColumn: 'body',
    moderated: true,
    canSee: canSeeComment,
    remove: (admin, id) => comments.remove(admin, id),
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

  route.page(
    '/api/posts/:id/comments',
    {
      policy: 'public',
      viewer: true,
      summary: 'A post’s comments and replies, oldest first (keyset pages, X-Next-Cursor)',
      params: IdParam,
      response: { 200: z.array(CommentSchema) },
    },
    async (req) => comments.list(req.user ?? null, req.params.id, toPageRequest(req.query)),
  );

  route.created(
    '/api/posts/:id/comments',
    {
      policy: 'member',
      summary: 'Comment on a post, or reply to a comment (a reply to a reply joins its thread)',
      params: IdParam,
      body: CommentInput,
      response: { 201: CommentSchema },
      limits: createLimit(),
    },
    async (req) => comments.create(req.user, req.params.id, req.body),
  );

  route.removed(
    '/api/comments/:id',
    {
      policy: 'owner',
      summary: 'Delete a comment and its replies (its author, the post’s owner, an admin)',
      params: IdParam,
    },
    async (req) => comments.remove(req.user, req.params.id),
  );
};
