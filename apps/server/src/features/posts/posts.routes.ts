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
import { readForm } from '../../platform/multipart';
import { PageQuery, sendPage } from '../../platform/pagination';
import { NoContent } from '../../platform/responses';
import { createPostsService } from './posts.service';
import { IdParam } from '../../platform/params';

const ListQuery = PageQuery.extend(PostListQuery.shape);
const PostList = z.array(PostSchema);

export const postsRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const posts = createPostsService(p, app.log);
  const { requireUser, optionalUser } = p.guards;

  app.get(
    '/api/posts',
    {
      schema: {
        tags: ['posts'],
        summary: 'The feed: newest first, keyset pages (X-Next-Cursor)',
        querystring: ListQuery,
        response: { 200: PostList },
      },
      preHandler: optionalUser,
      config: { policy: 'public' },
    },
    async (req, reply) => sendPage(reply, await posts.list(req.user ?? null, req.query)),
  );

  app.get(
    '/api/topics/:tag/posts',
    {
      schema: {
        tags: ['posts'],
        summary: 'A topic’s posts (#tag), newest first, keyset pages (X-Next-Cursor)',
        params: TopicParams,
        querystring: PageQuery,
        response: { 200: PostList },
      },
      preHandler: optionalUser,
      config: { policy: 'public' },
    },
    async (req, reply) => sendPage(reply, await posts.listTopic(req.user ?? null, req.params.tag, req.query)),
  );

  app.get(
    '/api/posts/user/:id',
    {
      schema: {
        tags: ['posts'],
        summary: 'One member’s posts, newest first, keyset pages',
        params: IdParam,
        querystring: ListQuery,
        response: { 200: PostList },
      },
      preHandler: optionalUser,
      config: { policy: 'public' },
    },
    async (req, reply) => sendPage(reply, await posts.list(req.user ?? null, req.query, req.params.id)),
  );

  app.get(
    '/api/posts/:id',
    {
      schema: { tags: ['posts'], summary: 'One post', params: IdParam, response: { 200: PostSchema } },
      preHandler: optionalUser,
      config: { policy: 'public' },
    },
    async (req) => posts.get(req.user ?? null, req.params.id),
  );

  app.post(
    '/api/posts',
    {
      schema: {
        tags: ['posts'],
        summary: 'Publish a post (multipart: content, optional title and image; the author is the caller)',
        response: { 201: PostSchema },
      },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async (req, reply) => {
      const form = await readForm(req, 'image', { fileSize: IMAGE_MAX_BYTES });
      if (form.file) await p.limits.countUpload(req, reply);
      return reply.code(201).send(await posts.create(req.user, form));
    },
  );

  app.patch(
    '/api/posts/:id',
    {
      schema: {
        tags: ['posts'],
        summary: 'Edit a post’s text (its author); answers it with edited_at',
        params: IdParam,
        body: PostPatchInput,
        response: { 200: PostSchema },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
    },
    async (req) => posts.update(req.user, req.params.id, req.body),
  );

  app.delete(
    '/api/posts/:id',
    {
      schema: {
        tags: ['posts'],
        summary: 'Delete a post (author or admin)',
        params: IdParam,
        response: { 204: NoContent },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
    },
    async (req, reply) => {
      await posts.remove(req.user, req.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/posts/:id/like',
    {
      schema: {
        tags: ['posts'],
        summary: 'Like a post (idempotent); broadcasts likeUpdated',
        params: IdParam,
        response: { 200: LikeAnswerSchema },
      },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async (req) => posts.like(req.user, req.params.id),
  );

  app.delete(
    '/api/posts/:id/like',
    {
      schema: {
        tags: ['posts'],
        summary: 'Remove one’s like (idempotent); broadcasts likeUpdated',
        params: IdParam,
        response: { 200: LikeAnswerSchema },
      },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async (req) => posts.unlike(req.user, req.params.id),
  );
};
