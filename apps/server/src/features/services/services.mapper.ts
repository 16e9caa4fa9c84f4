import type { ServiceDto } from '@jamii/shared';
import { authorFields, editedItemFields } from '../../platform/item-fields';
import { toRisk } from '../shield/shield.service';
import type { ServiceRow } from './services.repo';

export function toServiceDto(row: ServiceRow): ServiceDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: Number(row.price),
    currency: row.currency,
    user_id: row.user_id,
    location: row.location,
    ...authorFields(row),
    ...editedItemFields(row),
    risk: toRisk(row),
  };
}
