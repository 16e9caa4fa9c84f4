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

/** A person in a list (suggestions, followers): SPEC §3 Suggested user. */
export interface PersonDto {
  id: number;
  username: string;
  name: string;
  bio: string;
  location: string;
  profile_pic: string | null;
  mutual_friends?: number;
  followed_by_me: boolean;
}

/** After a follow or unfollow: the new state and the followed member's counts. */
export interface FollowAnswer {
  following: boolean;
  followers_count: number;
  following_count: number;
}

/** GET /api/users/:id: the member with follow counts. */
export interface ProfileDto extends UserDto {
  followers_count: number;
  following_count: number;
  followed_by_me: boolean;
}
