import { VIDEO_KINDS, VideoListQuery, VideoSchema } from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { routeKit } from '../../platform/routes';
import { streamForm } from '../../platform/multipart';
import { PageQuery } from '../../platform/pagination';
import { openVideoTools } from '../../platform/video';
import { createVideosService } from './videos.service';
import { IdParam } from '../../platform/params';

const ListQuery = PageQuery.extend(VideoListQuery.shape);
const VideoList = z.array(VideoSchema);

export const videosRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const tools = openVideoTools(p.config, app.log);
  // Checked once the server answers, so a missing ffmpeg is logged right after the start, not in it.
  app.addHook('onListen', async () => void tools.isAvailable());
  const videos = createVideosService(p, tools, app.log);
  p.reportables.register('video', {
    table: 'videos',
    authorColumn: 'user_id',
    previewColumn: 'title',
    moderated: true,
    remove: (admin, id) => videos.remove(admin, id),
  });
  await videos.removeStaleWork();
  const route = routeKit(app, p.guards, 'videos');

  for (const kind of VIDEO_KINDS) {
    route.page(
      `/api/videos/${kind}`,
      {
        policy: 'public',
        viewer: true,
        summary: `${kind === 'short' ? 'Short' : 'Long'} videos, newest first, keyset pages (X-Next-Cursor); user_id for one member’s`,
        querystring: ListQuery,
        response: { 200: VideoList },
      },
      async (req) => videos.list(req.user ?? null, kind, req.query),
    );
  }

  route.post(
    '/api/videos',
    {
      policy: 'member',
      summary:
        'Upload a video (multipart: title, description, video). MP4 (H.264/AAC) or WebM (VP9/Opus); 60 s or less is a short',
      response: { 201: VideoSchema },
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

  route.removed(
    '/api/videos/:id',
    { policy: 'owner', summary: 'Delete a video and its files (uploader or admin)', params: IdParam },
    async (req) => videos.remove(req.user, req.params.id),
  );
};
