import { ServiceInput, ServiceListQuery, ServicePatchInput, ServiceSchema } from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { routeKit } from '../../platform/routes';
import { PageQuery } from '../../platform/pagination';
import { IdParam } from '../../platform/params';
import { createServicesService } from './services.service';

export const servicesRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const services = createServicesService(p, app.log);
  p.reportables.register('service', {
    table: 'services',
    authorColumn: 'user_id',
    previewColumn: 'title',
    moderated: true,
    remove: (admin, id) => services.remove(admin, id),
  });
  const route = routeKit(app, p.guards, 'services');

  route.page(
    '/api/services',
    {
      policy: 'member',
      summary: 'Services offered, newest first, keyset pages (X-Next-Cursor)',
      querystring: PageQuery.extend(ServiceListQuery.shape),
      response: { 200: z.array(ServiceSchema) },
    },
    async (req) => services.list(req.user, req.query),
  );

  route.created(
    '/api/services',
    { policy: 'member', summary: 'Offer a service', body: ServiceInput, response: { 201: ServiceSchema } },
    async (req) => services.create(req.user, req.body),
  );

  route.patch(
    '/api/services/:id',
    {
      policy: 'owner',
      summary: 'Edit a service (its provider); answers it with edited_at',
      params: IdParam,
      body: ServicePatchInput,
      response: { 200: ServiceSchema },
    },
    async (req) => services.update(req.user, req.params.id, req.body),
  );

  route.removed(
    '/api/services/:id',
    { policy: 'owner', summary: 'Delete a service (its provider or an admin)', params: IdParam },
    async (req) => services.remove(req.user, req.params.id),
  );
};
