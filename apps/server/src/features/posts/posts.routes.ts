import {
  IMAGE_MAX_BYTES,
  LikeAnswerSchema,
  PostListQuery,
  PostPatchInput,
  PostSchema,
  TopicParams,
} from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { routeKit } from '../../platform/routes';
import { PageQuery } from '../../platform/pagination';
import { createPostsService } from './posts.service';
import { IdParam } from '../../platform/params';

const ListQuery = PageQuery.extend(PostListQuery.shape);
const PostList = z.array(PostSchema);

export const postsRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const posts = createPostsService(p, app.log);
  p.reportables.register('post', {
    table: 'posts',
    authorColumn: 'user_id',
    previewColumn: 'content',
    moderated: true,
    remove: (admin, id) => posts.remove(admin, id),
  });
  const route = routeKit(app, p.guards, 'posts');

  route.page(
    '/api/posts',
    {
      policy: 'public',
      viewer: true,
      summary: 'The feed: newest first, keyset pages (X-Next-Cursor)',
      querystring: ListQuery,
      response: { 200: PostList },
    },
    async (req) => posts.list(req.user ?? null, req.query),
  );

  route.page(
    '/api/topics/:tag/posts',
    {
      policy: 'public',
      viewer: true,
      summary: 'A topic’s posts (#tag), newest first, keyset pages (X-Next-Cursor)',
      params: TopicParams,
      response: { 200: PostList },
    },
    async (req) => posts.listTopic(req.user ?? null, req.params.tag, req.query),
  );

  route.page(
    '/api/posts/user/:id',
    {
      policy: 'public',
      viewer: true,
      summary: 'One member’s posts, newest first, keyset pages',
      params: IdParam,
      querystring: ListQuery,
      response: { 200: PostList },
    },
    async (req) => posts.list(req.user ?? null, req.query, req.params.id),
  );

  route.get(
    '/api/posts/:id',
    { policy: 'public', viewer: true, summary: 'One post', params: IdParam, response: { 200: PostSchema } },
    async (req) => posts.get(req.user ?? null, req.params.id),
  );

  route.post(
    '/api/posts',
    {
      policy: 'member',
      summary: 'Publish a post (multipart: content, optional title and image; the author is the caller)',
      response: { 201: PostSchema },
    },
    async (req, reply) => {
      const form = await p.uploads.readForm(req, 'image', { fileSize: IMAGE_MAX_BYTES });
      if (form.file) await p.limits.countUpload(req, reply);
      return reply.code(201).send(await posts.create(req.user, form));
    },
  );

  route.patch(
    '/api/posts/:id',
    {
      policy: 'owner',
      summary: 'Edit a post’s text (its author); answers it with edited_at',
      params: IdParam,
      body: PostPatchInput,
      response: { 200: PostSchema },
    },
    async (req) => posts.update(req.user, req.params.id, req.body),
  );

  route.removed(
    '/api/posts/:id',
    { policy: 'owner', summary: 'Delete a post (author or admin)', params: IdParam },
    async (req) => posts.remove(req.user, req.params.id),
  );

  route.post(
    '/api/posts/:id/like',
    {
      policy: 'member',
      summary: 'Like a post (idempotent); broadcasts likeUpdated',
      params: IdParam,
      response: { 200: LikeAnswerSchema },
    },
    async (req) => posts.like(req.user, req.params.id),
  );

  route.delete(
    '/api/posts/:id/like',
    {
      policy: 'member',
      summary: 'Remove one’s like (idempotent); broadcasts likeUpdated',
      params: IdParam,
      response: { 200: LikeAnswerSchema },
    },
    async (req) => posts.unlike(req.user, req.params.id),
  );
};
