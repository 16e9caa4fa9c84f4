import { z } from 'zod';
import { BioField, LocationField, NameField } from './auth';

/** A partial profile edit: an absent field is left as it is; an empty bio or location clears it. */
export const ProfileUpdateInput = z.object({
  name: NameField.optional(),
  bio: BioField.optional(),
  location: LocationField.optional(),
});
export type ProfileUpdateInputValues = z.infer<typeof ProfileUpdateInput>;

export const USER_ROLES = ['member', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** A member as the API answers it (SPEC §3 field names). `email` only reaches its owner. */
export const UserSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  username: z.string(),
  name: z.string(),
  location: z.string(),
  bio: z.string(),
  profile_pic: z.string().nullable(),
  role: z.enum(USER_ROLES),
  created_at: z.string(),
  email: z.string().optional(),
  /** DESIGN §8.6: the member confirmed their email; verified_domain is its domain unless personal. */
  email_verified: z.boolean(),
  verified_domain: z.string().nullable(),
});
export type UserDto = z.infer<typeof UserSchema>;

/** Login and refresh: the access token and the member (the refresh token travels as a cookie). */
export const AuthAnswerSchema = z.object({ token: z.string(), user: UserSchema });
export type AuthAnswer = z.infer<typeof AuthAnswerSchema>;

/** Signup: the new member; they log in next (SPEC §7 POST /api/signup). */
export const SignupAnswerSchema = z.object({ user: UserSchema });
export type SignupAnswer = z.infer<typeof SignupAnswerSchema>;

/** A person in a list (suggestions, followers): SPEC §3 Suggested user. */
export const PersonSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  bio: z.string(),
  location: z.string(),
  profile_pic: z.string().nullable(),
  /** Suggestions only: how many of the people the member follows follow this person. */
  mutual_friends: z.number().optional(),
  followed_by_me: z.boolean(),
});
export type PersonDto = z.infer<typeof PersonSchema>;

/** After a follow or unfollow: the new state and the followed member's counts. */
export const FollowAnswerSchema = z.object({
  following: z.boolean(),
  followers_count: z.number(),
  following_count: z.number(),
});
export type FollowAnswer = z.infer<typeof FollowAnswerSchema>;

/** GET /api/users/:id: the member with follow counts. */
export const ProfileSchema = UserSchema.extend({
  followers_count: z.number(),
  following_count: z.number(),
  followed_by_me: z.boolean(),
});
export type ProfileDto = z.infer<typeof ProfileSchema>;
