import { ServiceInput, ServiceListQuery, ServiceSchema } from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { PageQuery, sendPage } from '../../platform/pagination';
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
    },
    async (req, reply) => sendPage(reply, await services.list(req.query)),
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
    },
    async (req, reply) => reply.code(201).send(await services.create(req.user, req.body)),
  );
};
