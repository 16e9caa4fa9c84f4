import type { ServiceInputValues, ServiceListQueryValues } from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CurrentUser } from '../../platform/auth';
import type { Platform } from '../../platform/context';
import { toPage, toPageRequest, type PageQueryValues } from '../../platform/pagination';
import { toServiceDto } from './services.mapper';
import * as repo from './services.repo';

export function createServicesService(p: Pick<Platform, 'db'>, log: FastifyBaseLogger) {
  const { db } = p;
  return {
    async list(query: PageQueryValues & ServiceListQueryValues) {
      const page = toPageRequest(query);
      const rows = await repo.listServices(db, { userId: query.user_id, search: query.search }, page);
      const result = toPage(rows, page);
      return { ...result, items: result.items.map(toServiceDto) };
    },

    async create(user: CurrentUser, input: ServiceInputValues) {
      const { id } = await repo.insertService(db, { user_id: user.id, ...input });
      log.info({ serviceId: id, userId: user.id }, 'service offered');
      return toServiceDto((await repo.findService(db, id))!);
    },
  };
}

export type ServicesService = ReturnType<typeof createServicesService>;
