import { z } from 'zod';
import { BioField, LocationField, NameField, URL_LIKE } from './auth';
import { LANGUAGES } from './languages';
import { PhoneField } from './phone';
import { RatingFields } from './reviews';

/** A professional profile: a one-line headline and up to 20 skills of 1–40 characters. */
export const PROFILE_LIMITS = { headline: 120, skills: 20, skill: 40 } as const;
export const SKILL_LENGTH_MESSAGE = `*Each skill is 1 to ${PROFILE_LIMITS.skill} characters`;
export const SKILLS_COUNT_MESSAGE = `*At most ${PROFILE_LIMITS.skills} skills`;

export const HeadlineField = z
  .string()
  .trim()
  .max(PROFILE_LIMITS.headline, { error: `*Max ${PROFILE_LIMITS.headline} characters`, abort: true })
  .refine((headline) => !URL_LIKE.test(headline), '*No URLs allowed');

/** Trimmed, and the same skill in another case kept once (the first spelling wins). */
export function normalizeSkills(skills: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of skills) {
    const skill = raw.trim().replace(/\s+/g, ' ');
    const key = skill.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(skill);
  }
  return kept;
}

/** The first rule a normalised skill list breaks, or null: a form and the server show the same. */
export function skillsMessage(skills: readonly string[]): string | null {
  if (skills.some((s) => s.length < 1 || s.length > PROFILE_LIMITS.skill)) return SKILL_LENGTH_MESSAGE;
  if (skills.length > PROFILE_LIMITS.skills) return SKILLS_COUNT_MESSAGE;
  return null;
}

/** The settings form types skills separated by commas. */
export const splitSkills = (text: string) => normalizeSkills(text.split(',')).filter((s) => s !== '');

export const SkillsField = z
  .array(z.string().max(1000, { error: SKILL_LENGTH_MESSAGE, abort: true }), {
    error: '*Skills must be a list',
  })
  .max(200, { error: SKILLS_COUNT_MESSAGE, abort: true })
  .transform(normalizeSkills)
  .superRefine((skills, ctx) => {
    const message = skillsMessage(skills);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/**
 * A partial profile edit: an absent field is left as it is; an empty bio or location clears it, and
 * an empty or null phone removes it (docs/features/phones-and-places.md: Kenyan mobile numbers, kept in E.164).
 */
export const ProfileUpdateInput = z.object({
  name: NameField.optional(),
  bio: BioField.optional(),
  location: LocationField.optional(),
  headline: HeadlineField.optional(),
  skills: SkillsField.optional(),
  phone: PhoneField.optional(),
  /** Whether other members see the phone number (off until the member turns it on). */
  show_phone: z.boolean({ error: '*Choose whether to show your phone number' }).optional(),
  /** The language of the member's screens, notifications and emails (docs/features/kiswahili.md). */
  language: z.enum(LANGUAGES).optional(),
});
export type ProfileUpdateInputValues = z.infer<typeof ProfileUpdateInput>;

/** The settings form: the same rules, with the skills typed as one text separated by commas. */
export const ProfileFormInput = ProfileUpdateInput.extend({
  skills: z.string().transform(splitSkills).pipe(SkillsField).optional(),
});

export const USER_ROLES = ['member', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** A member as the API answers it (the specified fields field names). `email` only reaches its owner. */
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
  /**
   * docs/features/phones-and-places.md: E.164; the owner always gets it (null when none), others only when show_phone is
   * on; show_phone itself only reaches the owner.
   */
  phone: z.string().nullable().optional(),
  show_phone: z.boolean().optional(),
  /** The owner proved the number is theirs by a code: they may sign in with it. Owner only. */
  phone_verified: z.boolean().optional(),
  /** Owner only: the language they read the product in. */
  language: z.enum(LANGUAGES).optional(),
  /** docs/design.md#trust-and-safety: the member confirmed their email; verified_domain is its domain unless personal. */
  email_verified: z.boolean(),
  verified_domain: z.string().nullable(),
  /** An admin verified the member as an employer, and (agencies) their NEA licence: the badges. */
  employer_verified: z.boolean(),
  agency_licensed: z.boolean(),
  headline: z.string(),
  skills: z.array(z.string()),
  /** docs/design.md#reviews: the average of the reviews received, one decimal, null when none. */
  ...RatingFields,
});
export type UserDto = z.infer<typeof UserSchema>;

/** Login and refresh: the access token and the member (the refresh token travels as a cookie). */
export const AuthAnswerSchema = z.object({ token: z.string(), user: UserSchema });
export type AuthAnswer = z.infer<typeof AuthAnswerSchema>;

/** Signup: the new member; they log in next (the specified API calls POST /api/signup). */
export const SignupAnswerSchema = z.object({ user: UserSchema });
export type SignupAnswer = z.infer<typeof SignupAnswerSchema>;

/** A person in a list (suggestions, followers): the specified fields Suggested user. */
export const PersonSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  bio: z.string(),
  location: z.string(),
  profile_pic: z.string().nullable(),
  headline: z.string(),
  skills: z.array(z.string()),
  ...RatingFields,
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
