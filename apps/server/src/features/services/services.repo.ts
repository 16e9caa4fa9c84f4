import { sql, type Updateable } from 'kysely';
import { AUTHOR_COLUMNS, selectWithAuthor } from '../../db/authors';
import type { Kdb } from '../../db/database';
import type { Currency, ServicesTable } from '../../db/schema';
import { keysetPage, type PageRequest } from '../../platform/pagination';
import { containsPattern } from '../../platform/search';
import { visibleItem, type Viewer } from '../../platform/visibility';

// SQL of the services feature only.

export interface ServiceFilter {
  userId?: number | undefined;
  search?: string | undefined;
  /** Who is looking: hidden/held services and blocked pairs are left out (platform/visibility). */
  viewer?: Viewer | undefined;
}

function selectServices(db: Kdb) {
  return selectWithAuthor(db, 'services', 'user_id').select([
    'services.id',
    'services.title',
    'services.description',
    'services.price',
    'services.currency',
    'services.user_id',
    'services.location',
    'services.created_at',
    'services.edited_at',
    'services.moderation',
    'services.risk_level',
    'services.risk_reasons',
    ...AUTHOR_COLUMNS,
  ]);
}

export type ServiceRow = Awaited<ReturnType<ReturnType<typeof selectServices>['executeTakeFirstOrThrow']>>;

export function listServices(db: Kdb, filter: ServiceFilter, page: PageRequest) {
  let query = selectServices(db);
  if (filter.viewer !== undefined) query = query.where(visibleItem(filter.viewer, 'services'));
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
  service: {
    user_id: number;
    title: string;
    description: string;
    price: number;
    location: string;
    currency: Currency;
  },
) => db.insertInto('services').values(service).returning('id').executeTakeFirstOrThrow();

export const findServiceOwner = (db: Kdb, id: number) =>
  db.selectFrom('services').select(['id', 'user_id']).where('id', '=', id).executeTakeFirst();

/** The provider's edit; marks the service edited. */
export const updateService = (db: Kdb, id: number, changes: Updateable<ServicesTable>) =>
  db
    .updateTable('services')
    .set({ ...changes, edited_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();

export const deleteService = (db: Kdb, id: number) =>
  db.deleteFrom('services').where('id', '=', id).execute();
