import { VIDEO_KINDS, VideoListQuery, VideoSchema } from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { streamForm } from '../../platform/multipart';
import { PageQuery, sendPage } from '../../platform/pagination';
import { NoContent } from '../../platform/responses';
import { openVideoTools } from '../../platform/video';
import { createVideosService } from './videos.service';
import { IdParam } from '../../platform/params';

const ListQuery = PageQuery.extend(VideoListQuery.shape);
const VideoList = z.array(VideoSchema);

export const videosRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const tools = await openVideoTools(p.config, app.log);
  const videos = createVideosService(p, tools, app.log);
  await videos.removeStaleWork();
  const { requireUser } = p.guards;

  for (const kind of VIDEO_KINDS) {
    app.get(
      `/api/videos/${kind}`,
      {
        schema: {
          tags: ['videos'],
          summary: `${kind === 'short' ? 'Short' : 'Long'} videos, newest first, keyset pages (X-Next-Cursor); user_id for one member’s`,
          querystring: ListQuery,
          response: { 200: VideoList },
        },
        preHandler: p.guards.optionalUser,
        config: { policy: 'public' },
      },
      async (req, reply) => sendPage(reply, await videos.list(req.user ?? null, kind, req.query)),
    );
  }

  app.post(
    '/api/videos',
    {
      schema: {
        tags: ['videos'],
        summary:
          'Upload a video (multipart: title, description, video). MP4 (H.264/AAC) or WebM (VP9/Opus); 60 s or less is a short',
        response: { 201: VideoSchema },
      },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          await videos.upload(req.user, (filePath, fileSize) =>
            streamForm(req, 'video', { filePath, fileSize }),
          ),
        ),
  );

  app.delete(
    '/api/videos/:id',
    {
      schema: {
        tags: ['videos'],
        summary: 'Delete a video and its files (uploader or admin)',
        params: IdParam,
        response: { 204: NoContent },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
    },
    async (req, reply) => {
      await videos.remove(req.user, req.params.id);
      return reply.code(204).send();
    },
  );
};
