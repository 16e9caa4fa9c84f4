import { ServiceInput, ServiceListQuery, ServicePatchInput, ServiceSchema } from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { PageQuery, sendPage } from '../../platform/pagination';
import { IdParam } from '../../platform/params';
import { NoContent } from '../../platform/responses';
import { createServicesService } from './services.service';

export const servicesRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const services = createServicesService(p, app.log);

  app.get(
    '/api/services',
    {
      schema: {
        tags: ['services'],
        summary: 'Services offered, newest first, keyset pages (X-Next-Cursor)',
        querystring: PageQuery.extend(ServiceListQuery.shape),
        response: { 200: z.array(ServiceSchema) },
      },
      preHandler: p.guards.requireUser,
      config: { policy: 'member' },
    },
    async (req, reply) => sendPage(reply, await services.list(req.user, req.query)),
  );

  app.post(
    '/api/services',
    {
      schema: {
        tags: ['services'],
        summary: 'Offer a service',
        body: ServiceInput,
        response: { 201: ServiceSchema },
      },
      preHandler: p.guards.requireUser,
      config: { policy: 'member' },
    },
    async (req, reply) => reply.code(201).send(await services.create(req.user, req.body)),
  );

  app.patch(
    '/api/services/:id',
    {
      schema: {
        tags: ['services'],
        summary: 'Edit a service (its provider); answers it with edited_at',
        params: IdParam,
        body: ServicePatchInput,
        response: { 200: ServiceSchema },
      },
      preHandler: p.guards.requireUser,
      config: { policy: 'owner' },
    },
    async (req) => services.update(req.user, req.params.id, req.body),
  );

  app.delete(
    '/api/services/:id',
    {
      schema: {
        tags: ['services'],
        summary: 'Delete a service (its provider or an admin)',
        params: IdParam,
        response: { 204: NoContent },
      },
      preHandler: p.guards.requireUser,
      config: { policy: 'owner' },
    },
    async (req, reply) => {
      await services.remove(req.user, req.params.id);
      return reply.code(204).send();
    },
  );
};
