import { sql } from 'kysely';
import type { Kdb } from '../../db/database';
import { keysetPage, type PageRequest } from '../../platform/pagination';
import { containsPattern } from '../../platform/search';

// SQL of the services feature only.

export interface ServiceFilter {
  userId?: number | undefined;
  search?: string | undefined;
}

function selectServices(db: Kdb) {
  return db
    .selectFrom('services')
    .innerJoin('users', 'users.id', 'services.user_id')
    .select([
      'services.id',
      'services.title',
      'services.description',
      'services.price',
      'services.user_id',
      'services.location',
      'services.created_at',
      'users.name',
      'users.username',
      'users.profile_pic',
    ]);
}

export type ServiceRow = Awaited<ReturnType<ReturnType<typeof selectServices>['executeTakeFirstOrThrow']>>;

export function listServices(db: Kdb, filter: ServiceFilter, page: PageRequest) {
  let query = selectServices(db);
  if (filter.userId !== undefined) query = query.where('services.user_id', '=', filter.userId);
  if (filter.search) {
    query = query.where(
      sql<boolean>`lower(services.title || ' ' || services.location) like lower(${containsPattern(filter.search)}) escape '\\'`,
    );
  }
  return keysetPage(query, { createdAt: 'services.created_at', id: 'services.id' }, page).execute();
}

export const findService = (db: Kdb, id: number) =>
  selectServices(db).where('services.id', '=', id).executeTakeFirst();

export const insertService = (
  db: Kdb,
  service: { user_id: number; title: string; description: string; price: number; location: string },
) => db.insertInto('services').values(service).returning('id').executeTakeFirstOrThrow();
