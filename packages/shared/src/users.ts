import { z } from 'zod';
import { BioField, LocationField, NameField } from './auth';

/** A partial profile edit: an absent field is left as it is; an empty bio or location clears it. */
export const ProfileUpdateInput = z.object({
  name: NameField.optional(),
  bio: BioField.optional(),
  location: LocationField.optional(),
});
export type ProfileUpdateInputValues = z.infer<typeof ProfileUpdateInput>;

/** A member as the API answers it (SPEC §3 field names). `email` only reaches its owner. */
export interface UserDto {
  id: number;
  user_id: number;
  username: string;
  name: string;
  location: string;
  bio: string;
  profile_pic: string | null;
  role: 'member' | 'admin';
  created_at: string;
  email?: string;
}

export interface AuthAnswer {
  token: string;
  user: UserDto;
}
