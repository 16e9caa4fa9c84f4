import type { ServiceInputValues, ServiceListQueryValues, ServicePatchInputValues } from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CurrentUser } from '../../platform/auth';
import { toViewer } from '../../platform/visibility';
import type { Platform } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors';
import { toPage, toPageRequest, type PageQueryValues } from '../../platform/pagination';
import { writeTransaction } from '../../platform/write-transaction';
import { screenStored } from '../shield/shield.service';
import { toServiceDto } from './services.mapper';
import { canDeleteService, canEditService } from './services.policy';
import * as repo from './services.repo';

export function createServicesService(p: Pick<Platform, 'db'>, log: FastifyBaseLogger) {
  const { db } = p;

  async function findOwner(id: number) {
    const service = await repo.findServiceOwner(db, id);
    if (!service) throw notFound('Service');
    return service;
  }

  return {
    async list(viewer: CurrentUser, query: PageQueryValues & ServiceListQueryValues) {
      const page = toPageRequest(query);
      const rows = await repo.listServices(
        db,
        { userId: query.user_id, search: query.search, viewer: toViewer(viewer) },
        page,
      );
      const result = toPage(rows, page);
      return { ...result, items: result.items.map(toServiceDto) };
    },

    async create(user: CurrentUser, input: ServiceInputValues) {
      const { id, publish } = await writeTransaction(db, async (trx) => {
        const { id } = await repo.insertService(trx, { user_id: user.id, ...input });
        return { id, ...(await screenStored(trx, 'services', id)) };
      });
      publish();
      log.info({ serviceId: id, userId: user.id }, 'service offered');
      return toServiceDto((await repo.findService(db, id))!);
    },

    async update(user: CurrentUser, id: number, input: ServicePatchInputValues) {
      const service = await findOwner(id);
      if (!canEditService(user, service)) throw forbidden('You can only edit your own services');
      // An empty PATCH changes nothing and marks nothing edited.
      if (Object.keys(input).length > 0) {
        const { publish } = await writeTransaction(db, async (trx) => {
          await repo.updateService(trx, id, input);
          return screenStored(trx, 'services', id);
        });
        publish();
      }
      log.info({ serviceId: id, userId: user.id }, 'service edited');
      return toServiceDto((await repo.findService(db, id))!);
    },

    async remove(user: CurrentUser, id: number) {
      const service = await findOwner(id);
      if (!canDeleteService(user, service)) {
        throw forbidden('Only the service’s provider or an admin can delete it');
      }
      await repo.deleteService(db, id);
      log.info({ serviceId: id, userId: user.id }, 'service deleted');
    },
  };
}

export type ServicesService = ReturnType<typeof createServicesService>;
