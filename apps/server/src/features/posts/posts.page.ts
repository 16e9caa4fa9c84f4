import type { FastifyPluginAsync } from 'fastify';
import { registerSharedPage } from '../../platform/app-page';
import type { Platform } from '../../platform/context';
import { createPostsService } from './posts.service';

/** `/p/{id}` (docs/design.md#conversation-around-posts): a shared post's page, with the preview WhatsApp shows without JavaScript. */
export const postPageRoutes: FastifyPluginAsync<Platform> = async (app, p) => {
  const posts = createPostsService(p, app.log);
  registerSharedPage(
    app,
    p.appPage,
    '/p/:id',
    (id) => posts.get(null, id),
    (post, id) => ({
      title: post.title ?? `${post.name} on Jamii`,
      description: post.content,
      image: post.image_url,
      path: `/p/${id}`,
      type: 'article',
    }),
  );
};
