import { EXPORT_FILE_NAME, ExportArchiveSchema } from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Platform } from '../../platform/context';
import { routeKit } from '../../platform/routes';
import { IdParam } from '../../platform/params';
import { createDataExportService } from './data-export.service';

export const dataExportRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const myData = createDataExportService(p, app.log);
  const route = routeKit(app, p.guards, 'users');

  route.get(
    '/api/users/:id/export',
    {
      policy: 'owner',
      summary:
        'Download everything Jamii holds about me: a zip of data.json and my files (the account’s owner only)',
      params: IdParam,
      // Declared by media type: the answer is a zip, not JSON (its errors are JSON as everywhere).
      response: {
        200: {
          description: 'The zip, as an attachment',
          content: { 'application/zip': { schema: ExportArchiveSchema } },
        },
      },
    },
    async (req, reply) => {
      const archive = await myData.exportArchive(req.user, req.params.id);
      reply.raw.once('close', () => archive.body.destroy());
      return (
        reply
          .type('application/zip')
          .header('Content-Disposition', `attachment; filename="${EXPORT_FILE_NAME}"`)
          .header('Content-Length', archive.size)
          .header('Cache-Control', 'private, no-store')
          // A stream is sent as it is, never serialized: the declared string only documents the answer.
          .send(archive.body as unknown as string)
      );
    },
  );
};
