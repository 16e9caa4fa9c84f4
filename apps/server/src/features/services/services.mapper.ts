import type { ServiceDto } from '@jamii/shared';
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
    name: row.name,
    username: row.username,
    profile_pic: row.profile_pic,
    created_at: row.created_at.toISOString(),
    edited_at: row.edited_at?.toISOString() ?? null,
    moderation: row.moderation,
    risk: toRisk(row),
  };
}
