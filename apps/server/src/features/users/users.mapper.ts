import { ratingAverage, type UserDto } from '@jamii/shared';
import type { UserRow } from '../../db/schema';

/**
 * The only way a user row leaves the server: never the hash, the email only to its owner, the phone
 * to its owner and, when they chose to show it, to others (docs/features/phones-and-places.md).
 */
export function toUserDto(row: UserRow, viewerId?: number | null): UserDto {
  const dto: UserDto = {
    id: row.id,
    user_id: row.id,
    username: row.username,
    name: row.name,
    location: row.location,
    bio: row.bio,
    profile_pic: row.profile_pic,
    role: row.role,
    created_at: row.created_at.toISOString(),
    email_verified: row.email_verified,
    verified_domain: row.verified_domain,
    employer_verified: row.employer_verified,
    agency_licensed: row.agency_licensed,
    headline: row.headline,
    skills: row.skills,
    rating_avg: ratingAverage(row.rating_sum, row.rating_count),
    rating_count: row.rating_count,
  };
  if (row.show_phone && row.phone) dto.phone = row.phone;
  if (viewerId === row.id) {
    dto.phone = row.phone;
    dto.show_phone = row.show_phone;
    if (row.email) dto.email = row.email;
    dto.phone_verified = row.phone_verified;
    dto.language = row.language;
  }
  return dto;
}
