import { z } from 'zod';

/** The response shape of a member (documents the API and strips anything not listed). */
export const UserSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  username: z.string(),
  name: z.string(),
  location: z.string(),
  bio: z.string(),
  profile_pic: z.string().nullable(),
  role: z.enum(['member', 'admin']),
  created_at: z.string(),
  email: z.string().optional(),
});

/** A profile as GET /api/users/:id answers it: the member plus follow counts. */
export const ProfileSchema = UserSchema.extend({
  followers_count: z.number(),
  following_count: z.number(),
  followed_by_me: z.boolean(),
});
